import { screen, waitFor } from '@testing-library/react';
import { CONTACT_MESSAGE_KEYS, CONTACT_TOPICS } from '../../../src/domain/support/contact-message';
import { SITE_CODES } from '../../../src/domain/support/sites';
import { limitParams } from '../../../src/ui/screens/contact/contact-values';
import { siteDictionary } from '../helpers/site-dictionaries';
import { DE, describedErrors, renderContact, text } from './support';

describe('contact texts', () => {
  it.each(SITE_CODES)('has a text for every message key of the domain and every topic on %s, with every placeholder filled', (site) => {
    for (const key of CONTACT_MESSAGE_KEYS) {
      const message = text(site, `contact.errors.${key}`, { ...limitParams(), max: 50 });
      expect(message, key).not.toMatch(/\{\{|\}\}/);
      expect(message.length, key).toBeGreaterThan(5);
    }
    const topics = CONTACT_TOPICS.map((topic) => text(site, `contact.topic.options.${topic}`));
    expect(new Set(topics).size).toBe(CONTACT_TOPICS.length);
  });

  it.each(SITE_CODES)('names each file remove button with the word it shows, for speech input (WCAG 2.5.3) on %s', (site) => {
    const shown = text(site, 'contact.attachments.removeShort').toLocaleLowerCase();
    const words = text(site, 'contact.attachments.remove', { name: 'a.png' }).toLocaleLowerCase().split(/[\s:,.]+/);
    expect(words).toContain(shown);
  });

  it('quotes the spec’s German texts exactly', () => {
    expect(text('de', 'contact.errors.email.invalid')).toBe('Ungültige E-Mail-Adresse.');
    expect(text('de', 'contact.invalidForm')).toBe('Bitte korrigieren Sie Ihre Angaben.');
    expect(text('de', 'contact.success.text')).toBe('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.');
    expect(text('de', 'contact.errors.question.required')).toMatch(/^Pflichtfeld: .*Frage/);
    expect(text('de', 'contact.failure.text')).toMatch(/^Aufgrund eines Übertragungsfehlers hat uns Ihre Nachricht leider nicht erreicht/);
    expect(text('de', 'contact.errors.attachments.wrongType')).toMatch(/jpg, png oder pdf/);
  });

  it('keeps a sign that follows a space on its line: a no-break space before French : ? ! ;, between a number and its %, and between a size and its unit', () => {
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : value && typeof value === 'object' ? Object.values(value).flatMap(texts) : [];
    for (const site of SITE_CODES) {
      for (const line of texts(siteDictionary(site))) {
        expect(line, `${site}: ${line}`).not.toMatch(/(\d|\}\}) (%|MB|Mo|kB)\b/);
        if (site === 'ch_fr') expect(line, `${site}: ${line}`).not.toMatch(/ [:?!;](\s|$)/);
      }
    }
  });

  it('uses Swiss spelling on ch', () => {
    expect(text('ch', 'contact.errors.attachments.tooLarge', limitParams())).toBe('Eine Datei darf höchstens 5\u00a0MB gross sein.');
  });

  it('shows the screen in the site’s language, with the eyebrow and the privacy link (ch_fr)', () => {
    renderContact({ site: 'ch_fr' });
    expect(screen.getByText('CONTACT')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Comment pouvons-nous vous aider\u00a0?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'déclaration de protection des données' })).toHaveAttribute('href', '/protection-des-donnees');
    expect(screen.getByLabelText('Numéro d’article (facultatif)')).toBeInTheDocument();
  });

  it('shows the German screen with the eyebrow KONTAKT, the question hint and the eleven topics after the unselected choice', () => {
    renderContact();
    expect(screen.getByText('KONTAKT')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Wie können wir Ihnen helfen?' })).toBeInTheDocument();
    expect(screen.getByLabelText(DE.question)).toHaveAccessibleDescription(
      'Schon während Sie schreiben, schlagen wir Ihnen passende Antworten vor.',
    );
    const options = screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent]);
    expect(options[0]).toEqual(['', 'Bitte wählen Sie ein Thema']);
    expect(options.slice(1).map(([value]) => value)).toEqual([...CONTACT_TOPICS]);
    expect(screen.getByLabelText(DE.topic)).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Datenschutzhinweisen' })).toBeInTheDocument();
  });

  it('names the limit in the too-long message of the question', async () => {
    const { user } = renderContact();
    const question = screen.getByLabelText(DE.question);
    await user.click(question);
    await user.paste('x'.repeat(5001));
    await user.tab();
    expect(describedErrors(question)).toContain('Ihre Frage darf höchstens 5.000 Zeichen lang sein.');
  });

  it('says how many characters the question has left near its limit, and how many it is over, while the shopper types', async () => {
    const { user } = renderContact();
    const question = screen.getByLabelText(DE.question);
    await user.click(question);
    await user.paste('x'.repeat(4000));
    expect(screen.queryByText(/Verbleibende Zeichen/)).not.toBeInTheDocument();
    await user.paste('x'.repeat(600));
    expect(screen.getByText('Verbleibende Zeichen: 400')).toBeInTheDocument();
    await user.paste('x'.repeat(450));
    // Still typing (no error yet): the count says how much to cut.
    expect(screen.getByText('Zeichen zu viel: 50')).toBeInTheDocument();
    await user.keyboard('{Backspace}'.repeat(50));
    expect(screen.getByText('Verbleibende Zeichen: 0')).toBeInTheDocument();
    // Shown, it describes the field too: a screen reader landing on it hears the count with the hint.
    expect(question).toHaveAccessibleDescription(
      'Schon während Sie schreiben, schlagen wir Ihnen passende Antworten vor. Verbleibende Zeichen: 0',
    );
  });

  it('tells a screen reader the count once the shopper pauses, not at every key (a live region)', async () => {
    const { user } = renderContact();
    const spoken = () =>
      [...document.querySelectorAll('[aria-live]')].map((region) => region.textContent ?? '').filter((said) => said.includes('Zeichen'));
    await user.click(screen.getByLabelText(DE.question));
    await user.paste('x'.repeat(4600));
    expect(spoken()).toEqual([]);
    await waitFor(() => expect(spoken()).toEqual(['Verbleibende Zeichen: 400']), { timeout: 3000 });
    await user.keyboard('abc');
    // Shown at once; heard once the keys stop.
    expect(screen.getByText('Verbleibende Zeichen: 397')).toBeInTheDocument();
    expect(spoken()).toEqual(['Verbleibende Zeichen: 400']);
    await waitFor(() => expect(spoken()).toEqual(['Verbleibende Zeichen: 397']), { timeout: 3000 });
  });

  it('counts as the rule counts: an emoji is one character, the spaces around the text none', async () => {
    const { user } = renderContact();
    const question = screen.getByLabelText(DE.question);
    await user.click(question);
    await user.paste(`  ${'😀'.repeat(4600)}  `);
    expect(screen.getByText('Verbleibende Zeichen: 400')).toBeInTheDocument();
    await user.tab();
    expect(describedErrors(question)).not.toContain('höchstens');
    expect(question).not.toBeInvalid();
  });

  it('names the limit in the too-long messages of the e-mail address (254) and the article number (50)', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.click(email);
    await user.paste(`${'a'.repeat(250)}@example.de`);
    const article = screen.getByLabelText(DE.articleNumber);
    await user.click(article);
    await user.paste('1'.repeat(51));
    await user.tab();
    // Read out as an error: its hidden label first.
    expect(describedErrors(email)).toBe('Fehler: Ihre E-Mail-Adresse darf höchstens 254 Zeichen lang sein.');
    expect(describedErrors(article)).toContain('Die Artikelnummer darf höchstens 50 Zeichen lang sein.');
  });

  it('lets the file picker offer only the allowed types', () => {
    renderContact();
    expect(screen.getByLabelText(DE.attachments)).toHaveAttribute('accept', '.pdf,.png,.jpg,.jpeg,.jfif');
  });

  it('lets each text field take the direction of what is typed: Arabic or Hebrew reads right to left', () => {
    renderContact();
    for (const label of [DE.question, DE.firstName, DE.lastName, DE.email]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'auto');
    }
  });
});
