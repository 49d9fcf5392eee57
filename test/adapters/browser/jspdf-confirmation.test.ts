import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { confirmationPdf, toFontText, type PdfFonts } from '../../../src/adapters/browser/jspdf-confirmation';
import { pdfTextLines } from '../../e2e/support/pdf-text';

const fontFile = (name: string) => readFileSync(resolve('src/adapters/browser/fonts', name)).toString('latin1');
const FONTS: PdfFonts = { regular: fontFile('noto-sans-regular.ttf'), bold: fontFile('noto-sans-bold.ttf') };

const document = (details: { label: string; value: string }[]) => ({
  fileName: 'x.pdf',
  language: 'de-CH',
  title: 'Bestätigung Ihrer Kündigung',
  paragraphs: ['Ordentliche Kündigung Ihres Kaffee-Abos'],
  detailsTitle: 'Ihre Angaben',
  details,
});

describe('the PDF confirmation', () => {
  it("prints names as typed, in Latin, Greek and Cyrillic letters with every accent; a sign the font lacks as its base letter or '?'", () => {
    const names = ['Łukasz François', 'Wójcik-Şahin Dvořák Ő Müller', 'Ærøskøbing Đặng Ğül Ţepeş', 'Παπαδόπουλος', 'Шевченко', '„Zitat“ – 12 € ½ №'];
    const text = pdfTextLines(confirmationPdf(document(names.map((value, index) => ({ label: `Name ${index}`, value }))), FONTS).output());
    for (const name of names) expect(text).toContain(name);
    expect(pdfTextLines(confirmationPdf(document([{ label: 'Grund', value: 'Umzug 😀 nach 東京' }]), FONTS).output())).toContain('Umzug ? nach ??');
  });

  it("prints Latin letters beyond the alphabets of the shop's sites, and marks typed on their own", () => {
    const names = ['Məmmədov Əli', 'Kɔfi Mɛnsah', 'Adébáyọ̀'];
    const text = pdfTextLines(confirmationPdf(document(names.map((value, index) => ({ label: `Name ${index}`, value }))), FONTS).output());
    for (const name of names) expect(text).toContain(name.normalize('NFC'));
  });

  it("writes a sign the font lacks in its plain form where there is one, leaves out a mark it lacks, else '?'", () => {
    const pdf = confirmationPdf(document([{ label: 'Name', value: 'Griﬃn Ｍüller ❤️ 東 👍🏽 👨‍👩‍👧 🇩🇪' }]), FONTS);
    // One '?' for each sign a reader sees, also one made of several (a skin tone, a ZWJ family, a flag).
    expect(pdfTextLines(pdf.output())).toContain('Griffin Müller ? ? ? ? ?');
  });

  it('writes tabs as spaces and leaves out control signs', () => {
    const has = (code: number) => code < 0x250;
    expect(toFontText('a\tb\r\nc\u0007\u0085', has)).toBe('a b \nc');
    expect(toFontText('Dvořák ǹ 東', (code) => code <= 0xff)).toBe('Dvorák n ?');
    // A name pasted in decomposed letters (macOS, a PDF) prints as the letters it shows.
    expect(toFontText('Mu\u0308ller', (code) => code <= 0xff)).toBe('Müller');
  });

  it('leaves out format signs a paste brings (direction marks, a byte order mark, a soft hyphen): the page shows none', () => {
    const has = (code: number) => code < 0x3000;
    expect(toFontText('A\u200bB\u200eC\u200fD\u202aE\u202eF\u202cG\u2066H\u2069I\ufeffJ\u00adK\u2060L\u061cM', has)).toBe('ABCDEFGHIJKLM');
    expect(toFontText('eins\u2028zwei\u2029drei', has)).toBe('eins\nzwei\ndrei');
    const pdf = confirmationPdf(document([{ label: 'Grund', value: '\u200fUmzug\u200e nach\u00ad Wien\ufeff' }]), FONTS);
    expect(pdfTextLines(pdf.output())).toContain('Umzug nach Wien');
  });

  it('names who confirms above the title, line by line', () => {
    const pdf = confirmationPdf({ ...document([]), sender: ['Coffee & Home', 'Postfach 10 02 00', '20002 Hamburg', 'kundenservice@example.de'] }, FONTS);
    const text = pdfTextLines(pdf.output());
    const lines = ['Coffee & Home', 'Postfach 10 02 00', '20002 Hamburg', 'kundenservice@example.de', 'Bestätigung Ihrer Kündigung'].map((line) => text.indexOf(line));
    expect(lines.every((at) => at >= 0)).toBe(true);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  });

  it('is dated when the shop stored the cancellation, in UTC, not by the device clock and zone', () => {
    const pdf = confirmationPdf({ ...document([]), date: new Date('2026-11-30T16:20:11.375Z') }, FONTS);
    expect(pdf.output()).toContain("/CreationDate (D:20261130162011+00'00')");
  });

  it('holds the title, the paragraphs and every detail as text, over more pages when long', () => {
    const pdf = confirmationPdf(
      document([
        { label: 'Kundennummer', value: '0012 3456' },
        { label: 'Grund der Kündigung', value: 'Zeile eins\nZeile zwei '.repeat(120) },
      ]),
      FONTS,
    );
    const text = pdfTextLines(pdf.output());
    for (const part of ['Bestätigung Ihrer Kündigung', 'Ordentliche Kündigung Ihres Kaffee-Abos', 'Kundennummer', '0012 3456', 'Zeile eins']) {
      expect(text).toContain(part);
    }
    expect(pdf.getNumberOfPages()).toBeGreaterThan(1);
    expect(pdf.output()).toContain('/Lang (de-CH)');
  });

  it('breaks a name or an e-mail address wider than a line after a hyphen or before a dot or @, as the page does, not inside a word', () => {
    const email = 'marie-francoise.delatourdauvergne.lausanne.abonnement@service-clients.example-long-domain.ch';
    const name = 'Delatour-Lévesque-Schönberger-Nagy-Kovács-Wittelsbach-Hohenzollern-Sigmaringen-Habsburg-Lothringen';
    const text = pdfTextLines(confirmationPdf(document([{ label: 'E-Mail', value: email }, { label: 'Nachname', value: name }]), FONTS).output());
    for (const value of [email, name]) {
      const from = text.findIndex((line) => line.startsWith(value.slice(0, 8)));
      const parts: string[] = [];
      while (parts.join('') !== value && parts.join('').length < value.length) parts.push(text[from + parts.length]!);
      expect(parts.join(''), value).toBe(value);
      expect(parts.length, value).toBeGreaterThan(1);
      for (let k = 0; k < parts.length - 1; k += 1) expect(`${parts[k]}|${parts[k + 1]}`, value).toMatch(/-\|.|.\|[.@]/);
    }
  });

  it('prints a run of blank lines in a reason as one: a paste of thousands of empty lines is one page, not a ream of blank ones', () => {
    const pdf = confirmationPdf(document([{ label: 'Grund der Kündigung', value: `Anfang\n\n${'\n \t'.repeat(4980)}\nEnde` }]), FONTS);
    expect(pdf.getNumberOfPages()).toBe(1);
    // Blank paragraphs a word processor or a web page copies: no-break spaces, an em space, the braille blank, a Hangul filler.
    const pasted = confirmationPdf(document([{ label: 'Grund der Kündigung', value: `Anfang${'\n\u00a0\n\u2003\n\u2800\n\u3164\n\u200b'.repeat(600)}\nEnde` }]), FONTS);
    expect(pasted.getNumberOfPages()).toBe(1);
    const text = pdfTextLines(pdf.output());
    expect(text).toContain('Anfang');
    expect(text).toContain('Ende');
  });

  it('prints its footer on every page, with the page number and the count: a page printed alone names its cancellation', () => {
    const pdf = confirmationPdf(
      {
        ...document([{ label: 'Grund der Kündigung', value: 'Zeile eins\nZeile zwei '.repeat(200) }]),
        pageFooter: 'Vorgangsnummer c-9 · Seite {page} von {pages}',
      },
      FONTS,
    );
    const pages = pdf.getNumberOfPages();
    expect(pages).toBeGreaterThan(2);
    const footers = pdfTextLines(pdf.output()).filter((line) => line.startsWith('Vorgangsnummer c-9'));
    expect(footers).toEqual(Array.from({ length: pages }, (_, index) => `Vorgangsnummer c-9 · Seite ${index + 1} von ${pages}`));
  });

  it('is an A4 page whose document title, shown by a PDF reader, is the confirmation title', () => {
    const pdf = confirmationPdf({ ...document([{ label: 'Numéro de client', value: '1' }]), language: 'fr-CH', title: 'Confirmation de votre résiliation' }, FONTS);
    // A4: 210 × 297 mm.
    expect(pdf.internal.pageSize.getWidth()).toBeCloseTo(210, 0);
    expect(pdf.internal.pageSize.getHeight()).toBeCloseTo(297, 0);
    expect(pdf.output()).toMatch(/\/Title \(Confirmation de votre r\S*siliation\)/);
    expect(pdf.output()).toMatch(/\/ViewerPreferences\s*<<[^>]*\/DisplayDocTitle true/);
  });
});
