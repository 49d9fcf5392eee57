import type { FileDescriptor } from '../../../src/domain/support/attachments';
import type { OutgoingContactMessage } from '../../../src/ports/contact-submission';

/** A valid contact message as the form hands it to a ContactSubmission (German site, no files). */
export const contactMessage = <F extends FileDescriptor = File>(
  overrides: Partial<OutgoingContactMessage<F>> = {},
): OutgoingContactMessage<F> => ({
  site: 'de',
  question: 'Wo bleibt mein Paket?',
  topic: 'delivery',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika@example.org',
  articleNumber: undefined,
  legalConsent: undefined,
  attachments: [],
  ...overrides,
});
