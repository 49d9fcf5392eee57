import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../helpers/render-app';
import { DE, fillValidGerman } from './support';

const SUCCESS = 'Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.';

/**
 * The German form reached inside the app (from the cancellation page), filled in and sending, its answer
 * held; `uploaded`: the message has reached the service, so leaving no longer withdraws it.
 */
async function sending({ uploaded }: { uploaded: boolean }) {
  const user = userEvent.setup({ delay: null });
  const { router, submission } = renderApp('/cancellation?site=de');
  await screen.findByRole('heading', { level: 1 });
  await act(() => router.navigate('/contact?site=de'));
  await fillValidGerman(user);
  const release = submission.hold({ uploaded });
  await user.click(screen.getByRole('button', { name: DE.submit }));
  await screen.findByRole('progressbar', { name: 'Fortschritt beim Senden' });
  return { user, router, submission, release };
}

describe('contact form: a send under way when the visitor leaves the form inside the app', () => {
  it('is withdrawn by Back (no pagehide), so the form offered again on Forward is sent once, not twice', async () => {
    const { user, router, submission, release } = await sending({ uploaded: false });

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: /kündigen/i });
    await act(() => router.navigate(1));
    expect(await screen.findByLabelText(DE.question)).toHaveValue('Lieferzeit?');
    expect(screen.getByLabelText(DE.email)).toHaveValue('e@x.de');
    expect(submission.received).toEqual([]);

    release();
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(submission.received).toHaveLength(1);
  });

  it('already uploaded when the visitor leaves: the answer is kept, and coming back shows that the message was sent, once', async () => {
    const { router, submission, release } = await sending({ uploaded: true });

    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: /kündigen/i });
    await act(async () => release());
    await act(() => router.navigate(1));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Nachricht gesendet');
    await waitFor(() => expect(document.title).toBe('Nachricht gesendet | Coffee & Home Kundenservice'));
    // The view's heading names the page to a screen reader; the main landmark alone says nothing.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Nachricht gesendet' }));
    expect(submission.received).toHaveLength(1);

    // Seen once: the next visit of the form starts afresh.
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: /kündigen/i });
    await act(() => router.navigate(1));
    expect(await screen.findByLabelText(DE.question)).toHaveValue('');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Kontakt | Coffee & Home Kundenservice'));
  });

  it('reopened before the answer and edited: the answer leaves the restored, edited draft as it is', async () => {
    const { user, router, submission, release } = await sending({ uploaded: true });

    await act(() => router.navigate(-1));
    await act(() => router.navigate(1));
    const question = await screen.findByLabelText(DE.question);
    await waitFor(() => expect(question).toHaveValue('Lieferzeit?'));
    await user.type(question, ' Und eine zweite Frage.');
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: /kündigen/i });
    await act(async () => release());
    await act(() => router.navigate(1));
    expect(await screen.findByLabelText(DE.question)).toHaveValue('Lieferzeit? Und eine zweite Frage.');
    expect(screen.queryByText(SUCCESS)).not.toBeInTheDocument();
    expect(submission.received).toHaveLength(1);
  });

  it('the success waiting for the return shows on the site it was sent from only', async () => {
    const { router, submission, release } = await sending({ uploaded: true });
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { level: 1, name: /kündigen/i });
    await act(async () => release());

    await act(() => router.navigate('/contact?site=tr'));
    expect(await screen.findByRole('button', { name: 'Soruyu gönder' })).toBeInTheDocument();
    expect(screen.queryByText('Mesaj gönderildi')).not.toBeInTheDocument();
    await act(() => router.navigate('/contact?site=de'));
    expect(await screen.findByText(SUCCESS)).toBeInTheDocument();
  });
});
