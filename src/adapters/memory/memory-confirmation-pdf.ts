import type { ConfirmationDocument, ConfirmationPdf } from '../../ports/confirmation-pdf';

/** A ConfirmationPdf that records the documents it is asked to save and its preparations (tests); `fail()` makes the next save reject. */
export class MemoryConfirmationPdf implements ConfirmationPdf {
  readonly saved: ConfirmationDocument[] = [];
  /** How often the page asked for the writer to be loaded ahead. */
  prepared = 0;
  private failing: Error | undefined;

  /** The next save fails with `error` (default: the writer's own failure). */
  fail(error = new Error('The PDF could not be written')): this {
    this.failing = error;
    return this;
  }

  async save(document: ConfirmationDocument): Promise<void> {
    const failing = this.failing;
    if (failing) {
      this.failing = undefined;
      throw failing;
    }
    this.saved.push(document);
  }

  prepare(): void {
    this.prepared += 1;
  }
}
