import { useCallback } from 'react';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import type { TrackingClient } from '../../../ports/tracking-client';
import { pushQuietly, usePageView, type PageView } from '../../hooks/use-page-view';
import { useTracking } from '../../hooks/use-tracking';

/** The contact page's initial page data (the language of the texts shown is added). */
export const CONTACT_PAGE_VIEW: PageView = {
  page_type: 'contact',
  page_name: 'contact',
  node_level_1: 'service',
  node_level_2: 'contact',
  exactag_site_group: 'Content',
};

/** The contact page's initial page data for a language. */
export const contactPageData = (language: string): Record<string, unknown> => ({ ...CONTACT_PAGE_VIEW, language });

/** The GA4 custom event of a send's outcome. */
export const sendOutcomeEvent = (outcome: SubmissionOutcome): Record<string, unknown> => ({
  event_type: 'ga4_event',
  event_name: 'system_response',
  subject: 'contact_form',
  response_type: outcome.kind === 'sent' ? 'success' : 'error',
  response_details: outcome.kind === 'sent' ? 'sent' : outcome.kind === 'invalid' ? 'invalid_data' : 'transmission_error',
});

/** Pushes the contact page's initial page data once, on mount; returns the send-outcome tracker. */
export function useContactTracking(): (outcome: SubmissionOutcome) => void {
  const tracking: TrackingClient = useTracking();
  usePageView(CONTACT_PAGE_VIEW);
  return useCallback((outcome: SubmissionOutcome) => pushQuietly(() => tracking.pushCustomEvent(sendOutcomeEvent(outcome))), [tracking]);
}
