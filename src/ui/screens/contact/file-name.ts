/**
 * Explicit direction controls (embeddings, overrides, isolates, marks): in a file name they only serve
 * to disguise it ('Rechnung\u202Efdp.exe' reads 'Rechnungexe.pdf'), and an unclosed one turns the
 * rest of the sentence around it back to front.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A file's name as the page shows and announces it: without direction controls. */
export const shownFileName = (name: string): string => name.replace(DIRECTION_CONTROLS, '');
