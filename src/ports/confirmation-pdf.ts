/** A confirmation as a document: its file name, title, paragraphs and a list of labelled details. */
export interface ConfirmationDocument {
  readonly fileName: string;
  /** The language of its texts (BCP 47, `de-CH`), the PDF's document language. */
  readonly language: string;
  readonly title: string;
  /** Who confirms, as a letterhead above the title: the shop, its postal address, its e-mail address. */
  readonly sender?: readonly string[];
  readonly paragraphs: readonly string[];
  readonly detailsTitle: string;
  readonly details: readonly { readonly label: string; readonly value: string }[];
  /**
   * Printed at the foot of every page, so a page printed alone names what it belongs to: `{page}` and
   * `{pages}` stand for the page's number and the count.
   */
  readonly pageFooter?: string;
  /** When the shop stored what it confirms: the PDF's creation date. */
  readonly date?: Date;
}

/**
 * Writes a confirmation as a PDF and hands it to the browser as a download under its file name.
 * Browser: jsPDF, loaded only when asked for; tests: a memory twin that records the documents.
 */
export interface ConfirmationPdf {
  /** Rejects with {@link ConfirmationPdfWriterMissing} when the writer cannot be loaded, else with the writer's error. */
  save(document: ConfirmationDocument): Promise<void>;
  /** Starts loading what a save needs (the writer, its fonts) so that the press is quick; a failure is the save's to report. */
  prepare?(): void;
}

/**
 * The PDF writer could not be loaded (a deploy replaced its file, or the line is down): trying again
 * fails alike until the page is loaded anew.
 */
export class ConfirmationPdfWriterMissing extends Error {
  constructor(options?: ErrorOptions) {
    super('The PDF writer could not be loaded.', options);
  }
}
