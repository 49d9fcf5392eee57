import { screen, waitFor, within } from '@testing-library/react';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { DE, RecordingTrackingClient, describedErrors, fileOf, fillValidGerman, fillValidTurkish, findErrorSummary, pdf, png, renderContact, text } from './support';

const SUCCESS = 'Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.';
const FAILURE_START = 'Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht.';

describe('contact form: sending', () => {
  it('sends the cleaned message of the site and shows the success text', async () => {
    const { user, submission } = renderContact();
    await fillValidGerman(user);
    await user.type(screen.getByLabelText(DE.articleNumber), '  123456789 ');
    await user.click(screen.getByRole('button', { name: DE.submit }));

    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    await waitFor(() => expect(document.title).toBe('Nachricht gesendet | Coffee & Home Kundenservice'));
    expect(submission.messages).toEqual([
      {
        site: 'de',
        question: 'Lieferzeit?',
        topic: 'delivery',
        articleNumber: '123456789',
        firstName: 'Erika',
        lastName: 'Muster',
        email: 'e@x.de',
        attachments: [],
      },
    ]);
  });

  it('sends the ticked legal notice on tr', async () => {
    const { user, submission } = renderContact({ site: 'tr' });
    await fillValidTurkish(user);
    await user.click(screen.getByRole('button', { name: text('tr', 'contact.submit') }));
    expect(await screen.findByText('Sorunuz müşteri hizmetlerimize iletildi. Teşekkür ederiz.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mesaj gönderildi | Coffee & Home Müşteri Hizmetleri'));
    expect(submission.messages[0]).toMatchObject({ site: 'tr', legalConsent: true, firstName: 'Ayşe' });
  });

  it('links the notice the Turkish legal checkbox asks to confirm, and describes the checkbox with it', async () => {
    renderContact({ site: 'tr' });
    const link = await screen.findByRole('link', { name: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni' });
    expect(link).toHaveAttribute('href', '/kvkk-aydinlatma-metni');
    expect(screen.getByRole('checkbox', { name: /Aydınlatma Metni’ni okudum ve onaylıyorum/ })).toHaveAccessibleDescription(
      'Lütfen onaylamadan önce Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni okuyun.',
    );
  });

  it('keeps the form read-only after the message was stored until the success text shows (a draft store slow to clear)', async () => {
    let release = () => {};
    const drafts = new MemoryDraftStore();
    const clear = drafts.clear.bind(drafts);
    drafts.clear = (key: string) => new Promise<void>((resolve) => (release = resolve)).then(() => clear(key));
    const submission = new MemoryContactSubmission<File>();
    const { user } = renderContact({ drafts, submission });
    await fillValidGerman(user);
    const typed = (screen.getByLabelText(DE.question) as HTMLTextAreaElement).value;
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    const question = screen.getByLabelText(DE.question);
    expect(question).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: DE.submit })).toHaveAttribute('aria-disabled', 'true');
    await user.type(question, ' Und die Rechnung?');
    expect(question).toHaveValue(typed);
    release();
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
  });

  it('sends once however often the button is pressed while sending', async () => {
    const submission = new MemoryContactSubmission<File>();
    const release = submission.hold();
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    const button = screen.getByRole('button', { name: DE.submit });
    await user.dblClick(button);
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(submission.messages).toHaveLength(1);
  });

  it('shows the upload progress in a status region while sending', async () => {
    const submission = new MemoryContactSubmission<File>();
    submission.progress = [{ loaded: 30, total: 100 }, { loaded: 55, total: 100 }];
    const release = submission.hold();
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const bar = await screen.findByRole('progressbar', { name: 'Fortschritt beim Senden' });
    // Out of 100: without the maximum the bar would read full (the default maximum is 1).
    expect(bar).toHaveAttribute('value', '55');
    expect(bar).toHaveAttribute('max', '100');
    // Nothing an ad blocker's broad cosmetic filter hides ("upload-progress" held "ad-").
    expect(document.querySelectorAll('[class*="ad-"], [id*="ad-"]')).toHaveLength(0);
    expect(screen.getAllByRole('status').map((node) => node.textContent)).toContain('Ihre Nachricht wird gesendet: 50 %');
    release();
    await screen.findByText(SUCCESS);
  });

  it('shows the bar’s own percentage as visible text, while the status announces quarter steps', async () => {
    const submission = new MemoryContactSubmission<File>();
    submission.progress = [{ loaded: 44, total: 100 }, { loaded: 64, total: 100 }];
    const release = submission.hold();
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const bar = await screen.findByRole('progressbar', { name: 'Fortschritt beim Senden' });
    expect(bar).toHaveAttribute('value', '64');
    // Text matching reads the no-break space before % as a space.
    const visible = screen.getByText('Ihre Nachricht wird gesendet: 64 %');
    expect(visible).toHaveAttribute('aria-hidden', 'true');
    const statuses = screen.getAllByRole('status').map((node) => node.textContent);
    expect(statuses).toContain('Ihre Nachricht wird gesendet: 50 %');
    expect(statuses).not.toContain('Ihre Nachricht wird gesendet: 64 %');
    release();
    await screen.findByText(SUCCESS);
  });

  it('announces the sending once, not again as 0 %: the status keeps saying it until the first quarter is sent', async () => {
    const submission = new MemoryContactSubmission<File>();
    submission.progress = [{ loaded: 3, total: 100 }];
    const release = submission.hold();
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByRole('progressbar', { name: 'Fortschritt beim Senden' })).toHaveAttribute('value', '3');
    const statuses = screen.getAllByRole('status').map((node) => node.textContent);
    expect(statuses).toContain(text('de', 'contact.sending'));
    expect(statuses.filter((status) => status?.includes('%'))).toEqual([]);
    release();
    await screen.findByText(SUCCESS);
  });

  it('keeps every field read-only (still focusable) and the files fixed while sending, and editable again after a failure', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const release = submission.hold();
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('progressbar', { name: 'Fortschritt beim Senden' });

    const firstName = screen.getByLabelText(DE.firstName);
    expect(firstName).toHaveAttribute('readonly');
    expect(firstName).toBeEnabled();
    await user.type(firstName, 'X');
    expect(firstName).toHaveFocus();
    await user.type(screen.getByLabelText(DE.question), 'X');
    await user.selectOptions(screen.getByLabelText(DE.topic), 'order');
    await user.click(screen.getByRole('button', { name: 'rechnung.pdf entfernen' }));
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('zweite.pdf')]);
    expect(firstName).toHaveValue('Erika');
    expect(screen.getByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('delivery');
    expect(screen.getByLabelText(DE.topic)).toHaveAttribute('aria-readonly', 'true');
    // The list shows the other topics greyed out: only the chosen one can be picked.
    const topics = within(screen.getByLabelText(DE.topic)).getAllByRole('option') as HTMLOptionElement[];
    expect(topics.filter((option) => !option.disabled).map((option) => option.value)).toEqual(['delivery']);
    expect(screen.getByRole('button', { name: 'rechnung.pdf entfernen' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'zweite.pdf entfernen' })).not.toBeInTheDocument();

    release();
    await screen.findByRole('alert');
    expect(firstName).not.toHaveAttribute('readonly');
    await user.type(firstName, 'X');
    expect(firstName).toHaveValue('ErikaX');
    expect(within(screen.getByLabelText(DE.topic)).getAllByRole('option').filter((option) => (option as HTMLOptionElement).disabled)).toEqual([]);
    await user.selectOptions(screen.getByLabelText(DE.topic), 'order');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('order');
    await user.click(screen.getByRole('button', { name: 'rechnung.pdf entfernen' }));
    expect(screen.queryByRole('button', { name: 'rechnung.pdf entfernen' })).not.toBeInTheDocument();
  });

  it('after a transmission error keeps every value and file, names the alternative contacts, and sends again', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(FAILURE_START);
    expect(within(failure).getByRole('link', { name: 'service@kaffeeshop.de' })).toHaveAttribute(
      'href',
      'mailto:service@kaffeeshop.de',
    );
    expect(within(failure).getByRole('link', { name: '0800 3000 300' })).toHaveAttribute('href', 'tel:08003000300');

    expect(screen.getByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    expect(screen.getByLabelText(DE.topic)).toHaveValue('delivery');
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('Erika');
    expect(screen.getByLabelText(DE.lastName)).toHaveValue('Muster');
    expect(screen.getByLabelText(DE.email)).toHaveValue('e@x.de');
    expect(screen.getByRole('button', { name: 'rechnung.pdf entfernen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(submission.messages).toHaveLength(2);
    expect(submission.messages[1]!.attachments.map((file) => file.name)).toEqual(['rechnung.pdf']);
  });

  it('after a send withdrawn by leaving the page mid-upload (the page shown again from the back/forward cache), shows no failure, tracks no outcome, keeps everything and sends on the next press', async () => {
    const tracking = new RecordingTrackingClient();
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed', withdrawn: true });
    const { user } = renderContact({ submission, tracking });
    await fillValidGerman(user);
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('rechnung.pdf')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.queryByText(FAILURE_START)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(tracking.pushes.filter((push) => push.method === 'pushCustomEvent')).toEqual([]);
    expect(screen.getByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    expect(screen.getByLabelText(DE.question)).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText(DE.email)).toHaveValue('e@x.de');
    expect(screen.getByRole('button', { name: 'rechnung.pdf entfernen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(submission.messages[1]!.attachments.map((file) => file.name)).toEqual(['rechnung.pdf']);
    expect(tracking.pushes.filter((push) => push.method === 'pushCustomEvent').map((push) => push.data)).toEqual([
      expect.objectContaining({ event_name: 'system_response', response_type: 'success', response_details: 'sent' }),
    ]);
  });

  it('names the site’s own alternative contacts on failure (hu)', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const { user } = renderContact({ site: 'hu', submission });
    await user.type(screen.getByLabelText(text('hu', 'contact.question.label')), 'Hol a csomagom?');
    await user.selectOptions(screen.getByLabelText(text('hu', 'contact.topic.label')), 'delivery');
    await user.type(screen.getByLabelText(text('hu', 'contact.firstName.label')), 'Anna');
    await user.type(screen.getByLabelText(text('hu', 'contact.lastName.label')), 'Kovács');
    await user.type(screen.getByLabelText(text('hu', 'contact.email.label')), 'anna@example.hu');
    await user.click(screen.getByRole('button', { name: text('hu', 'contact.submit') }));
    const failure = await screen.findByRole('alert');
    expect(within(failure).getByRole('link', { name: 'kapcsolat@kaffeeshop.hu' })).toBeInTheDocument();
    expect(within(failure).getByRole('link', { name: '06 80 300 300' })).toBeInTheDocument();
  });

  it('shows a field error the page does not know (a newer server’s) as the general one, not as a missing value', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'invalid', errors: { question: 'question.offTopic' } });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    expect(describedErrors(screen.getByLabelText(DE.question))).toBe('Fehler: Bitte prüfen Sie diese Angabe.');
  });

  it('shows the server’s field errors inline, with the summary', async () => {
    const submission = new MemoryContactSubmission<File>().answer({
      kind: 'invalid',
      errors: { email: 'email.invalid', attachments: 'attachments.wrongType' },
    });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.upload(screen.getByLabelText(DE.attachments), [pdf('kein-pdf.pdf')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Bitte korrigieren Sie Ihre Angaben.');
    expect(describedErrors(screen.getByLabelText(DE.email))).toContain('Ungültige E-Mail-Adresse.');
    expect(describedErrors(screen.getByLabelText(DE.attachments))).toContain(
      'Bitte wählen Sie eine Datei im Format jpg, png oder pdf.',
    );
    expect(screen.getByLabelText(DE.email)).toHaveValue('e@x.de');
  });

  it('names the file the server refused, at the field, in the summary and at its remove button', async () => {
    const submission = new MemoryContactSubmission<File>().answer({
      kind: 'invalid',
      errors: { attachments: 'attachments.wrongType' },
      refusedAttachments: [1],
    });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [png('p1.png'), pdf('fake.pdf')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const named = '„fake.pdf“: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.';
    const summary = await findErrorSummary();
    expect(within(summary).getByRole('link', { name: named })).toBeInTheDocument();
    expect(describedErrors(input)).toContain(named);
    expect(screen.getByRole('button', { name: 'fake.pdf entfernen' })).toHaveAccessibleDescription(/^Fehler: ?„fake\.pdf“: Bitte wählen Sie eine Datei im Format jpg, png oder pdf\.$/);
    expect(screen.getByRole('button', { name: 'p1.png entfernen' })).not.toHaveAccessibleDescription();

    await user.click(screen.getByRole('button', { name: 'fake.pdf entfernen' }));
    expect(describedErrors(input)).not.toContain('jpg, png oder pdf');
  });

  it('keeps a server refusal beside a later pick refusal, and for the named files still chosen after a removal', async () => {
    const submission = new MemoryContactSubmission<File>().answer({
      kind: 'invalid',
      errors: { attachments: 'attachments.wrongType' },
      refusedAttachments: [0, 1],
    });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    const input = screen.getByLabelText(DE.attachments);
    await user.upload(input, [pdf('fake.pdf'), pdf('fake2.pdf'), fileOf('x.exe', 'application/x-msdownload')]);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    const refusedText = (name: string) => `„${name}“: Bitte wählen Sie eine Datei im Format jpg, png oder pdf.`;
    expect(describedErrors(input)).toContain(refusedText('fake.pdf'));
    expect(describedErrors(input)).toContain('„x.exe“ wurde nicht hinzugefügt');

    await user.click(screen.getByRole('button', { name: 'fake.pdf entfernen' }));
    expect(describedErrors(input)).not.toContain(refusedText('fake.pdf'));
    expect(describedErrors(input)).toContain(refusedText('fake2.pdf'));
    expect(screen.getByRole('button', { name: 'fake2.pdf entfernen' })).toHaveAccessibleDescription(new RegExp(refusedText('fake2.pdf').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    await user.upload(input, [png('foto.png')]);
    expect(describedErrors(input)).toContain(refusedText('fake2.pdf'));
  });

  it('shows the too-large message at the attachments when the server refuses the size (413)', async () => {
    const submission = new MemoryContactSubmission<File>().answer({
      kind: 'invalid',
      errors: { attachments: 'attachments.tooLarge' },
    });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.upload(screen.getByLabelText(DE.attachments), [pdf()]);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    expect(describedErrors(screen.getByLabelText(DE.attachments))).toContain('Eine Datei darf höchstens 5\u00a0MB groß sein.');
  });

  it('treats server errors that name no field of the form as a transmission error', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'invalid', errors: { other: 'invalid' } });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILURE_START);
  });

  it('asks for a reload when the server knows no such site (a deploy dropped it while the page was open), keeping every entry', async () => {
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'invalid', errors: { site: 'site.invalid' } });
    const { user } = renderContact({ submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Diese Länderseite kennen wir nicht\. Bitte laden Sie die Seite neu\.$/);
    expect(screen.getByLabelText(DE.email)).not.toHaveValue('');
  });
});
