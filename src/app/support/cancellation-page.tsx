/**
 * The cancellation pages' chunk as the router loads it: the screens wired to their services (the
 * JSON send to the reference backend, the PDF written by jsPDF in a chunk of its own).
 */
import { FetchCancellationSubmission } from '../../adapters/browser/fetch-cancellation-submission';
import { pagePath, type RoutePrefix } from '../../domain/support/routes';
import type { CancellationSubmission } from '../../ports/cancellation-submission';
import { ConfirmationPdfWriterMissing, type ConfirmationPdf } from '../../ports/confirmation-pdf';
import { CancellationScreen } from '../../ui/screens/cancellation/cancellation-screen';
import { CancellationSuccess } from '../../ui/screens/cancellation/cancellation-success';
import { loadChunk } from '../../ui/lazy-chunk';

/** The cancellation services; tests hand in memory twins. */
export interface CancellationServices {
  readonly submission?: CancellationSubmission;
  readonly pdf?: ConfirmationPdf;
  /** The request's locale (the server's meta), sent on as `x-locale`. */
  readonly locale?: string;
  /** The router's navigate (the app's router; react-router's navigate hooks would add to the first script). */
  readonly navigate?: (to: string, state: unknown) => void;
}

// The PDF writer is large (about 130 KB): a slow line gets as long as the fonts do (FONT_TIMEOUT_MS).
const writer = () => loadChunk(() => import('./pdf-module'), 12e4);
const jspdf: ConfirmationPdf = {
  prepare: () => void writer().then((module) => module.jspdfConfirmation.prepare?.(), () => undefined),
  save: (document) =>
    writer().then(
      (module) => module.jspdfConfirmation.save(document),
      // Offline, the file did not come because the line is down: the press is tried again, and a reload
      // now would show the browser's offline page instead of the confirmation.
      (cause: unknown) => Promise.reject(navigator.onLine === false ? cause : new ConfirmationPdfWriterMissing({ cause })),
    ),
};

/** The element of a cancellation route (without a `navigate`, as on the server, a send opens no page). */
export function cancellationElement(step: 'form' | 'success', prefix: RoutePrefix, services: CancellationServices = {}) {
  return step === 'form' ? (
    <CancellationScreen
      submission={services.submission ?? new FetchCancellationSubmission({ locale: services.locale })}
      successPath={pagePath('cancellation-success', prefix)}
      navigate={services.navigate ?? (() => undefined)}
    />
  ) : (
    <CancellationSuccess formPath={pagePath('cancellation', prefix)} pdf={services.pdf ?? jspdf} />
  );
}
