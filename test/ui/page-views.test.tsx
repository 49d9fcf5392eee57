import { screen, waitFor } from '@testing-library/react';
import { RecordingTrackingClient } from '../../src/adapters/memory/recording-tracking-client';
import { renderApp } from './helpers/render-app';

const pageViews = (tracking: RecordingTrackingClient) =>
  tracking.pushes.filter((p) => p.method === 'pushInitialPageData').map((p) => p.data);

describe('every screen tells the tracker what it is, once', () => {
  it('the contact screen pushes the contact page data with the language of its texts', async () => {
    const tracking = new RecordingTrackingClient();
    renderApp('/contact?site=ch_fr', { tracking });
    await waitFor(() => expect(pageViews(tracking)).toEqual([expect.objectContaining({ page_type: 'contact', language: 'fr-CH' })]));
  });

  it('the cancellation screen of a DACH site pushes its page data', async () => {
    const tracking = new RecordingTrackingClient();
    renderApp('/cancellation?site=at', { tracking });
    await waitFor(() =>
      expect(pageViews(tracking)).toEqual([
        expect.objectContaining({
          page_type: 'cancellation',
          page_name: 'cancellation',
          node_level_1: 'service',
          node_level_2: 'cancellation',
          exactag_site_group: 'coffee_subscription',
          language: 'de-AT',
        }),
      ]),
    );
  });

  it('the not-found page pushes an error page view', async () => {
    const tracking = new RecordingTrackingClient();
    renderApp('/assets/x1.js', { tracking });
    expect(await screen.findByText('Page not found: /assets/x1.js')).toBeInTheDocument();
    await waitFor(() => expect(pageViews(tracking)).toEqual([expect.objectContaining({ page_type: 'error', page_name: 'page not found' })]));
  });

  it('a tracker that rejects never breaks the screen', async () => {
    renderApp('/cancellation?site=de', { tracking: new RecordingTrackingClient(true) });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });
});
