import { act, fireEvent, screen } from '@testing-library/react';
import { DE, describedErrors, fileOf, pdf, renderContact, text } from './support';

const QUESTION_REQUIRED = 'Pflichtfeld: Bitte geben Sie Ihre Frage ein.';
const EMAIL_INVALID = 'Ungültige E-Mail-Adresse.';

describe('contact form: when each field kind is validated', () => {
  it('shows no error while typing into a text field before its first blur', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'erika@');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    await user.type(email, 'x');
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
  });

  it('shows the error of a text field when it loses focus, tied to it by aria-describedby and aria-invalid', async () => {
    const { user } = renderContact();
    const question = screen.getByLabelText(DE.question);
    await user.click(question);
    await user.tab();
    expect(question).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(question)).toContain(QUESTION_REQUIRED);
    expect(question).toHaveAccessibleDescription(expect.stringContaining(QUESTION_REQUIRED));
  });

  it('updates an error already shown on change, and removes it as soon as the value is valid', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.click(email);
    await user.tab();
    expect(describedErrors(email)).toContain('Pflichtfeld: Bitte geben Sie Ihre E-Mail-Adresse ein.');
    await user.type(email, 'erika');
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
    await user.type(email, '@example.org');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(describedErrors(email)).toBe('');
  });

  it('shows the new error, not the old one, on a page a translator changed (it wraps each text in <font>)', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'erika');
    await user.tab();
    const shown = document.getElementById(email.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('-error'))!)!;
    expect(shown.textContent).toContain(EMAIL_INVALID);
    // As the browser's translator does: the text node goes, a <font> with the translation takes its place.
    for (const node of [...shown.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)) {
      const font = document.createElement('font');
      font.textContent = `[en] ${node.textContent}`;
      node.replaceWith(font);
    }
    await user.clear(email);
    await user.tab();
    const now = document.getElementById(`${email.id}-error`)!;
    expect(now.textContent).toContain('Pflichtfeld: Bitte geben Sie Ihre E-Mail-Adresse ein.');
    expect(now.textContent).not.toContain(EMAIL_INVALID);
  });

  it('does not validate on change after a valid blur: the next error waits for the next blur', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'erika@example.org');
    await user.tab();
    expect(describedErrors(email)).toBe('');
    await user.clear(email);
    await user.type(email, 'erika');
    expect(describedErrors(email)).toBe('');
    await user.tab();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });

  it('validates the topic select on change: back to the unselected choice shows its message', async () => {
    const { user } = renderContact();
    const topic = screen.getByLabelText(DE.topic);
    await user.selectOptions(topic, 'order');
    expect(topic).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(topic, '');
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(topic)).toContain('Bitte wählen Sie ein Thema aus.');
    await user.selectOptions(topic, 'payment');
    expect(describedErrors(topic)).toBe('');
  });

  it('validates the legal-notice checkbox on change (tr)', async () => {
    const { user } = renderContact({ site: 'tr' });
    const consent = screen.getByLabelText(text('tr', 'contact.legalConsent.label'));
    await user.click(consent);
    expect(consent).not.toHaveAttribute('aria-invalid');
    await user.click(consent);
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(consent)).toContain('Lütfen Aydınlatma Metni’ni okuyup onaylayın.');
    await user.click(consent);
    expect(describedErrors(consent)).toBe('');
  });

  it('validates the topic select and the legal-notice checkbox when they are left unchosen, as the text fields (spec §5: on blur too)', async () => {
    const { user } = renderContact({ site: 'tr' });
    const topic = screen.getByLabelText(text('tr', 'contact.topic.label'));
    const consent = screen.getByLabelText(text('tr', 'contact.legalConsent.label'));
    topic.focus();
    await user.tab();
    expect(topic).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(topic)).toContain(text('tr', 'contact.errors.topic.required'));
    consent.focus();
    await user.tab();
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(consent)).toContain('Lütfen Aydınlatma Metni’ni okuyup onaylayın.');
    // A change answers the blur's error: no stale message.
    await user.selectOptions(topic, 'order');
    expect(describedErrors(topic)).toBe('');
    await user.click(consent);
    expect(describedErrors(consent)).toBe('');
  });

  it('validates the file control on change: a refused pick is explained at once', async () => {
    const { user } = renderContact();
    const files = screen.getByLabelText(DE.attachments);
    await user.upload(files, fileOf('setup.exe', 'application/x-msdownload'));
    expect(files).toHaveAttribute('aria-invalid', 'true');
    expect(describedErrors(files)).toContain('Bitte wählen Sie eine Datei im Format jpg, png oder pdf.');
    await user.upload(files, pdf());
    expect(describedErrors(files)).toBe('');
  });

  it('never validates a field the visitor has not left or changed', async () => {
    const { user } = renderContact();
    await user.type(screen.getByLabelText(DE.question), 'Hallo');
    for (const label of [DE.topic, DE.firstName, DE.lastName, DE.email, DE.attachments]) {
      expect(screen.getByLabelText(label)).not.toHaveAttribute('aria-invalid');
    }
  });
});

describe('contact form: a press on the send button is not undone by the blur it causes', () => {
  it('shows the left field\'s error only once the press has ended, so the press lands on the button', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'a@b');
    const send = screen.getByRole('button', { name: DE.submit });
    await user.pointer({ keys: '[MouseLeft>]', target: send });
    // Pressed: the e-mail field has lost the focus, but no error has appeared above the button yet.
    expect(email).not.toHaveFocus();
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: send });
    expect(await screen.findByRole('heading', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBeInTheDocument();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });

  it('lets a tap on the send button land too, where the focus moves only after the finger is lifted', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'a@b');
    const send = screen.getByRole('button', { name: DE.submit });
    // A touch screen: pointerdown, pointerup, then (a task later) the mousedown that moves the focus, mouseup, click.
    fireEvent.pointerDown(send, { pointerType: 'touch' });
    fireEvent.pointerUp(send, { pointerType: 'touch' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    fireEvent.mouseDown(send);
    act(() => send.focus());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(email).not.toHaveFocus();
    expect(screen.queryByText(EMAIL_INVALID)).not.toBeInTheDocument();
    fireEvent.mouseUp(send);
    fireEvent.click(send);
    expect(await screen.findByRole('heading', { name: 'Bitte korrigieren Sie Ihre Angaben.' })).toBeInTheDocument();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });

  it('shows the error at once when the field is left with the keyboard after a press with the other button (its context menu took the mouseup)', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'a@b');
    // macOS and Linux open the context menu at the right button's mousedown: the page sees no mouseup.
    fireEvent.pointerDown(email, { button: 2 });
    fireEvent.mouseDown(email, { button: 2 });
    fireEvent.contextMenu(email);
    await user.tab();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });

  it('shows the error at once when the field is left with the keyboard after a Ctrl+click on macOS (its context menu opens at the main button\'s press)', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'a@b');
    // The main button with Ctrl: macOS opens the context menu at the mousedown, and no mouseup follows.
    fireEvent.pointerDown(email, { button: 0, ctrlKey: true });
    fireEvent.mouseDown(email, { button: 0, ctrlKey: true });
    fireEvent.contextMenu(email, { button: 0, ctrlKey: true });
    await user.tab();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });

  it('shows the error at once when the field is left with the keyboard', async () => {
    const { user } = renderContact();
    const email = screen.getByLabelText(DE.email);
    await user.type(email, 'a@b');
    await user.tab();
    expect(describedErrors(email)).toContain(EMAIL_INVALID);
  });
});
