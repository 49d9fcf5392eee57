import type { ConfirmationDocument, ConfirmationPdf } from '../../ports/confirmation-pdf';

/** A ConfirmationPdf that records the documents it is asked to save (tests); `fail()` makes the next save reject. */
export class MemoryConfirmationPdf implements ConfirmationPdf {
  readonly saved: ConfirmationDocument[] = [];
  private failing = false;

  fail(): this {
    this.failing = true;
    return this;
  }

  async save(document: ConfirmationDocument): Promise<void> {
    if (this.failing) {
      this.failing = false;
      throw new Error('The PDF could not be written');
    }
    this.saved.push(document);
  }
}
