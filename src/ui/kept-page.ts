/**
 * Marks a screen that a reload cannot show again, such as a cancellation's confirmation after its
 * time in the history entry is up: a page showing it counts as touched, so that a new build does
 * not reload it in place while it is hidden.
 */
export const KEPT_PAGE_ATTRIBUTE = 'data-kept-page';

/** Whether the document shows such a screen. */
export const showsKeptPage = (document: Pick<Document, 'querySelector'>): boolean => document.querySelector(`[${KEPT_PAGE_ATTRIBUTE}]`) !== null;
