/**
 * A confirmation as an A4 PDF with jsPDF, saved as a download. Its font is Noto Sans, embedded:
 * jsPDF's built-in fonts write Windows-1252 only, and a name such as "Łukasz Wójcik-Şahin" must print
 * as typed. The font files (a cut of Latin, Greek and Cyrillic, `scripts/subset-pdf-fonts.mjs`) are
 * fetched once per page, when the success page asks for them ahead (`prepare`) or at the press; jsPDF
 * embeds only the letters a document uses.
 */
import { jsPDF } from 'jspdf';
import { ConfirmationPdfWriterMissing, type ConfirmationDocument, type ConfirmationPdf } from '../../ports/confirmation-pdf';
import { blankRunsAsOne } from '../../domain/text/visible';

/** The font files' contents as binary strings, as jsPDF's file system takes them. */
export interface PdfFonts {
  readonly regular: string;
  readonly bold: string;
}

const FONT = 'NotoSans';

const MARK = /\p{M}/u;
/**
 * Format signs: the page draws none of those a paste brings, but the font has boxes for some (the
 * direction marks of right-to-left text) and others printed as '?' (a byte order mark) or '-' (a soft
 * hyphen). The few visible ones (Arabic number signs) are left out too: the font has no Arabic.
 */
const FORMAT = /\p{Cf}/u;
const MARKS = /\p{M}/gu;

/**
 * The text as a font with the letters `has` can write it: those letters as they are; others without
 * their accents where it has the base letter (`ǹ` -> `n`), or in their plain form (`ﬃ` -> `ffi`, a
 * full-width `Ｍ` -> `M`); a mark it lacks (an emoji's variation selector) left out; anything else '?'.
 * Tabs as spaces, line and paragraph separators as line breaks, no control or format signs.
 */
export function toFontText(text: string, has: (code: number) => boolean): string {
  const writable = (letters: string): boolean => letters !== '' && [...letters].every((letter) => has(letter.codePointAt(0) ?? 0));
  const letterOf = (char: string): string => {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n') return char;
    if (char === '\t' || char === '\r') return ' ';
    if (char === '\u2028' || char === '\u2029') return '\n';
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || FORMAT.test(char)) return '';
    if (has(code)) return char;
    if (MARK.test(char)) return '';
    const base = char.normalize('NFD').replace(MARKS, '');
    const plain = char.normalize('NFKD').replace(MARKS, '');
    return writable(base) && base !== char ? base : writable(plain) ? plain : '?';
  };
  let out = '';
  for (const grapheme of graphemes(text.normalize('NFC'))) {
    const written = [...grapheme].map(letterOf).join('');
    // One sign the reader sees is one '?' (a flag, an emoji with a skin tone, a family joined by ZWJ).
    out += grapheme.length > 1 && written.includes('?') ? '?' : written;
  }
  return out;
}

/** The text's user-perceived letters (grapheme clusters), or its code points where the browser cannot tell. */
const graphemes = (text: string): Iterable<string> =>
  typeof Intl.Segmenter === 'function' ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment) : text;

/**
 * A date as the PDF's creation date, in UTC: jsPDF writes the device's clock and zone otherwise (the
 * reader's properties then named another day than the text, and told the device's zone). jsPDF takes
 * years up to 2037 only: a later one keeps its own.
 */
const pdfDate = (date: Date): string | undefined => {
  const digits = date.toISOString().replace(/\D/g, '').slice(0, 14);
  return /^(19[7-9]\d|20[0-2]\d|203[0-7])/.test(digits) ? `D:${digits}+00'00'` : undefined;
};

/** The document information's title is written in PDFDocEncoding: Latin-1 is safe there. */
const inLatin1 = (code: number): boolean => code <= 0xff;

const MARGIN = 20;
const WIDTH = 170;
const PAGE_BOTTOM = 280;
/** Below the text's last line, within the printable area of an office printer (A4: 297 mm). */
const FOOTER_LINE = 289;

/**
 * The letters the font now set has (each style its own: jsPDF cuts a line short at the first letter
 * its font lacks). jsPDF reads text by UTF-16 units, so a letter beyond them (an emoji) has no glyph.
 */
const currentFontHas = (pdf: jsPDF) => {
  const metadata = pdf.getFont().metadata as { characterToGlyph(code: number): number };
  return (code: number): boolean => code <= 0xffff && metadata.characterToGlyph(code) !== 0;
};

/**
 * The text with each word wider than `width` (a long double name, an e-mail address) split into lines
 * after a hyphen or before a dot or '@', as the page breaks it; jsPDF breaks such a word at the last
 * letter that fits ('…Schönberger-Na' / 'gy-Kovács'). A part still too wide is left to jsPDF.
 */
