/**
 * The PDF writer (jsPDF and the confirmation's layout) as the cancellation pages load it: one chunk,
 * named `pdf-module-…` so that the reload guard counts it optional (`OPTIONAL_CHUNKS`). The success
 * page loads it ahead, and a failed load must not reload the page being read: the press reports it.
 */
export { jspdfConfirmation } from '../../adapters/browser/jspdf-confirmation';
