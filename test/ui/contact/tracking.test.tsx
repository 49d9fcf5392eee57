import { screen, waitFor } from '@testing-library/react';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { DE, RecordingTrackingClient, fillValidGerman, renderContact } from './support';

describe('contact page tracking', () => {
  it('pushes the contact page’s initial page data once on mount', async () => {
    const tracking = new RecordingTrackingClient();
    renderContact({ tracking });
    await waitFor(() => expect(tracking.pushes).toHaveLength(1));
    expect(tracking.pushes[0]).toEqual({
      method: 'pushInitialPageData',
      data: expect.objectContaining({ page_type: 'contact', page_name: 'contact', exactag_site_group: 'Content', language: 'de-DE' }),
    });
  });

  it('names the language of the texts shown (ch_fr)', async () => {
    const tracking = new RecordingTrackingClient();
    renderContact({ site: 'ch_fr', tracking });
    await waitFor(() => expect(tracking.pushes[0]?.data).toMatchObject({ language: 'fr-CH' }));
  });

  it('pushes a GA4 custom event for a successful send', async () => {
    const tracking = new RecordingTrackingClient();
    const { user } = renderContact({ tracking });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.');
    expect(tracking.pushes.filter((push) => push.method === 'pushCustomEvent')).toEqual([
      {
        method: 'pushCustomEvent',
        data: {
          event_type: 'ga4_event',
          event_name: 'system_response',
          subject: 'contact_form',
          response_type: 'success',
          response_details: 'sent',
        },
      },
    ]);
  });

  it('pushes a GA4 custom event for a failed send', async () => {
    const tracking = new RecordingTrackingClient();
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'failed' });
    const { user } = renderContact({ tracking, submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    expect(tracking.pushes.find((push) => push.method === 'pushCustomEvent')?.data).toMatchObject({
      event_name: 'system_response',
      subject: 'contact_form',
      response_type: 'error',
    });
  });

  it.each([
    [{ site: 'site.invalid' }, 'transmission_error'],
    [{ email: 'email.invalid' }, 'invalid_data'],
  ])('tracks a 400 naming %j as the shopper is shown it: %s', async (errors, details) => {
    const tracking = new RecordingTrackingClient();
    const submission = new MemoryContactSubmission<File>().answer({ kind: 'invalid', errors });
    const { user } = renderContact({ tracking, submission });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    await waitFor(() =>
      expect(tracking.pushes.find((push) => push.method === 'pushCustomEvent')?.data).toMatchObject({ response_type: 'error', response_details: details }),
    );
  });

  it('pushes nothing for a form refused in the browser', async () => {
    const tracking = new RecordingTrackingClient();
    const { user } = renderContact({ tracking });
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('alert');
    expect(tracking.pushes.map((push) => push.method)).toEqual(['pushInitialPageData']);
  });

  it('never lets failing tracking affect the form', async () => {
    const tracking = new RecordingTrackingClient(true);
    const { user, submission } = renderContact({ tracking });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    expect(await screen.findByText('Ihre Frage wurde an den Kundenservice geschickt. Vielen Dank.')).toBeInTheDocument();
    expect(submission.messages).toHaveLength(1);
  });
});
