import { useCallback, useEffect, useRef } from 'react';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import type { TrackingClient } from '../../../ports/tracking-client';
import { useTexts } from '../../hooks/use-texts';
import { useTracking } from '../../hooks/use-tracking';

/** The contact page's initial page data. */
export const contactPageData = (language: string): Record<string, unknown> => ({
  page_type: 'contact',
  page_name: 'contact',
  node_level_1: 'service',
  node_level_2: 'contact',
  exactag_site_group: 'Content',
  language,
});

/** The GA4 custom event of a send's outcome. */
export const sendOutcomeEvent = (outcome: SubmissionOutcome): Record<string, unknown> => ({
  event_type: 'ga4_event',
  event_name: 'system_response',
  subject: 'contact_form',
  response_type: outcome.kind === 'sent' ? 'success' : 'error',
  response_details: outcome.kind === 'sent' ? 'sent' : outcome.kind === 'invalid' ? 'invalid_data' : 'transmission_error',
});

/** Tracking never affects the form: a push that throws or rejects is ignored (the library logs it). */
const quietly = (push: () => Promise<void>) => {
  try {
    void push().catch(() => undefined);
  } catch {
    // ignored: see above
  }
};

/** Pushes the contact page's initial page data once, on mount; returns the send-outcome tracker. */
export function useContactTracking(): (outcome: SubmissionOutcome) => void {
  const tracking: TrackingClient = useTracking();
  const { language } = useTexts();
  const pushed = useRef(false);

  useEffect(() => {
    if (pushed.current) return;
    pushed.current = true;
    quietly(() => tracking.pushInitialPageData(contactPageData(language)));
  }, [tracking, language]);

  return useCallback((outcome: SubmissionOutcome) => quietly(() => tracking.pushCustomEvent(sendOutcomeEvent(outcome))), [tracking]);
}
