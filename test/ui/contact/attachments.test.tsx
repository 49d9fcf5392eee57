import { screen, waitFor, within } from '@testing-library/react';
import { ATTACHMENT_NAME_CLASS } from '../../../src/adapters/server/boot-guard';
import { DE, describedErrors, fileOf, fillValidGerman, pdf, png, renderContact, text } from './support';

const MB = 1024 * 1024;
/** The names of the listed files, found as the page's boot guard finds them (by their class) when it keeps them for a reload. */
const chosenFiles = () => {
  const list = screen.queryByRole('list', { name: 'Ausgewählte Dateien' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.querySelector(`.${ATTACHMENT_NAME_CLASS}`)?.textContent) : [];
};

describe('contact form: attachments', () => {
  it('names the file control with its label and the words on its button, so saying the button\'s text reaches it (WCAG 2.5.3)', () => {
    renderContact();
    const input = screen.getByLabelText(DE.attachments);
    expect(input).toHaveAttribute('type', 'file');
    // jsdom's name computation drops the space before '(optional)' (Chromium keeps it: see the e2e accessibility test).
    expect(input).toHaveAccessibleName(/^Anhänge ?\(optional\) Dateien auswählen$/);
    // The button's own text stays out of the accessibility tree: browse mode reads it once, as the control's name.
    expect(screen.getByText('Dateien auswählen')).toHaveAttribute('aria-hidden', 'true');
  });

  it('gives the file control an empty title: the browser\'s own "no file chosen" tooltip would contradict the list when hovering the button', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('rechnung.pdf')]);
    // The control is emptied after each pick and lies over the button; Chromium and WebKit show their
    // default tooltip only for a control without a title.
    expect(input).toHaveAttribute('title', '');
  });

  it('names the file control with the words on its button in the site’s language (ch_fr)', () => {
    renderContact({ site: 'ch_fr' });
    expect(document.querySelector('input[type=file]')).toHaveAccessibleName(/^Pièces jointes ?\(facultatif\) Choisir des fichiers$/);
  });

  it('lists the chosen files, and a later pick adds to them', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('rechnung.pdf')]);
    await user.upload(input, [png('foto.png'), fileOf('scan.jfif', '')]);
    expect(chosenFiles()).toEqual(['rechnung.pdf', 'foto.png', 'scan.jfif']);
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a fourth file and says why, keeping the three', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    await user.upload(input, [png('d.png')]);
    expect(chosenFiles()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(describedErrors(input)).toContain('„d.png“ wurde nicht hinzugefügt: Sie können höchstens 3 Dateien anhängen.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a file of a wrong type for its type, also when it comes after the third file: removing one would not let it in', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [png('a.png'), png('b.png'), png('c.png'), png('d.png'), fileOf('x.gif', 'image/gif')]);
    expect(chosenFiles()).toEqual(['a.png', 'b.png', 'c.png']);
    expect(describedErrors(input)).toContain('„d.png“ wurde nicht hinzugefügt: Sie können höchstens 3 Dateien anhängen.');
    expect(describedErrors(input)).toContain('„x.gif“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
  });

  it('does not add a file chosen again (same name, size and date), and says it is attached already; another file of that name goes', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    const photo = new File([new Uint8Array(69)], 'bild.png', { type: 'image/png', lastModified: 1_700_000_000_000 });
    await user.upload(input, [pdf('rechnung.pdf'), photo]);
    await user.upload(input, [new File([new Uint8Array(69)], 'bild.png', { type: 'image/png', lastModified: 1_700_000_000_000 })]);
    expect(chosenFiles()).toEqual(['rechnung.pdf', 'bild.png']);
    expect(describedErrors(input)).toContain('„bild.png“ wurde nicht hinzugefügt: Diese Datei ist bereits angehängt.');
    // A file of the same name from another folder (another size or date) is another file.
    await user.upload(input, [new File([new Uint8Array(70)], 'bild.png', { type: 'image/png', lastModified: 1_700_000_000_000 })]);
    expect(chosenFiles()).toEqual(['rechnung.pdf', 'bild.png', 'bild.png']);
  });

  it('refuses a file over 5 MB with the too-large message', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('klein.pdf'), pdf('gross.pdf', 6 * MB)]);
    expect(chosenFiles()).toEqual(['klein.pdf']);
    expect(describedErrors(input)).toContain('„gross.pdf“ wurde nicht hinzugefügt: Eine Datei darf höchstens 5\u00a0MB groß sein.');
  });

  it('accepts a file of exactly 5 MB', async () => {
    const { user } = renderContact();
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('genau.pdf', 5 * MB)]);
    expect(chosenFiles()).toEqual(['genau.pdf']);
  });

  it('refuses a program with the wrong-type message naming jpg, png or pdf', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [fileOf('setup.exe', 'application/x-msdownload')]);
    expect(chosenFiles()).toEqual([]);
    expect(describedErrors(input)).toContain('„setup.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
  });

  it('shows file names without direction controls, which would disguise them and turn the message around', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [fileOf('Rechnung\u202Efdp.exe', 'application/x-msdownload'), png('Foto\u202Egpj.png')]);
    expect(chosenFiles()).toEqual(['Fotogpj.png']);
    expect(describedErrors(input)).toContain('„Rechnungfdp.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
    expect(screen.getByRole('button', { name: 'Fotogpj.png entfernen' })).toBeInTheDocument();
  });

  it('isolates a right-to-left file name, so its digits and extension stay where the shopper wrote them', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [png('صورة الفاتورة 2.png'), fileOf('صورة 1.heic', 'image/heic')]);
    expect(chosenFiles()).toEqual(['\u2068صورة الفاتورة 2.png\u2069']);
    expect(describedErrors(input)).toContain('„\u2068صورة 1.heic\u2069“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
  });

  it('refuses an empty file at once, saying it is empty', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('leer.pdf', 0), png('foto.png')]);
    expect(chosenFiles()).toEqual(['foto.png']);
    expect(describedErrors(input)).toContain('„leer.pdf“ wurde nicht hinzugefügt: Die Datei ist leer.');
  });

  it('removing a file clears the note on the files refused before: what the field says is about what it holds now', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('beleg.pdf'), fileOf('setup.exe', 'application/x-msdownload')]);
    expect(describedErrors(input)).toContain('„setup.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
    await user.click(screen.getByRole('button', { name: 'beleg.pdf entfernen' }));
    expect(describedErrors(input)).not.toContain('„setup.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
  });

  it('shows each file’s real size: bytes under 1 kB, kB, MB', async () => {
    const { user } = renderContact();
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('klein.pdf', 30), pdf('mittel.pdf', 1536), pdf('gross.pdf', 2.5 * MB)]);
    const sizes = [...document.querySelectorAll('.attachment-size')].map((node) => node.textContent);
    expect(sizes).toEqual(['(30 Byte)', '(1,5 kB)', '(2,5 MB)']);
  });

  it('names a size in the next unit once it rounds up to 1024 of the smaller one: 1 MB, not 1.024 kB', async () => {
    const { user } = renderContact();
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('knapp.pdf', MB - 1), pdf('darunter.pdf', MB - 60)]);
    const sizes = [...document.querySelectorAll('.attachment-size')].map((node) => node.textContent);
    expect(sizes).toEqual(['(1 MB)', '(1.023,9 kB)']);
  });

  it('writes sizes in the request locale when it is of the page language (de-CH), else in the page language', async () => {
    const sizesWith = async (locale: string | undefined, site: 'de' | 'ch' | 'tr') => {
      const { user, unmount } = renderContact({ locale, site });
      await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, [pdf('mittel.pdf', 1536)]);
      const sizes = [...document.querySelectorAll('.attachment-size')].map((node) => node.textContent);
      unmount();
      return sizes;
    };
    expect(await sizesWith('de-CH', 'de')).toEqual(['(1.5 kB)']);
    expect(await sizesWith('de-DE', 'de')).toEqual(['(1,5 kB)']);
    // A page told no locale (no x-locale) writes them as its site's language does.
    expect(await sizesWith(undefined, 'ch')).toEqual(['(1.5 kB)']);
    expect(await sizesWith('en-US', 'tr')).toEqual([new Intl.NumberFormat('tr', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 }).format(1.5)].map((size) => `(${size})`));
  });

  it('announces added and refused files through a status region', async () => {
    const { user } = renderContact();
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('a.pdf'), fileOf('b.exe', 'application/octet-stream')]);
    const statuses = screen.getAllByRole('status').map((node) => node.textContent);
    expect(statuses).toContain('Hinzugefügt: a.pdf. „b.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
  });

  it('announces a second file of the same name, and the same refusal again, as news', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [png('image.png')]);
    const region = screen.getAllByRole('status').find((node) => node.textContent === 'Hinzugefügt: image.png.')!;
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(region, { childList: true, subtree: true, characterData: true });
    await user.upload(input, [png('image.png')]);
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    expect(region).toHaveTextContent('Hinzugefügt: image.png.');
    expect(chosenFiles()).toEqual(['image.png', 'image.png']);

    const refused = fileOf('x.exe', 'application/octet-stream');
    await user.upload(input, [refused]);
    changes.length = 0;
    await user.upload(input, [refused]);
    await waitFor(() => expect(changes.length).toBeGreaterThan(0));
    expect(region).toHaveTextContent('„x.exe“ wurde nicht hinzugefügt: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
    observer.disconnect();
  });

  it('removes a file with the remove button named after it, and focus returns to the file control', async () => {
    const { user } = renderContact();
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('a.pdf'), png('b.png')]);
    await user.click(screen.getByRole('button', { name: 'a.pdf entfernen' }));
    expect(chosenFiles()).toEqual(['b.png']);
    expect(input).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'a.pdf entfernen' })).not.toBeInTheDocument();
    await user.upload(input, [pdf('a.pdf')]);
    expect(chosenFiles()).toEqual(['b.png', 'a.pdf']);
  });

  it('names the remove buttons in the site language (tr)', async () => {
    const { user } = renderContact({ site: 'tr' });
    await user.upload(
      screen.getByLabelText(`${text('tr', 'contact.attachments.label')} ${text('tr', 'contact.optional')} ${text('tr', 'contact.attachments.choose')}`),
      [pdf('fatura.pdf')],
    );
    expect(screen.getByRole('button', { name: 'fatura.pdf dosyasını kaldır' })).toHaveTextContent('Kaldır');
  });

  it('sends the chosen files with the message', async () => {
    const { user, submission } = renderContact();
    await fillValidGerman(user);
    const invoice = pdf('rechnung.pdf');
    await user.upload(screen.getByLabelText(DE.attachments), [invoice]);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    expect(submission.messages[0]!.attachments).toEqual([invoice]);
  });
});
