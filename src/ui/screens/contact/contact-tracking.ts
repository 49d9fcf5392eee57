import { useCallback } from 'react';
import type { SubmissionOutcome } from '../../../ports/contact-submission';
import type { TrackingClient } from '../../../ports/tracking-client';
import { sendOutcomeEvent } from '../../../domain/support/send-outcome-event';
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


/** Pushes the contact page's initial page data once, on mount; returns the send-outcome tracker. */
export function useContactTracking(): (outcome: SubmissionOutcome) => void {
  const tracking: TrackingClient = useTracking();
  usePageView(CONTACT_PAGE_VIEW);
  return useCallback((outcome: SubmissionOutcome) => pushQuietly(() => tracking.pushCustomEvent(sendOutcomeEvent(outcome, 'contact_form'))), [tracking]);
}