const longWordsBroken = (pdf: jsPDF, text: string, width: number): string =>
  text.replace(/[^\s]{12,}/g, (word) => {
    if (pdf.getTextWidth(word) <= width) return word;
    const lines = [''];
    for (const part of word.split(/(?<=-)|(?=[.@])/)) {
      const last = lines[lines.length - 1] as string;
      if (last !== '' && pdf.getTextWidth(last + part) > width) lines.push(part);
      else lines[lines.length - 1] = last + part;
    }
    return lines.join('\n');
  });

/** The PDF of the document, in the fonts given. */
export function confirmationPdf(document: ConfirmationDocument, fonts: PdfFonts): jsPDF {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  pdf.addFileToVFS('noto-sans-regular.ttf', fonts.regular);
  pdf.addFont('noto-sans-regular.ttf', FONT, 'normal');
  pdf.addFileToVFS('noto-sans-bold.ttf', fonts.bold);
  pdf.addFont('noto-sans-bold.ttf', FONT, 'bold');
  let y = MARGIN;
  const write = (text: string, size: number, style: 'normal' | 'bold', gap: number, indent = 0) => {
    pdf.setFont(FONT, style);
    pdf.setFontSize(size);
    // A run of blank lines prints as one: a paste of thousands of them had made a ream of empty pages.
    const written = toFontText(blankRunsAsOne(text), currentFontHas(pdf));
    const lines = pdf.splitTextToSize(longWordsBroken(pdf, written, WIDTH - indent), WIDTH - indent) as string[];
    const height = size * 0.3528 * 1.25;
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
  pdf.setProperties({ title: toFontText(document.title, inLatin1) });
  if (document.date) pdf.setCreationDate(pdfDate(document.date));
  // A reader's window shows that title rather than the file name.
  pdf.viewerPreferences({ DisplayDocTitle: true });
  // A screen reader reads it in its language (jsPDF writes no tagged structure beside it).
  pdf.setLanguage(document.language as Parameters<typeof pdf.setLanguage>[0]);
  // The letterhead: a shopper keeping the file as proof of the cancellation has the shop named in it.
  for (const line of document.sender ?? []) write(line, 9, 'normal', 0);
  if (document.sender?.length) y += 6;
  write(document.title, 16, 'bold', 4);
  for (const paragraph of document.paragraphs) write(paragraph, 11, 'normal', 3);
  write(document.detailsTitle, 13, 'bold', 1);
  for (const { label, value } of document.details) {
    write(label, 10, 'bold', 0);
    write(value, 11, 'normal', 2, 4);
  }
  if (document.pageFooter) {
    const pages = pdf.getNumberOfPages();
    pdf.setFont(FONT, 'normal');
    pdf.setFontSize(8);
    const footer = toFontText(document.pageFooter, currentFontHas(pdf));
    for (let page = 1; page <= pages; page += 1) {
      pdf.setPage(page);
      pdf.text(footer.replace('{page}', String(page)).replace('{pages}', String(pages)), MARGIN, FOOTER_LINE);
    }
  }
  return pdf;
}

const FONT_FILES = {
  regular: new URL('./fonts/noto-sans-regular.ttf', import.meta.url).href,
  bold: new URL('./fonts/noto-sans-bold.ttf', import.meta.url).href,
};

const binaryString = (bytes: Uint8Array): string => {
  let text = '';
  for (let from = 0; from < bytes.length; from += 0x8000) text += String.fromCharCode(...bytes.subarray(from, from + 0x8000));
  return text;
};

/** A TrueType file starts with the version 1.0 (a captive portal's page in its place does not). */
const TRUETYPE = '\x00\x01\x00\x00';
/** On a slow 2G line both files take about 20 s; a load hanging longer fails, and the next press tries again. */
const FONT_TIMEOUT_MS = 120_000;

const fetchFont = async (url: string): Promise<string> => {
  const answer = await fetch(url, { signal: AbortSignal.timeout?.(FONT_TIMEOUT_MS) });
  // Gone after a deploy: this page's build is not served any more, only a reload helps.
  if (answer.status === 404 || answer.status === 410) throw new ConfirmationPdfWriterMissing({ cause: new Error(`${answer.status} ${url}`) });
  if (!answer.ok) throw new Error(`The PDF font could not be loaded from ${url}: ${answer.status}`);
  const font = binaryString(new Uint8Array(await answer.arrayBuffer()));
  if (!font.startsWith(TRUETYPE)) throw new Error(`${url} is no TrueType font`);
  return font;
};

/** Loaded once per page; a failed load (the line is down) is tried again at the next press. */
let loading: Promise<PdfFonts> | undefined;
const pdfFonts = (): Promise<PdfFonts> => {
  loading ??= Promise.all([fetchFont(FONT_FILES.regular), fetchFont(FONT_FILES.bold)]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
};

export const jspdfConfirmation: ConfirmationPdf = {
  async save(document) {
    confirmationPdf(document, await pdfFonts()).save(document.fileName);
  },
  prepare: () => void pdfFonts().catch(() => undefined),
};
