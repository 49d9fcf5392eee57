import { confirmationPdf, toFontText } from '../../../src/adapters/browser/jspdf-confirmation';

describe('the PDF confirmation', () => {
  it("writes the built-in font's letters as they are, others without their accents, the rest as '?'", () => {
    expect(toFontText('Groß-Müller, Zoë – „ça“ €')).toBe('Groß-Müller, Zoë – „ça“ €');
    expect(toFontText('Wójcik-Şahin Dvořák')).toBe('Wójcik-Sahin Dvorák');
    expect(toFontText('Łukasz 東京')).toBe('?ukasz ??');
    expect(toFontText('a\tb\r\nc\u0007')).toBe('a b \nc');
  });

  it('holds the title, the paragraphs and every detail as text, over more pages when long', () => {
    const pdf = confirmationPdf({
      fileName: 'x.pdf',
      language: 'de-CH',
      title: 'Bestätigung Ihrer Kündigung',
      paragraphs: ['Ordentliche Kündigung Ihres Kaffee-Abos'],
      detailsTitle: 'Ihre Angaben',
      details: [
        { label: 'Kundennummer', value: '0012 3456' },
        { label: 'Grund der Kündigung', value: 'Zeile eins\nZeile zwei '.repeat(120) },
      ],
    });
    const text = pdf.output();
    for (const part of ['(Bestätigung Ihrer Kündigung)', '(Ordentliche Kündigung Ihres Kaffee-Abos)', '(Kundennummer)', '(0012 3456)', '(Zeile eins)']) {
      expect(text).toContain(part);
    }
    expect(pdf.getNumberOfPages()).toBeGreaterThan(1);
    expect(text).toContain('/Lang (de-CH)');
  });

  it('is an A4 page whose document title, shown by a PDF reader, is the confirmation title', () => {
    const pdf = confirmationPdf({
      fileName: 'x.pdf',
      language: 'fr-CH',
      title: 'Confirmation de votre résiliation',
      paragraphs: ['Résiliation ordinaire de votre abonnement café'],
      detailsTitle: 'Vos informations',
      details: [{ label: 'Numéro de client', value: '1' }],
    });
    // A4: 210 × 297 mm.
    expect(pdf.internal.pageSize.getWidth()).toBeCloseTo(210, 0);
    expect(pdf.internal.pageSize.getHeight()).toBeCloseTo(297, 0);
    expect(pdf.output()).toMatch(/\/Title \(Confirmation de votre r\S*siliation\)/);
  });
});
