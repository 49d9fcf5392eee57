/**
 * A confirmation as an A4 PDF with jsPDF's built-in Helvetica, saved as a download. That font writes
 * Windows-1252 only: other letters are written without their accents where they have a base letter
 * (`ő` -> `o`), else as '?', rather than as unreadable glyphs.
 */
import { jsPDF } from 'jspdf';
import type { ConfirmationDocument, ConfirmationPdf } from '../../ports/confirmation-pdf';

const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the built-in font can write it. */
export function toFontText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char)) out += char;
    else if (char === '\n') out += char;
    else if (char === '\t' || char === '\r') out += ' ';
    else {
      const base = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += base !== char && [...base].every((c) => (c.codePointAt(0) ?? 0) <= 0xff) ? base : code < 0x20 ? '' : '?';
    }
  }
  return out;
}

const MARGIN = 20;
const WIDTH = 170;
const PAGE_BOTTOM = 280;

/** The PDF's bytes for the document. */
export function confirmationPdf(document: ConfirmationDocument): jsPDF {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  let y = MARGIN;
  const write = (text: string, size: number, style: 'normal' | 'bold', gap: number, indent = 0) => {
    pdf.setFont('helvetica', style);
    pdf.setFontSize(size);
    const lines = pdf.splitTextToSize(toFontText(text), WIDTH - indent) as string[];
    const height = (size * 0.3528 * 1.25);
    for (const line of lines) {
      if (y + height > PAGE_BOTTOM) {
        pdf.addPage();
        y = MARGIN;
      }
      pdf.text(line, MARGIN + indent, y);
      y += height;
    }
    y += gap;
  };
  pdf.setProperties({ title: toFontText(document.title) });
  // A screen reader reads it in its language (the built-in fonts allow no tagged structure beside it).
  pdf.setLanguage(document.language as Parameters<typeof pdf.setLanguage>[0]);
  write(document.title, 16, 'bold', 4);
  for (const paragraph of document.paragraphs) write(paragraph, 11, 'normal', 3);
  write(document.detailsTitle, 13, 'bold', 1);
  for (const { label, value } of document.details) {
    write(label, 10, 'bold', 0);
    write(value, 11, 'normal', 2, 4);
  }
  return pdf;
}

export const jspdfConfirmation: ConfirmationPdf = {
  async save(document) {
    confirmationPdf(document).save(document.fileName);
  },
};
