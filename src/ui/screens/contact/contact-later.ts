/**
 * What the contact screen needs only after its first render, one chunk (`contact-rules`): the domain's
 * contact rules (zod), and the error summary, the server's field errors, the send-failure text and
 * the success view, which show only after a submit (which waits for this chunk).
 */
export { validateContact, validateContactField } from '../../../domain/support/contact-message';
export { ErrorSummary } from './error-summary';
export { SuccessView } from './success-view';
export { SendFailure } from './send-failure';
export { showServerErrors } from './server-errors';
