/**
 * The contact screen under the real providers and the real texts of `locales/`, with memory twins of
 * the submission, the draft store and the tracking client; and the steps a visitor takes.
 */
import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryContactSubmission } from '../../../src/adapters/memory/memory-contact-submission';
import { MemoryDraftStore } from '../../../src/adapters/memory/memory-draft-store';
import type { SiteCode } from '../../../src/domain/support/sites';
import type { TrackingClient } from '../../../src/ports/tracking-client';
import { SupportProviders } from '../../../src/ui/providers/support-providers';
import { ContactScreen } from '../../../src/ui/screens/contact/contact-screen';
import { ContactServicesProvider } from '../../../src/ui/screens/contact/contact-services';
import { loadContactRules } from '../../../src/ui/screens/contact/contact-rules';
import { RecordingTrackingClient } from '../../../src/adapters/memory/recording-tracking-client';
import { supportServices } from '../helpers/render-support';
import { siteDictionary } from '../helpers/site-dictionaries';
import { lookup, fillPlaceholders } from '../../../src/adapters/browser/site-dictionary';

// Typing drives the whole form; on a busy machine a test may take longer than Vitest's default 5 s.
vi.setConfig({ testTimeout: 20_000 });

import type { DraftStore } from '../../../src/ports/draft-store';

export { RecordingTrackingClient };

// The screen's later part (the rules, the error summary, the success view) is a chunk the page loads
// right after its first render; here it is loaded once before any test, as a visitor's first blur finds
// it (contact-rules-loading.test.tsx shows the screen while it is still on its way). Loaded into this
// module graph, it stays loaded for tests that reset the modules later.
await loadContactRules();

export interface RenderContactOptions {
  readonly site?: SiteCode;
  readonly submission?: MemoryContactSubmission<File>;
  readonly drafts?: DraftStore;
  readonly tracking?: TrackingClient;
  /** The request's locale (`x-locale`). */
  readonly locale?: string;
}

/** Renders the contact screen as the page shows it. */
export function renderContact(options: RenderContactOptions = {}) {
  const site = options.site ?? 'de';
  const { siteStore, texts } = supportServices(site);
  const submission = options.submission ?? new MemoryContactSubmission<File>();
  const drafts = options.drafts ?? new MemoryDraftStore();
  const tracking = options.tracking ?? new RecordingTrackingClient();
  // applyAccept: false, as a visitor can pick "all files" in the browser's file dialog.
  const user = userEvent.setup({ delay: null, applyAccept: false });
  const result = render(
    <SupportProviders siteStore={siteStore} texts={texts} tracking={tracking} locale={options.locale}>
      <ContactServicesProvider submission={submission} drafts={drafts}>
        <ContactScreen />
      </ContactServicesProvider>
    </SupportProviders>,
  );
  return { ...result, user, submission, drafts, tracking, site };
}

/** A site's text, for the sites whose exact wording the spec does not give. */
export function text(site: SiteCode, key: string, params?: Record<string, string | number>): string {
  const value = lookup(siteDictionary(site), key);
  if (value === undefined) throw new Error(`no text ${key} on ${site}`);
  return fillPlaceholders(value, params);
}

/** A file of `size` bytes (its content is zeros). */
export const fileOf = (name: string, type: string, size = 1024): File => new File([new Uint8Array(size)], name, { type });

export const pdf = (name = 'rechnung.pdf', size = 2048) => fileOf(name, 'application/pdf', size);
export const png = (name = 'foto.png', size = 4096) => fileOf(name, 'image/png', size);

type User = ReturnType<typeof userEvent.setup>;

/** German labels of the fields (de, at, ch). */
export const DE = {
  question: 'Ihre Frage',
  topic: 'Thema',
  articleNumber: 'Artikelnummer (optional)',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail-Adresse',
  /** The file input's name: the field label, then the text on its button (Label in Name). */
  attachments: 'Anhänge (optional) Dateien auswählen',
  submit: 'Frage absenden',
} as const;

/** Fills every required field of a German site with valid values. */
export async function fillValidGerman(user: User): Promise<void> {
  await user.type(screen.getByLabelText(DE.question), 'Lieferzeit?');
  await user.selectOptions(screen.getByLabelText(DE.topic), 'delivery');
  await user.type(screen.getByLabelText(DE.firstName), 'Erika');
  await user.type(screen.getByLabelText(DE.lastName), 'Muster');
  await user.type(screen.getByLabelText(DE.email), 'e@x.de');
}

/** Fills every required field of the Turkish site, the legal notice included. */
export async function fillValidTurkish(user: User): Promise<void> {
  await user.type(screen.getByLabelText(text('tr', 'contact.question.label')), 'Sipariş?');
  await user.selectOptions(screen.getByLabelText(text('tr', 'contact.topic.label')), 'order');
  await user.type(screen.getByLabelText(text('tr', 'contact.firstName.label')), 'Ayşe');
  await user.type(screen.getByLabelText(text('tr', 'contact.lastName.label')), 'Yılmaz');
  await user.type(screen.getByLabelText(text('tr', 'contact.email.label')), 'a@x.tr');
  await user.click(screen.getByLabelText(text('tr', 'contact.legalConsent.label')));
}

/** The inline error text a control points to through aria-describedby ('' when none). */
export function describedErrors(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids
    .map((id) => document.getElementById(id))
    .filter((node): node is HTMLElement => node !== null && node.classList.contains('field-error'))
    .map((node) => node.textContent ?? '')
    .join(' ');
}

/** The error summary: the box holding the alert (its heading) and the links to the fields in error. */
export async function findErrorSummary(): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  return alert.parentElement as HTMLElement;
}
