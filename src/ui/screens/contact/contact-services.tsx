import { createContext, useMemo, type ReactNode } from 'react';
import { useProvided } from '../../hooks/use-provided';
import type { ContactSubmission } from '../../../ports/contact-submission';
import type { DraftStore } from '../../../ports/draft-store';

/** What the contact screen needs from outside: where messages go and where drafts are kept. */
export interface ContactServices {
  readonly submission: ContactSubmission<File>;
  readonly drafts: DraftStore;
}

const ContactServicesContext = createContext<ContactServices | null>(null);

/** Gives the contact screen its submission and draft store (browser: XHR and IndexedDB; tests: memory twins). */
export function ContactServicesProvider({ submission, drafts, children }: ContactServices & { children?: ReactNode }) {
  const services = useMemo(() => ({ submission, drafts }), [submission, drafts]);
  return <ContactServicesContext.Provider value={services}>{children}</ContactServicesContext.Provider>;
}

/** The contact screen's services; throws outside a {@link ContactServicesProvider}. */
export function useContactServices(): ContactServices {
  return useProvided(ContactServicesContext, 'useContactServices');
}
