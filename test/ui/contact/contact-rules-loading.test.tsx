import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { heldChunk } from '../helpers/held-chunk';

// The contact screen's later part (the domain's rules, the error summary, the success view) is a chunk
// the page loads after its first render: here it is held back (or fails) to see what a visitor sees
// meanwhile. The screen is imported anew for each test (after `vi.resetModules`), so that its chunk
// starts out not loaded.
const chunk = heldChunk();

const LATER = '../../../src/ui/screens/contact/contact-later';
const QUESTION_REQUIRED = 'Pflichtfeld: Bitte geben Sie Ihre Frage ein.';
const INVALID_FORM = 'Bitte korrigieren Sie Ihre Angaben.';
const DE = { question: 'Ihre Frage', submit: 'Frage absenden' } as const;

beforeEach(() => {
  vi.resetModules();
  chunk.hold();
  vi.doMock(LATER, chunk.factory);
});

/** The contact screen of the DE site, from a fresh module graph (its later part not loaded yet). */
async function renderFreshContact() {
  const [{ supportServices }, { SupportProviders }, { ContactScreen }, { ContactServicesProvider }, { MemoryContactSubmission }, { MemoryDraftStore }, { RecordingTrackingClient }] =
    await Promise.all([
      import('../helpers/render-support'),
      import('../../../src/ui/providers/support-providers'),
      import('../../../src/ui/screens/contact/contact-screen'),
      import('../../../src/ui/screens/contact/contact-services'),
      import('../../../src/adapters/memory/memory-contact-submission'),
      import('../../../src/adapters/memory/memory-draft-store'),
      import('../../../src/adapters/memory/recording-tracking-client'),
    ]);
  const { siteStore, texts } = supportServices('de');
  const submission = new MemoryContactSubmission<File>();
  const tracking = new RecordingTrackingClient();
  render(
    <SupportProviders siteStore={siteStore} texts={texts} tracking={tracking}>
      <ContactServicesProvider submission={submission} drafts={new MemoryDraftStore()}>
        <ContactScreen />
      </ContactServicesProvider>
    </SupportProviders>,
  );
  return { user: userEvent.setup({ delay: null, applyAccept: false }), submission, tracking };
}

const errorsOf = (control: HTMLElement): string =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? document.getElementById(id) : null))
    .filter((node): node is HTMLElement => node !== null && node.classList.contains('field-error'))
    .map((node) => node.textContent ?? '')
    .join(' ');

describe('contact form: while its rules load', () => {
  it('shows the error of a field blurred before the rules arrived once they do', async () => {
    const { user } = await renderFreshContact();
    const question = screen.getByLabelText(DE.question);
    await user.click(question);
    await user.tab();
    expect(question).not.toHaveAttribute('aria-invalid');
    chunk.release();
    await waitFor(() => expect(question).toHaveAttribute('aria-invalid', 'true'));
    expect(errorsOf(question)).toContain(QUESTION_REQUIRED);
  });

  it('shows the error of a select changed before the rules arrived once they do', async () => {
    const { user } = await renderFreshContact();
    const topic = screen.getByLabelText('Thema');
    await user.selectOptions(topic, 'order');
    await user.selectOptions(topic, '');
    expect(topic).not.toHaveAttribute('aria-invalid');
    chunk.release();
    await waitFor(() => expect(topic).toHaveAttribute('aria-invalid', 'true'));
    expect(errorsOf(topic)).toContain('Bitte wählen Sie ein Thema aus.');
  });

  it('makes a submit wait for the rules: an empty form is refused with the error summary', async () => {
    const { user, submission } = await renderFreshContact();
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(screen.queryByText(INVALID_FORM)).not.toBeInTheDocument();
    await act(async () => chunk.release());
    expect(await screen.findByText(INVALID_FORM)).toBeInTheDocument();
    expect(errorsOf(screen.getByLabelText(DE.question))).toContain(QUESTION_REQUIRED);
    expect(submission.messages).toHaveLength(0);
  });

  it('shows at once that a press was taken while the rules load, and ends it with the error summary of an empty form', async () => {
    const { user } = await renderFreshContact();
    const send = screen.getByRole('button', { name: DE.submit });
    await user.click(send);
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText(DE.question)).toHaveAttribute('readonly');
    await act(async () => chunk.release());
    expect(await screen.findByText(INVALID_FORM)).toBeInTheDocument();
    expect(send).not.toHaveAttribute('aria-disabled');
    expect(screen.getByLabelText(DE.question)).not.toHaveAttribute('readonly');
  });

  it('asks for a reload when the rules cannot be loaded (no send can work before it), sends nothing, and tracks the failure it shows', async () => {
    chunk.failNow();
    const { user, submission, tracking } = await renderFreshContact();
    await user.type(screen.getByLabelText(DE.question), 'Lieferzeit?');
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.',
    );
    expect(screen.queryByText(/Übertragungsfehlers/)).toBeNull();
    expect(screen.getByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    expect(submission.messages).toHaveLength(0);
    await waitFor(() =>
      expect(tracking.pushes.find((push) => push.method === 'pushCustomEvent')?.data).toMatchObject({
        event_name: 'system_response',
        response_type: 'error',
        response_details: 'transmission_error',
      }),
    );
  });
});
