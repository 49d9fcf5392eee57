/**
 * A refused file is named before the reason, joined by a colon ('„x“ wurde nicht hinzugefügt: <reason>').
 * The reason is a sentence of its own: after the colon German and Turkish keep its capital, while
 * French, Polish, Czech, Slovak and Hungarian write it in lower case.
 */
import { screen, within } from '@testing-library/react';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import type { SiteCode } from '../../../src/domain/support/sites';
import { fileReason } from '../../../src/ui/screens/contact/contact-validation';
import { describedErrors, fileOf, findErrorSummary, pdf, renderContact, text } from './support';

/** The file control, found by its name: the field label with its optional mark, then the button's words. */
const fileControl = (site: SiteCode) =>
  screen.getByLabelText(`${text(site, 'contact.attachments.label')} ${text(site, 'contact.optional')} ${text(site, 'contact.attachments.choose')}`);

/** The error a visitor sees at the field: the visually hidden error label, then the text. */
const shownError = (site: SiteCode, message: string) => `${text(site, 'contact.errorLabel')} ${message}`;

describe('contact form: the reason after a refused file’s name, as each language writes it after a colon', () => {
  it.each([
    ['pl', 'Nie dodano pliku „bild.gif”: wybierz plik w formacie jpg, png lub pdf.'],
    ['ch_fr', '«\u00a0bild.gif\u00a0» n’a pas été ajouté\u00a0: veuillez choisir un fichier au format jpg, png ou pdf.'],
    ['cz', 'Soubor „bild.gif“ nebyl přidán: vyberte prosím soubor ve formátu jpg, png nebo pdf.'],
    ['hu', 'A(z) „bild.gif” fájlt nem adtuk hozzá: kérjük, jpg, png vagy pdf formátumú fájlt válasszon.'],
    ['de', '„bild.gif“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.'],
    ['tr', '“bild.gif” eklenmedi: Lütfen jpg, png veya pdf biçiminde bir dosya seçin.'],
  ] as const)('on %s, a file refused when it is picked: %s', async (site, message) => {
    const { user } = renderContact({ site });
    const input = fileControl(site);
    await user.upload(input, [fileOf('bild.gif', 'image/gif')]);
    expect(describedErrors(input)).toBe(shownError(site, message));
  });

  it.each([
    ['pl', 'attachments.wrongType', 'Plik „faktura.pdf”: wybierz plik w formacie jpg, png lub pdf.'],
    ['ch_fr', 'attachments.wrongType', '«\u00a0faktura.pdf\u00a0»\u00a0: veuillez choisir un fichier au format jpg, png ou pdf.'],
    // A name the server found another content under (a HEIC photo renamed .pdf): not 'choose a pdf'.
    [
      'pl',
      'attachments.content',
      'Plik „faktura.pdf”: zawartość pliku nie jest w formacie JPG, PNG ani PDF, choć wskazuje na to nazwa (np. zdjęcie w formacie HEIC). Zapisz plik jako JPG lub PDF i wybierz go ponownie.',
    ],
    [
      'de',
      'attachments.content',
      '„faktura.pdf“: Der Inhalt ist kein JPG, PNG oder PDF, auch wenn der Name so endet (etwa ein Foto im HEIC-Format). Bitte speichern Sie die Datei als JPG oder PDF und wählen Sie sie erneut.',
    ],
  ] as const)('on %s, a file the server refused (%s), at the field and in the error summary: %s', async (site, key, message) => {
    const submission = new MemoryContactSubmission<File>().answer({
      kind: 'invalid',
      errors: { attachments: key },
      refusedAttachments: [0],
    });
    const { user } = renderContact({ site, submission });
    await user.type(screen.getByLabelText(text(site, 'contact.question.label')), 'Faktura?');
    await user.selectOptions(screen.getByLabelText(text(site, 'contact.topic.label')), 'payment');
    await user.type(screen.getByLabelText(text(site, 'contact.firstName.label')), 'Anna');
    await user.type(screen.getByLabelText(text(site, 'contact.lastName.label')), 'Nowak');
    await user.type(screen.getByLabelText(text(site, 'contact.email.label')), 'anna@example.org');
    const input = fileControl(site);
    await user.upload(input, [pdf('faktura.pdf')]);
    await user.click(screen.getByRole('button', { name: text(site, 'contact.submit') }));

    const summary = await findErrorSummary();
    expect(within(summary).getByRole('link', { name: message })).toBeInTheDocument();
    expect(describedErrors(input)).toBe(shownError(site, message));
  });
});

describe('fileReason', () => {
  const t = (key: string, params?: Record<string, string | number>) =>
    key === 'contact.attachments.reasonCase' ? 'lower' : `${String(params?.name)}: ${String(params?.reason)}`;

  it('lower-cases the first letter of a sentence, but not a first word in capitals (an abbreviation)', () => {
    expect(fileReason(t, 'pl-PL', 'refused', 'x.pdf', 'Plik jest pusty.')).toBe('x.pdf: plik jest pusty.');
    expect(fileReason(t, 'pl-PL', 'refused', 'x.pdf', 'PDF jest uszkodzony.')).toBe('x.pdf: PDF jest uszkodzony.');
    expect(fileReason(t, 'hu-HU', 'fileError', 'x.pdf', 'A fájl üres.')).toBe('x.pdf: a fájl üres.');
  });
});
