import { screen, waitFor, within } from '@testing-library/react';
import { DE, describedErrors, fillValidGerman, findErrorSummary, renderContact, text } from './support';

const GERMAN_MESSAGES = {
  question: 'Pflichtfeld: Bitte geben Sie Ihre Frage ein.',
  topic: 'Bitte wählen Sie ein Thema aus.',
  firstName: 'Pflichtfeld: Bitte geben Sie Ihren Vornamen ein.',
  lastName: 'Pflichtfeld: Bitte geben Sie Ihren Nachnamen ein.',
  email: 'Pflichtfeld: Bitte geben Sie Ihre E-Mail-Adresse ein.',
} as const;

describe('contact form: submitting', () => {
  it('marks every field touched, shows each inline error and the summary, which takes focus', async () => {
    const { user, submission } = renderContact();
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBeInTheDocument();
    expect(summary.parentElement).toHaveFocus();
    // Named by its heading where it takes the focus: the invalid-form text is read with it, not only the list.
    expect(screen.getByRole('group', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBe(summary.parentElement);
    for (const [field, message] of Object.entries(GERMAN_MESSAGES)) {
      const control = screen.getByLabelText(DE[field as keyof typeof GERMAN_MESSAGES]);
      expect(control).toHaveAttribute('aria-invalid', 'true');
      expect(describedErrors(control)).toContain(message);
    }
    expect(screen.getByLabelText(DE.articleNumber)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(DE.attachments)).not.toHaveAttribute('aria-invalid');
    expect(submission.messages).toHaveLength(0);
  });

  it('lists one link per field in error, in screen order, each moving focus to its field', async () => {
    const { user } = renderContact();
    await user.type(screen.getByLabelText(DE.question), 'Wo ist mein Paket?');
    await user.click(screen.getByRole('button', { name: DE.submit }));

    const summary = await findErrorSummary();
    // The summary takes the focus first (an effect after it is shown); a link then moves it on.
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      GERMAN_MESSAGES.topic,
      GERMAN_MESSAGES.firstName,
      GERMAN_MESSAGES.lastName,
      GERMAN_MESSAGES.email,
    ]);
    expect(links[3]).toHaveAttribute('href', '#contact-email');
    await user.click(links[3]!);
    expect(screen.getByLabelText(DE.email)).toHaveFocus();
    await user.click(within(await findErrorSummary()).getByRole('link', { name: GERMAN_MESSAGES.topic }));
    expect(screen.getByLabelText(DE.topic)).toHaveFocus();
  });

  it('asks a Hungarian shopper for the family name first, as Hungarian names are written, and lists the errors in that order', async () => {
    const { user } = renderContact({ site: 'hu' });
    const family = await screen.findByLabelText('Vezetéknév');
    const given = screen.getByLabelText('Keresztnév');
    expect(family.compareDocumentPosition(given) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Each box still tells autofill which name it holds.
    expect(family).toHaveAttribute('autocomplete', 'family-name');
    expect(given).toHaveAttribute('autocomplete', 'given-name');
    await user.click(screen.getByRole('button', { name: text('hu', 'contact.submit') }));
    const links = within(await findErrorSummary()).getAllByRole('link').map((link) => link.textContent);
    const familyError = links.indexOf('Kötelező mező: kérjük, adja meg a vezetéknevét.');
    expect(familyError).toBeGreaterThanOrEqual(0);
    expect(links[familyError + 1]).toBe('Kötelező mező: kérjük, adja meg a keresztnevét.');
  });

  it('announces the summary once per refused submit: its alert is the heading alone, which fixing fields leaves as it is', async () => {
    const { user } = renderContact();
    await user.click(screen.getByRole('button', { name: DE.submit }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Bitte korrigieren Sie Ihre Angaben\.$/);
    await user.type(screen.getByLabelText(DE.email), 'max');
    await user.tab();
    expect(within(await findErrorSummary()).getByRole('link', { name: 'Ungültige E-Mail-Adresse.' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBe(alert);
    expect(alert).toHaveTextContent(/^Bitte korrigieren Sie Ihre Angaben\.$/);
    // The next refused submit is announced again: a new alert.
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(screen.getByRole('alert')).not.toBe(alert));
  });

  it('says in the document title that there is an error, and stops saying it once all is fixed', async () => {
    const { user } = renderContact();
    await waitFor(() => expect(document.title).toBe('Kontakt | Coffee & Home Kundenservice'));
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(document.title).toBe('Fehler: Kontakt | Coffee & Home Kundenservice'));

    await user.type(screen.getByLabelText(DE.question), 'Frage');
    await user.selectOptions(screen.getByLabelText(DE.topic), 'order');
    await user.type(screen.getByLabelText(DE.firstName), 'Erika');
    await user.type(screen.getByLabelText(DE.lastName), 'Mustermann');
    await user.type(screen.getByLabelText(DE.email), 'erika@example.org');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toBe('Kontakt | Coffee & Home Kundenservice');

    // A new error after that shows at its field; the summary waits for the next submit.
    await user.clear(screen.getByLabelText(DE.firstName));
    await user.tab();
    expect(describedErrors(screen.getByLabelText(DE.firstName))).toContain(GERMAN_MESSAGES.firstName);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.title).toBe('Kontakt | Coffee & Home Kundenservice');
  });

  it('focuses the summary again on every refused submit and keeps what was entered', async () => {
    const { user } = renderContact();
    await user.type(screen.getByLabelText(DE.firstName), 'Erika');
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
    await user.click(screen.getByLabelText(DE.lastName));
    expect(screen.getByLabelText(DE.lastName)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus());
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('Erika');
  });

  it('sends what an autofill tool put into the fields without input events, as the shopper sees it', async () => {
    const { user, submission } = renderContact();
    await user.type(screen.getByLabelText(DE.question), 'Lieferzeit?');
    await user.selectOptions(screen.getByLabelText(DE.topic), 'delivery');
    // Set as some password managers do: the value only, no input or change event.
    (screen.getByLabelText(DE.firstName) as HTMLInputElement).value = 'Anna';
    (screen.getByLabelText(DE.lastName) as HTMLInputElement).value = 'Nowak';
    (screen.getByLabelText(DE.email) as HTMLInputElement).value = 'anna@example.pl';
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    expect(submission.messages[0]).toMatchObject({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl' });
    expect(screen.queryByText(GERMAN_MESSAGES.firstName)).toBeNull();
  });

  it('sends them too when the shopper sends with Enter in a field, without leaving it', async () => {
    const { user, submission } = renderContact();
    await user.type(screen.getByLabelText(DE.question), 'Lieferzeit?');
    await user.selectOptions(screen.getByLabelText(DE.topic), 'delivery');
    await user.type(screen.getByLabelText(DE.email), 'anna@example.pl');
    (screen.getByLabelText(DE.firstName) as HTMLInputElement).value = 'Anna';
    (screen.getByLabelText(DE.lastName) as HTMLInputElement).value = 'Nowak';
    await user.keyboard('{Enter}');
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    expect(submission.messages[0]).toMatchObject({ firstName: 'Anna', lastName: 'Nowak', email: 'anna@example.pl' });
  });

  it('keeps what an autofill tool put into the fields without input events while the shopper types in another field after a refused send', async () => {
    const { user } = renderContact();
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    await user.click(screen.getByLabelText(DE.email));
    (screen.getByLabelText(DE.firstName) as HTMLInputElement).value = 'Anna';
    (screen.getByLabelText(DE.lastName) as HTMLInputElement).value = 'Nowak';
    await user.keyboard('anna@example.pl');
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('Anna');
    expect(screen.getByLabelText(DE.lastName)).toHaveValue('Nowak');
    expect(screen.getByLabelText(DE.email)).toHaveValue('anna@example.pl');
  });

  it.each([
    ['ticks the legal notice with the mouse (tr)', 'tr', (user: ReturnType<typeof renderContact>['user']) => user.click(screen.getByLabelText(text('tr', 'contact.legalConsent.label')))],
    ['chooses the topic with the mouse', 'de', (user: ReturnType<typeof renderContact>['user']) => user.selectOptions(screen.getByLabelText(text('de', 'contact.topic.label')), 'delivery')],
  ] as const)('keeps what an autofill tool put into the fields without input events when the shopper %s after a refused send', async (_case, site, act) => {
    const { user } = renderContact({ site });
    await user.click(screen.getByRole('button', { name: text(site, 'contact.submit') }));
    await screen.findByRole('alert');
    // The focus leaves the form (a click beside it): no field's blur comes before the press.
    (document.activeElement as HTMLElement | null)?.blur();
    (screen.getByLabelText(text(site, 'contact.firstName.label')) as HTMLInputElement).value = 'Anna';
    (screen.getByLabelText(text(site, 'contact.email.label')) as HTMLInputElement).value = 'anna@example.pl';
    await act(user);
    // The press itself counts: the notice is ticked, the topic chosen.
    if (site === 'tr') expect(screen.getByLabelText(text('tr', 'contact.legalConsent.label'))).toBeChecked();
    else expect(screen.getByLabelText(text('de', 'contact.topic.label'))).toHaveValue('delivery');
    expect(screen.getByLabelText(text(site, 'contact.firstName.label'))).toHaveValue('Anna');
    expect(screen.getByLabelText(text(site, 'contact.email.label'))).toHaveValue('anna@example.pl');
  });

  it('keeps what an autofill tool put into the fields without input events when the shopper moves through the form', async () => {
    const { user } = renderContact();
    (screen.getByLabelText(DE.firstName) as HTMLInputElement).value = 'Anna';
    (screen.getByLabelText(DE.lastName) as HTMLInputElement).value = 'Nowak';
    (screen.getByLabelText(DE.email) as HTMLInputElement).value = 'anna@example.pl';
    await user.type(screen.getByLabelText(DE.question), 'Lieferzeit?');
    await user.click(screen.getByLabelText(DE.firstName));
    await user.tab();
    await user.click(screen.getByLabelText(DE.question));
    expect(screen.getByLabelText(DE.firstName)).toHaveValue('Anna');
    expect(screen.getByLabelText(DE.lastName)).toHaveValue('Nowak');
    expect(screen.getByLabelText(DE.email)).toHaveValue('anna@example.pl');
    expect(screen.queryByText(GERMAN_MESSAGES.firstName)).toBeNull();
  });

  it('shows the e-mail format message exactly', async () => {
    const { user } = renderContact();
    await user.type(screen.getByLabelText(DE.email), 'erika(at)example.org');
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(describedErrors(screen.getByLabelText(DE.email))).toContain('Ungültige E-Mail-Adresse.');
  });

  it('sends a valid form without showing any error', async () => {
    const { user, submission } = renderContact();
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await waitFor(() => expect(submission.messages).toHaveLength(1));
    expect(screen.queryByText('Bitte korrigieren Sie Ihre Angaben.')).not.toBeInTheDocument();
  });
});

describe('contact form: the legal notice', () => {
  it.each(['de', 'at', 'ch', 'ch_fr', 'pl', 'cz', 'hu', 'sk'] as const)('has no legal-notice checkbox on %s', (site) => {
    renderContact({ site });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('asks for the legal notice on tr and points to the fields marked red', async () => {
    const { user } = renderContact({ site: 'tr' });
    const consent = screen.getByRole('checkbox', { name: 'Kişisel Verilerin İşlenmesine İlişkin Aydınlatma Metni’ni okudum ve onaylıyorum.' });
    await user.click(screen.getByRole('button', { name: text('tr', 'contact.submit') }));
    const summary = await findErrorSummary();
    expect(within(summary).getByRole('heading')).toHaveTextContent('Lütfen kırmızı ile işaretlenmiş alanları kontrol edin.');
    expect(describedErrors(consent)).toContain('Lütfen Aydınlatma Metni’ni okuyup onaylayın.');
    expect(within(summary).getByRole('link', { name: 'Lütfen Aydınlatma Metni’ni okuyup onaylayın.' })).toHaveAttribute(
      'href',
      '#contact-legalConsent',
    );
    await waitFor(() => expect(document.title).toMatch(/^Hata: /));
  });
});
