import type { SubmissionOutcome } from '../../ports/contact-submission';

/** The GA4 custom event of a form send's outcome; `subject` names the form ('contact_form', 'cancellation_form'). */
export const sendOutcomeEvent = (outcome: SubmissionOutcome, subject: string): Record<string, unknown> => ({
  event_type: 'ga4_event',
  event_name: 'system_response',
  subject,
  response_type: outcome.kind === 'sent' ? 'success' : 'error',
  response_details: outcome.kind === 'sent' ? 'sent' : outcome.kind === 'invalid' ? 'invalid_data' : 'transmission_error',
});
