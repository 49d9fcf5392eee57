import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import { MemorySiteStore } from '../../../src/adapters/memory/memory-site-store';
import { MemoryTexts } from '../../../src/adapters/memory/memory-texts';
import { RecordingTrackingClient } from '../../../src/adapters/memory/recording-tracking-client';
import { SupportApp, createSupportRoutes } from '../../../src/app/support-app';
import { ConfirmationPdfWriterMissing } from '../../../src/ports/confirmation-pdf';
import { NO_TRACKING } from '../../../src/ui/hooks/use-tracking';
import { renderApp, where } from '../helpers/render-app';
import { allSiteDictionaries } from '../helpers/site-dictionaries';

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

async function openForm(path = '/cancellation', options: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp(path, options);
  await screen.findByRole('heading', { level: 1, name: /Kaffee-Abo kündigen|Résilier/ });
  // The send button is enabled once the page is the browser's.
  await waitFor(() => expect(screen.getByRole('button', { name: /Kaffee-Abo kündigen|Résilier/ })).toBeEnabled());
  return { ...app, user: userEvent.setup() };
}

async function fillHolder(user: ReturnType<typeof userEvent.setup>, email = 'juergen@example.de') {
  await user.type(field(/Kundennummer/), '  0012 3456 ');
  await user.type(field(/Kaffee-Abo-ID/), 'ABO-77');
  await user.type(field(/Vorname/), 'Jürgen');
  await user.type(field(/Nachname/), 'Groß');
  await user.type(field(/E-Mail-Adresse/), email);
}

const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Kaffee-Abo kündigen' }));

/** The app as the page's script wires it: no submission handed in (the browser's JSON send), the server's locale. */
function renderWithBrowserSend(path: string, site: 'de' | 'at', locale: string) {
  const siteStore = new MemorySiteStore(site);
  const texts = new MemoryTexts(allSiteDictionaries(), { active: site });
  const routes = createSupportRoutes({ siteStore, cancellation: { locale, navigate: () => undefined } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const submission = new MemoryContactSubmission<File>();
  render(<SupportApp router={router} siteStore={siteStore} texts={texts} tracking={NO_TRACKING} submission={submission} drafts={new MemoryDraftStore()} />);
}

describe('the cancellation screen', () => {
  it.each([
    ['de', 5],
    ['at', 6],
    ['ch', 7],
  ])('shows on %s the heading, the self-service hint, the info box with its %i-day window, the form and a link home', async (site, days) => {
    await openForm(`/cancellation?site=${site}`);
    expect(screen.getByText(/Melden Sie sich an und kündigen Sie Ihr Kaffee-Abo mit einem Klick/)).toBeInTheDocument();
    const info = screen.getByRole('region', { name: 'Gut zu wissen' });
    expect(info).toHaveTextContent(`Liegt Ihre nächste Lieferung weniger als ${days} Tage entfernt`);
    expect(screen.getByRole('radiogroup', { name: 'Art der Kündigung' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ordentliche Kündigung' })).toHaveAccessibleDescription('Zum nächstmöglichen Termin.');
    for (const name of [/Kundennummer/, /Kaffee-Abo-ID/, /Vorname/, /Nachname/, /E-Mail-Adresse/, /Grund der Kündigung/]) expect(field(name)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Zurück zur Startseite/ })).toHaveAttribute('href', `https://www.kaffeeshop.${site}/`);
  });

  it('writes Swiss German on ch and French on ch_fr, with the 4 deliveries of the French-Swiss text', async () => {
    const { unmount } = await openForm('/cancellation?site=ch');
    expect(screen.getByRole('radio', { name: 'Ausserordentliche Kündigung' })).toBeInTheDocument();
    unmount();
    await openForm('/cancellation?site=ch_fr');
    expect(screen.getByRole('region', { name: 'Bon à savoir' })).toHaveTextContent(/au moins 4\slivraisons de café/);
    expect(screen.getByRole('radio', { name: 'Résiliation extraordinaire' })).toBeInTheDocument();
  });

  it.each([
    [
      'de',
      [
        'Eine ordentliche Kündigung wird zum nächstmöglichen Termin wirksam. Liegt Ihre nächste Lieferung weniger als 5 Tage entfernt, endet Ihr Kaffee-Abo nach dieser Lieferung.',
        'Haben Sie zu Ihrem Kaffee-Abo eine Kaffeemaschine bestellt, endet der Vertrag nach der vereinbarten Mindestanzahl an Kaffeelieferungen. Ohne Maschine können Sie jederzeit kündigen.',
        'Eine außerordentliche Kündigung ist nur aus einem wichtigen Grund möglich.',
      ],
    ],
    [
      'ch_fr',
      [
        'Une résiliation ordinaire prend effet à la prochaine date possible. Si votre prochaine livraison a lieu dans moins de 7 jours, votre abonnement café prend fin après cette livraison.',
        'Si vous avez commandé une machine à café avec votre abonnement, le contrat prend fin après au moins 4 livraisons de café. Sans machine, vous pouvez résilier à tout moment.',
        'Une résiliation extraordinaire n’est possible que pour un motif important.',
      ],
    ],
  ])('puts the three points of spec §4 into the info box on %s: the ordinary window, the machine, the important reason', async (site, points) => {
    await openForm(`/cancellation?site=${site}`);
    const info = screen.getByRole('region', { name: /Gut zu wissen|Bon à savoir/ });
    expect(within(info).getAllByRole('listitem').map((item) => item.textContent!.replace(/\s+/g, ' '))).toEqual(points);
  });

  it.each([
    ['de', 'Datenschutzhinweisen', '/datenschutz'],
    ['ch_fr', 'déclaration de protection des données', '/protection-des-donnees'],
  ])('links the privacy notice beside the send button on %s, as the contact form does (the form asks for personal data)', async (site, name, href) => {
    await openForm(`/cancellation?site=${site}`);
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it("lays out the holder's fields in the order of the error list and the confirmation, with their hints, keyboards and autofill", async () => {
    await openForm();
    expect(screen.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual([
      'customerNumber',
      'subscriptionId',
      'firstName',
      'lastName',
      'email',
      'reason',
    ]);
    expect(field(/Kundennummer/)).toHaveAccessibleDescription('Sie finden sie auf Ihrer Rechnung und in Ihrem Kundenkonto.');
    expect(field(/Kaffee-Abo-ID/)).toHaveAccessibleDescription('Sie finden sie in der Bestätigung Ihres Kaffee-Abos.');
    // A phone shows its e-mail keyboard; autofill puts each part of the name into its own field.
    // A text input, not type="email": Chromium's would turn the domain maß.de into mass.de.
    expect(field(/E-Mail-Adresse/)).toHaveAttribute('inputmode', 'email');
    expect(field(/E-Mail-Adresse/)).toHaveAttribute('type', 'text');
    expect(field(/E-Mail-Adresse/)).toHaveAttribute('autocapitalize', 'none');
    expect(field(/E-Mail-Adresse/)).toHaveAttribute('autocomplete', 'email');
    expect(field(/Vorname/)).toHaveAttribute('autocomplete', 'given-name');
    expect(field(/Nachname/)).toHaveAttribute('autocomplete', 'family-name');
    // The numbers are no words: a phone neither capitalises, corrects nor underlines them.
    for (const name of [/Kundennummer/, /Kaffee-Abo-ID/]) {
      expect(field(name)).toHaveAttribute('spellcheck', 'false');
      expect(field(name)).toHaveAttribute('autocapitalize', 'none');
      expect(field(name)).toHaveAttribute('autocorrect', 'off');
    }
    expect(field(/Vorname/)).not.toHaveAttribute('autocapitalize');
  });

  it("keeps the holder's data an autofill tool entered without input events when the extraordinary cancellation is chosen next", async () => {
    const { user } = await openForm();
    for (const [name, value] of [[/Vorname/, 'Berta'], [/Nachname/, 'Bot'], [/E-Mail-Adresse/, 'berta@example.com']] as const) {
      (field(name) as HTMLInputElement).value = value;
    }
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    expect(field(/Vorname/)).toHaveValue('Berta');
    expect(field(/Nachname/)).toHaveValue('Bot');
    expect(field(/E-Mail-Adresse/)).toHaveValue('berta@example.com');
  });

  it("keeps the holder's data an autofill tool entered without input events when the extraordinary cancellation is chosen with Space", async () => {
    const { user } = await openForm();
    screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }).focus();
    for (const [name, value] of [[/Kundennummer/, '123456'], [/Vorname/, 'Berta'], [/E-Mail-Adresse/, 'berta@example.com']] as const) {
      (field(name) as HTMLInputElement).value = value;
    }
    await user.keyboard(' ');
    expect(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' })).toBeChecked();
    expect(field(/Kundennummer/)).toHaveValue('123456');
    expect(field(/Vorname/)).toHaveValue('Berta');
    expect(field(/E-Mail-Adresse/)).toHaveValue('berta@example.com');
  });

  it("keeps the holder's data an autofill tool entered without input events while the shopper types in another field after a refused send", async () => {
    const { user } = await openForm();
    await submit(user);
    await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    await user.click(field(/E-Mail-Adresse/));
    (field(/Vorname/) as HTMLInputElement).value = 'Berta';
    (field(/Nachname/) as HTMLInputElement).value = 'Bot';
    await user.keyboard('berta@example.com');
    expect(field(/Vorname/)).toHaveValue('Berta');
    expect(field(/Nachname/)).toHaveValue('Bot');
  });

  it('lists every missing field on an empty submit, in the form order, and moves focus to the list', async () => {
    const { user, cancellationSubmission } = await openForm();
    await submit(user);
    const summary = await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Bitte wählen Sie die Art der Kündigung.',
      'Pflichtfeld: Bitte geben Sie Ihre Kundennummer ein.',
      'Pflichtfeld: Bitte geben Sie die ID Ihres Kaffee-Abos ein.',
      'Pflichtfeld: Bitte geben Sie Ihren Vornamen ein.',
      'Pflichtfeld: Bitte geben Sie Ihren Nachnamen ein.',
      'Pflichtfeld: Bitte geben Sie Ihre E-Mail-Adresse ein.',
    ]);
    expect(summary).toHaveFocus();
    expect(document.title).toBe('Fehler: Kaffee-Abo kündigen | Coffee & Home Kundenservice');
    // The group carries its states, as a text field does.
    const type = screen.getByRole('radiogroup', { name: 'Art der Kündigung' });
    expect(type).toBeInvalid();
    expect(type).toBeRequired();
    expect(type).toHaveAccessibleDescription(/Bitte wählen Sie die Art der Kündigung\./);
    await user.click(within(summary).getByRole('link', { name: 'Bitte wählen Sie die Art der Kündigung.' }));
    expect(screen.getByRole('radio', { name: 'Ordentliche Kündigung' })).toHaveFocus();
    expect(cancellationSubmission.requests).toEqual([]);
  });

  it('checks a field when it is left, not while it is typed', async () => {
    const { user } = await openForm();
    await user.type(field(/E-Mail-Adresse/), 'juergen@');
    expect(screen.queryByText('Ungültige E-Mail-Adresse.')).toBeNull();
    await user.tab();
    expect(await screen.findByText('Ungültige E-Mail-Adresse.')).toBeInTheDocument();
    expect(field(/E-Mail-Adresse/)).toBeInvalid();
    await user.type(field(/E-Mail-Adresse/), 'example.de');
    await waitFor(() => expect(screen.queryByText('Ungültige E-Mail-Adresse.')).toBeNull());
  });

  it('names the limit of the subscription ID when it is too long', async () => {
    const { user } = await openForm();
    await user.type(field(/Kaffee-Abo-ID/), 'A'.repeat(51));
    await user.tab();
    expect(await screen.findByText('Die Kaffee-Abo-ID darf höchstens 50 Zeichen lang sein.')).toBeInTheDocument();
    expect(field(/Kaffee-Abo-ID/)).toBeInvalid();
  });

  it('names the limit of the reason (5.000, written as the counter writes numbers) when it is too long', async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    await user.click(field(/Grund der Kündigung/));
    await user.paste('x'.repeat(5001));
    await user.tab();
    expect(await screen.findByText('Der Grund darf höchstens 5.000 Zeichen lang sein.')).toBeInTheDocument();
    // How much to cut, under the field.
    expect(screen.getByText('Zeichen zu viel: 1')).toBeInTheDocument();
  });

  it("shows the browser's own check of an e-mail address never: the shop's error list names it", async () => {
    const { user, cancellationSubmission } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await user.type(field(/Kundennummer/), '1');
    await user.type(field(/Kaffee-Abo-ID/), '2');
    await user.type(field(/Vorname/), 'A');
    await user.type(field(/Nachname/), 'B');
    await user.type(field(/E-Mail-Adresse/), 'juergen@');
    await submit(user);
    const summary = await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Ungültige E-Mail-Adresse.']);
    expect(cancellationSubmission.requests).toEqual([]);
  });

  it('asks for the reason of an extraordinary cancellation only, and drops the request when the type becomes ordinary', async () => {
    const { user, cancellationSubmission } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    const summary = await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Pflichtfeld: Bitte nennen Sie den wichtigen Grund für Ihre außerordentliche Kündigung.',
    ]);
    expect(field(/Grund der Kündigung/)).toBeRequired();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await waitFor(() => expect(screen.queryByText(/Bitte nennen Sie den wichtigen Grund/)).toBeNull());
    expect(field(/Grund der Kündigung/)).not.toBeRequired();
    expect(cancellationSubmission.requests).toEqual([]);
  });

  it('asks for the reason at once when the extraordinary cancellation is chosen after a refused send', async () => {
    const { user, cancellationSubmission } = await openForm();
    await fillHolder(user);
    await submit(user);
    const summary = await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Bitte wählen Sie die Art der Kündigung.']);
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    // Every field was checked at the send: the one the choice makes required is still missing.
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).getAllByRole('link').map((link) => link.textContent)).toEqual([
        'Pflichtfeld: Bitte nennen Sie den wichtigen Grund für Ihre außerordentliche Kündigung.',
      ]),
    );
    expect(field(/Grund der Kündigung/)).toBeInvalid();
    expect(document.title).toBe('Fehler: Kaffee-Abo kündigen | Coffee & Home Kundenservice');
    await user.type(field(/Grund der Kündigung/), 'Umzug ins Ausland');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBeNull());
    expect(cancellationSubmission.requests).toEqual([]);
  });

  it('sends a valid cancellation once and shows the success page with what was sent', async () => {
    const tracking = new RecordingTrackingClient();
    const { user, cancellationSubmission, router } = await openForm('/m/cancellation?site=at', { tracking });
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    await fillHolder(user);
    await user.type(field(/Grund der Kündigung/), 'Umzug ins Ausland');
    await submit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' })).toHaveFocus();
    expect(cancellationSubmission.requests).toEqual([
      {
        site: 'at',
        cancellationType: 'extraordinary',
        reason: 'Umzug ins Ausland',
        customerNumber: '0012 3456',
        subscriptionId: 'ABO-77',
        firstName: 'Jürgen',
        lastName: 'Groß',
        email: 'juergen@example.de',
      },
    ]);
    expect(where(router)).toBe('/m/cancellation/success?site=at');
    // The receipt is said by the heading and the dated line: the thanks adds only the e-mail (it said "received" a third time).
    expect(screen.getByText(/^Vielen Dank\. Eine Bestätigung senden wir Ihnen zusätzlich per E-Mail an juergen@example.de\.$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Ihre Angaben' })).toBeInTheDocument();
    const details = screen.getByText('Art der Kündigung', { selector: 'dt' }).closest('dl')!;
    expect(details).toHaveTextContent('Art der KündigungAußerordentliche Kündigung');
    // Each value keeps its own direction (a right-to-left name is shown isolated).
    for (const value of within(details).getAllByRole('definition')) expect(value).toHaveAttribute('dir', 'auto');
    expect(details).toHaveTextContent('Kundennummer0012 3456');
    expect(details).toHaveTextContent('Grund der KündigungUmzug ins Ausland');
    // The ordinary notice is for an ordinary cancellation only.
    expect(screen.queryByText('Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.')).toBeNull();
    // The tab's title says the cancellation was received (a screen reader moving between tabs hears it).
    expect(document.title).toBe('Ihre Kündigung ist bei uns eingegangen | Coffee & Home Kundenservice');
    await waitFor(() =>
      expect(tracking.pushes.map((push) => [push.method, push.data['page_name'] ?? push.data['response_type']])).toEqual([
        ['pushInitialPageData', 'cancellation'],
        ['pushCustomEvent', 'success'],
        ['pushInitialPageData', 'cancellation success'],
      ]),
    );
    expect(tracking.pushes[1]!.data).toMatchObject({ event_name: 'system_response', subject: 'cancellation_form', response_details: 'sent' });
  });

  it("sends the page's locale as x-locale with the browser's JSON send, as the page's script wires it", async () => {
    const fetch = vi.fn(async () => new Response('{"id":"c-1","receivedAt":"2026-11-30T01:20:16.750Z"}', { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    try {
      renderWithBrowserSend('/cancellation?site=at', 'at', 'de-AT');
      await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Kaffee-Abo kündigen' })).toBeEnabled());
      const user = userEvent.setup();
      await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
      await fillHolder(user);
      await submit(user);
      await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
      const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
      expect(url).toBe('/service/customersupportfrontend/api/cancellation');
      expect(init.headers).toMatchObject({ 'content-type': 'application/json', 'x-locale': 'de-AT' });
      expect(JSON.parse(init.body as string)).toMatchObject({ site: 'at', cancellationType: 'ordinary', customerNumber: '0012 3456' });
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('offers the confirmation as a PDF: subject per type, the ordinary notice, the details, a fixed file name', async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    // The page says what the PDF says: when the cancellation takes effect (not only a download away).
    expect(await screen.findByText('Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    const [document] = pdf.saved;
    expect(document!.fileName).toBe('Kuendigungsbestaetigung-Kaffee-Abo.pdf');
    expect(document!.title).toBe('Bestätigung Ihrer Kündigung');
    // The shop that confirms, as the site's support block names it.
    expect(document!.sender).toEqual(['Coffee & Home', 'Kundenservice', 'Postfach 10 02 00', '20002 Hamburg', 'kundenservice@kaffeeshop.de']);
    expect(document!.paragraphs[0]).toBe('Ordentliche Kündigung Ihres Kaffee-Abos');
    expect(document!.paragraphs[1]).toMatch(/^Ihre Kündigung ist am .+ bei uns eingegangen \(Vorgangsnummer cancellation-1\)\.$/);
    expect(document!.paragraphs[2]).toBe('Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.');
    // Every page names the cancellation it belongs to.
    expect(document!.pageFooter).toBe('Bestätigung Ihrer Kündigung · Vorgangsnummer cancellation-1 · Seite {page} von {pages}');
    expect(document!.details).toEqual([
      { label: 'Art der Kündigung', value: 'Ordentliche Kündigung' },
      { label: 'Kundennummer', value: '0012 3456' },
      { label: 'Kaffee-Abo-ID', value: 'ABO-77' },
      { label: 'Vorname', value: 'Jürgen' },
      { label: 'Nachname', value: 'Groß' },
      { label: 'E-Mail-Adresse', value: 'juergen@example.de' },
    ]);
  });

  it("shows an e-mail domain the browser handed over in its ASCII form as the shopper typed it, on the page and in the PDF, dated when it was stored", async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    const start = Date.now();
    // What Chromium's e-mail field gives the page for 'mueller@bücher.de'.
    await fillHolder(user, 'mueller@xn--bcher-kva.de');
    await submit(user);
    expect(await screen.findByText(/Eine Bestätigung senden wir Ihnen zusätzlich per E-Mail an mueller@bücher\.de\./)).toBeInTheDocument();
    expect(screen.getByText('E-Mail-Adresse', { selector: 'dt' }).nextElementSibling).toHaveTextContent('mueller@bücher.de');
    await user.click(screen.getByRole('button', { name: 'Bestätigung als PDF herunterladen' }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    expect(pdf.saved[0]!.details.at(-1)).toEqual({ label: 'E-Mail-Adresse', value: 'mueller@bücher.de' });
    // The answer named no time: the send's, by this device's clock.
    expect(pdf.saved[0]!.date?.getTime()).toBeGreaterThanOrEqual(start);
    expect(pdf.saved[0]!.date?.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('offers the French confirmation under its fixed file name, with the French ordinary notice', async () => {
    const { user, pdf } = await openForm('/cancellation?site=ch_fr');
    await user.click(screen.getByRole('radio', { name: 'Résiliation ordinaire' }));
    for (const [id, value] of [['customerNumber', '1'], ['subscriptionId', '2'], ['firstName', 'Zoé'], ['lastName', 'B'], ['email', 'a@b.ch']]) {
      await user.type(document.getElementById(`cancellation-${id}`)!, value!);
    }
    await user.click(screen.getByRole('button', { name: 'Résilier l’abonnement café' }));
    await user.click(await screen.findByRole('button', { name: 'Télécharger la confirmation en PDF' }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    const [document_] = pdf.saved;
    expect(document_!.fileName).toBe('Confirmation-resiliation-abonnement-cafe.pdf');
    expect(document_!.title).toBe('Confirmation de votre résiliation');
    expect(document_!.paragraphs[0]).toBe('Résiliation ordinaire de votre abonnement café');
    expect(document_!.paragraphs[2]).toBe('Votre résiliation ordinaire prend effet à la prochaine date possible.');
  });

  it.each([
    ['de', 'Ihre Kündigung ist am 30.\u00a0November\u00a02026 um 02:20 MEZ bei uns eingegangen (Vorgangsnummer c-9).'],
    ['ch_fr', 'Nous avons reçu votre résiliation le 30\u00a0novembre\u00a02026 à 02:20 UTC+1, heure suisse (numéro de dossier c-9).'],
    // The night the clocks go back: the two 02:30 an hour apart, told apart by their offset as German's MESZ and MEZ do.
    ['ch_fr', 'Nous avons reçu votre résiliation le 25\u00a0octobre\u00a02026 à 02:30 UTC+2, heure suisse (numéro de dossier c-9).', '2026-10-25T00:30:00.000Z'],
    ['ch_fr', 'Nous avons reçu votre résiliation le 25\u00a0octobre\u00a02026 à 02:30 UTC+1, heure suisse (numéro de dossier c-9).', '2026-10-25T01:30:00.000Z'],
    ['at', 'Ihre Kündigung ist am 30.\u00a0Juni\u00a02026 um 03:20 MESZ bei uns eingegangen (Vorgangsnummer c-9).', '2026-06-30T01:20:16.750Z'],
    ['ch', 'Ihre Kündigung ist am 30.\u00a0Juni\u00a02026 um 03:20 MESZ bei uns eingegangen (Vorgangsnummer c-9).', '2026-06-30T01:20:16.750Z'],
    // French writes the first of a month as an ordinal.
    ['ch_fr', 'Nous avons reçu votre résiliation le 1er\u00a0décembre\u00a02026 à 00:00 UTC+1, heure suisse (numéro de dossier c-9).', '2026-11-30T23:00:00.000Z'],
    ['de', 'Ihre Kündigung ist am 1.\u00a0Dezember\u00a02026 um 00:00 MEZ bei uns eingegangen (Vorgangsnummer c-9).', '2026-11-30T23:00:00.000Z'],
    // Day, month and year are joined by no-break spaces: one line also on a narrow phone.
  ])("dates the confirmation on %s by the service's time of storing, in the shop's time zone", async (site, received, receivedAt = '2026-11-30T01:20:16.750Z') => {
    const { user, cancellationSubmission, pdf } = await openForm(`/cancellation?site=${site}`);
    cancellationSubmission.answer({ kind: 'sent', id: 'c-9', receivedAt });
    await user.click(screen.getAllByRole('radio')[0]!);
    for (const [id, value] of [['customerNumber', '1'], ['subscriptionId', '2'], ['firstName', 'A'], ['lastName', 'B'], ['email', 'a@b.ch']]) {
      await user.type(document.getElementById(`cancellation-${id}`)!, value!);
    }
    await user.click(screen.getByRole('button', { name: /Kaffee-Abo kündigen|Résilier/ }));
    await user.click(await screen.findByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    expect(pdf.saved[0]!.paragraphs[1]).toBe(received);
    expect(pdf.saved[0]!.language).toBe({ de: 'de-DE', at: 'de-AT', ch: 'de-CH', ch_fr: 'fr-CH' }[site]);
    // The reference number and the time are on the page too.
    // As shown, no-break spaces included (Testing Library's text match reads them as spaces).
    expect(screen.getByText(received.replace(/\u00a0/g, ' ')).textContent).toBe(received);
  });

  it("dates it by this device's clock only when the service's answer names no time", async () => {
    const { user, cancellationSubmission, pdf } = await openForm();
    cancellationSubmission.answer({ kind: 'sent', id: 'c-10' });
    const now = vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-07-01T10:00:00Z'));
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    now.mockRestore();
    expect(pdf.saved[0]!.paragraphs[1]).toBe('Ihre Kündigung ist am 1.\u00a0Juli\u00a02026 um 12:00 MESZ bei uns eingegangen (Vorgangsnummer c-10).');
  });

  it.each([
    ['de', 'Ihre Kündigung ist am 30.\u00a0November\u00a02026 um 02:20 MEZ bei uns eingegangen.'],
    ['ch_fr', 'Nous avons reçu votre résiliation le 30\u00a0novembre\u00a02026 à 02:20 UTC+1, heure suisse.'],
  ])('on %s names no empty reference number when the answer carried none', async (site, received) => {
    const { user, cancellationSubmission, pdf } = await openForm(`/cancellation?site=${site}`);
    cancellationSubmission.answer({ kind: 'sent', id: '', receivedAt: '2026-11-30T01:20:16.750Z' });
    await user.click(screen.getAllByRole('radio')[0]!);
    for (const [id, value] of [['customerNumber', '1'], ['subscriptionId', '2'], ['firstName', 'A'], ['lastName', 'B'], ['email', 'a@b.ch']]) {
      await user.type(document.getElementById(`cancellation-${id}`)!, value!);
    }
    await user.click(screen.getByRole('button', { name: /Kaffee-Abo kündigen|Résilier/ }));
    expect((await screen.findByText(received.replace(/\u00a0/g, ' '))).textContent).toBe(received);
    await user.click(await screen.findByRole('button', { name: /PDF/ }));
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    expect(pdf.saved[0]!.paragraphs[1]).toBe(received);
    expect(pdf.saved[0]!.pageFooter).toBe(
      site === 'ch_fr' ? 'Confirmation de votre résiliation · Page {page} sur {pages}' : 'Bestätigung Ihrer Kündigung · Seite {page} von {pages}',
    );
  });

  it('does not pull the shopper back when the answer comes after they left the form inside the app', async () => {
    const { user, cancellationSubmission, router } = await openForm();
    const release = cancellationSubmission.hold();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    await act(async () => router.navigate('/contact?site=de'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' })).toBeInTheDocument();
    await act(async () => release());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where(router)).toBe('/contact?site=de');
    expect(cancellationSubmission.requests).toHaveLength(1);
  });

  it.each([
    ['a time no date can hold', { id: 'c-1', receivedAt: 1e20 }],
    ['a request the rules refuse', { id: 'c-1', receivedAt: 0, request: { site: 'pl' } }],
    ['no id', { receivedAt: 0 }],
  ])('says there is nothing to confirm for a history state with %s', async (_case, sent) => {
    const { router } = renderApp('/cancellation');
    await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' });
    const request = { site: 'de', cancellationType: 'ordinary', customerNumber: '1', subscriptionId: '2', firstName: 'A', lastName: 'B', email: 'a@b.de' };
    await act(async () => router.navigate('/cancellation/success', { state: { cancellation: { request, sentAt: Date.now(), ...sent } } }));
    expect(await screen.findByText(/Hier gibt es keine Kündigung zu bestätigen/)).toBeInTheDocument();
  });

  it('shows a cancellation sent on the build before (its entry has no send time) for 30 minutes after it was stored', async () => {
    const { router } = renderApp('/cancellation');
    await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' });
    const request = { site: 'de', cancellationType: 'ordinary', customerNumber: '12345678', subscriptionId: 'ABO-4711', firstName: 'Erika', lastName: 'Mustermann', email: 'erika@example.org' };
    await act(async () => router.navigate('/cancellation/success', { state: { cancellation: { request, id: 'c-1', receivedAt: Date.now() - 15_000 } } }));
    expect(await screen.findByText('erika@example.org')).toBeInTheDocument();
    await act(async () => router.navigate('/contact?site=de'));
    await act(async () => router.navigate('/cancellation/success', { state: { cancellation: { request, id: 'c-1', receivedAt: Date.now() - 31 * 60 * 1000 } } }));
    expect(await screen.findByText(/Hier gibt es keine Kündigung zu bestätigen/)).toBeInTheDocument();
  });

  it('shows a sent cancellation for 30 minutes: opened again later (Back, a browser restoring its session on a shared computer) it shows nothing of it', async () => {
    const { user, router } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    await fillHolder(user);
    await user.type(field(/Grund der Kündigung/), 'Schwere Erkrankung');
    await submit(user);
    expect(await screen.findByText('Schwere Erkrankung')).toBeInTheDocument();
    await act(async () => router.navigate('/contact?site=de'));
    await act(async () => router.navigate(-1));
    expect(await screen.findByText('Schwere Erkrankung')).toBeInTheDocument();

    await act(async () => router.navigate('/contact?site=de'));
    const later = Date.now() + 31 * 60 * 1000;
    const clock = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      await act(async () => router.navigate(-1));
      expect(await screen.findByText(/Hier gibt es keine Kündigung zu bestätigen/)).toBeInTheDocument();
      expect(screen.queryByText('Schwere Erkrankung')).toBeNull();
      expect(screen.queryByText(/juergen@example\.de/)).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it('says so when the PDF cannot be written, and lets the shopper try again', async () => {
    const scrolled: Element[] = [];
    // As in Chromium 156, which answers a promise.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
      return Promise.resolve() as unknown as void;
    };
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    pdf.fail();
    const download = await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' });
    await user.click(download);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die PDF-Datei konnte nicht erstellt werden. Bitte versuchen Sie es noch einmal.');
    // Below the button: on a phone, text put above it moved the button from under the finger. It is
    // brought into view (the button may be at the screen's edge).
    expect(download.compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(scrolled).toContain(alert);
    await user.click(download);
    await waitFor(() => expect(pdf.saved).toHaveLength(1));
    // The confirmation stays (the promise was once taken for the effect's cleanup, and React called it).
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Ihre Kündigung ist bei uns eingegangen');
    Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
  });

  it('starts loading the PDF writer and its fonts when the success page shows, before any press', async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    expect(pdf.prepared).toBe(0);
    await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' });
    expect(pdf.prepared).toBeGreaterThan(0);
  });

  it('writes one PDF however often the button is pressed while the PDF writer loads', async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    let loaded!: () => void;
    const save = vi.spyOn(pdf, 'save').mockImplementation(() => new Promise<void>((resolve) => (loaded = resolve)));
    const download = await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' });
    await user.click(download);
    expect(download).toHaveAttribute('aria-disabled', 'true');
    // Seen and announced while the writer and its fonts load (many seconds on a slow line).
    expect(screen.getByRole('status')).toHaveTextContent('Die PDF-Datei wird erstellt …');
    await user.click(download);
    expect(save).toHaveBeenCalledTimes(1);
    await act(async () => loaded());
    expect(download).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('writes one PDF for a second tap made while the page was busy writing it (handled after the first is saved), and for a double tap', async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    const save = vi.spyOn(pdf, 'save');
    const download = await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' });
    await user.click(download);
    await waitFor(() => expect(download).not.toHaveAttribute('aria-disabled'));
    // A tap from while the writer held the page (its time before the save ended) comes in only now.
    const queued = new MouseEvent('click', { bubbles: true });
    Object.defineProperty(queued, 'timeStamp', { value: performance.now() - 300 });
    act(() => void download.dispatchEvent(queued));
    expect(save).toHaveBeenCalledTimes(1);
    // Taps at their times (a browser's event times count from the page's start, as performance.now()).
    const tapAt = (timeStamp: number) => {
      const tap = new MouseEvent('click', { bubbles: true });
      Object.defineProperty(tap, 'timeStamp', { value: timeStamp });
      act(() => void download.dispatchEvent(tap));
    };
    // The second tap of a double tap, 120 ms after a quick save: the same press.
    tapAt(performance.now() + 120);
    expect(save).toHaveBeenCalledTimes(1);
    // A tap made a second later writes the PDF again.
    tapAt(performance.now() + 1000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('asks for a reload when the PDF writer cannot be loaded (a deploy took its file): trying again would fail alike', async () => {
    const { user, pdf } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    pdf.fail(new ConfirmationPdfWriterMissing({ cause: new TypeError('Failed to fetch dynamically imported module: /assets/pdf-module-AbC.js') }));
    await user.click(await screen.findByRole('button', { name: 'Bestätigung als PDF herunterladen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.',
    );
  });

  it('keeps every value and offers the other contacts when the send fails', async () => {
    const { user, cancellationSubmission } = await openForm();
    cancellationSubmission.answer({ kind: 'failed' });
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent(/^Aufgrund eines Übertragungsfehlers hat uns Ihre Kündigung leider nicht erreicht\. Ihre Angaben sind noch da/);
    expect(within(failure).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(field(/Kundennummer/)).toHaveValue('  0012 3456 ');
    expect(field(/E-Mail-Adresse/)).toHaveValue('juergen@example.de');
    expect(screen.getByRole('radio', { name: 'Ordentliche Kündigung' })).toBeChecked();
    await submit(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' })).toBeInTheDocument();
    expect(cancellationSubmission.requests).toHaveLength(2);
  });

  it("shows the server's refusal at its field", async () => {
    const { user, cancellationSubmission } = await openForm();
    cancellationSubmission.answer({ kind: 'invalid', errors: { customerNumber: 'tooLong' } });
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    const summary = await screen.findByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' });
    expect(summary).toHaveTextContent('Die Kundennummer darf höchstens 50 Zeichen lang sein.');
    expect(field(/Kundennummer/)).toHaveAccessibleDescription(/Die Kundennummer darf höchstens 50 Zeichen lang sein\./);
  });

  /** An ordinary cancellation sent and refused by the server with `errors`: its alert, and the tracking. */
  async function sendRefused(errors: Readonly<Record<string, string>>) {
    const tracking = new RecordingTrackingClient();
    const { user, cancellationSubmission } = await openForm('/cancellation', { tracking });
    cancellationSubmission.answer({ kind: 'invalid', errors });
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    const alert = await screen.findByRole('alert');
    // No field is marked, and the outcome is counted as a failed send.
    expect(screen.queryByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBeNull();
    await waitFor(() =>
      expect(tracking.pushes.find((push) => push.method === 'pushCustomEvent')?.data).toMatchObject({
        subject: 'cancellation_form',
        response_type: 'error',
        response_details: 'transmission_error',
      }),
    );
    return alert;
  }

  it('says so when the shop does not take cancellations on this site, with the other ways to cancel, counted as a failed send', async () => {
    const alert = await sendRefused({ site: 'site.notAllowed' });
    expect(alert).toHaveTextContent(/^Das Kaffee-Abo kann auf dieser Länderseite nicht online gekündigt werden\. Sie erreichen uns per E-Mail an \S+@\S+ oder kostenlos unter [\d ]+\.$/);
    expect(within(alert).getByRole('link', { name: /@/ })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
    expect(within(alert).getByRole('link', { name: /\d/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
  });

  it('asks for a reload when the server knows no such site (a deploy dropped it while the page was open)', async () => {
    expect(await sendRefused({ site: 'site.invalid' })).toHaveTextContent(/^Diese Länderseite kennen wir nicht\. Bitte laden Sie die Seite neu\.$/);
  });

  it('treats a refusal that names no field of the form as a failed send, on the page and in the tracking', async () => {
    expect(await sendRefused({ other: 'invalid' })).toHaveTextContent(/^Aufgrund eines Übertragungsfehlers hat uns Ihre Kündigung leider nicht erreicht\./);
  });

  it('sends once however often the button is pressed while sending', async () => {
    const { user, cancellationSubmission } = await openForm();
    const release = cancellationSubmission.hold();
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    await submit(user);
    fireEvent.submit(screen.getByRole('button', { name: 'Kaffee-Abo kündigen' }).closest('form')!);
    // Nor does a click change the chosen type while sending.
    await user.click(screen.getByRole('radio', { name: 'Außerordentliche Kündigung' }));
    expect(screen.getByRole('radio', { name: 'Ordentliche Kündigung' })).toBeChecked();
    expect(await screen.findByText('Ihre Kündigung wird gesendet …')).toBeInTheDocument();
    expect(field(/Vorname/)).toHaveAttribute('readonly');
    expect(screen.getByRole('radiogroup')).toHaveAttribute('aria-readonly', 'true');
    // An arrow key moves nothing while sending (it would focus an option it does not choose).
    expect(fireEvent.keyDown(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }), { key: 'ArrowDown' })).toBe(false);
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' })).toBeInTheDocument();
    expect(cancellationSubmission.requests).toHaveLength(1);
  });

  it('sends once and counts one success when the button is pressed again after the answer, before the success page is shown', async () => {
    const tracking = new RecordingTrackingClient();
    const { user, cancellationSubmission, router } = await openForm('/cancellation', { tracking });
    // A slow phone: the success page takes a moment to come after the answer.
    let show = (): void => undefined;
    const navigate = router.navigate.bind(router);
    router.navigate = ((...args: Parameters<typeof navigate>) => {
      show = () => void navigate(...args);
      return Promise.resolve();
    }) as typeof router.navigate;
    await user.click(screen.getByRole('radio', { name: 'Ordentliche Kündigung' }));
    await fillHolder(user);
    await submit(user);
    await waitFor(() => expect(tracking.pushes.some((push) => push.data['response_details'] === 'sent')).toBe(true));
    await submit(user);
    fireEvent.submit(screen.getByRole('button', { name: 'Kaffee-Abo kündigen' }).closest('form')!);
    await act(async () => show());
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihre Kündigung ist bei uns eingegangen' })).toBeInTheDocument();
    expect(cancellationSubmission.requests).toHaveLength(1);
    expect(tracking.pushes.filter((push) => push.data['response_details'] === 'sent')).toHaveLength(1);
  });

  it('counts no success for a success page opened without a cancellation sent', async () => {
    const tracking = new RecordingTrackingClient();
    renderApp('/cancellation/success', { tracking });
    expect(await screen.findByText(/Hier gibt es keine Kündigung zu bestätigen/)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tracking.pushes).toEqual([]);
  });
});
