/**
 * Explicit direction controls (embeddings, overrides, isolates, marks): in a file name they only serve
 * to disguise it ('Rechnung\u202Efdp.exe' reads 'Rechnungexe.pdf'), and an unclosed one turns the
 * rest of the sentence around it back to front.
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Letters written right to left: Hebrew to Arabic Extended, and the presentation forms (with the few neutral signs between them). */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFEFC]/;

/**
 * A file's name as the page shows and announces it: without direction controls, and a right-to-left
 * name isolated (FSI ... PDI) so it reads as on the shopper's disk, in the list and inside a sentence
 * ('صورة 2.png' showed as '2 صورة.png').
 */
export const shownFileName = (name: string): string => {
  const shown = name.replace(DIRECTION_CONTROLS, '');
  return RIGHT_TO_LEFT.test(shown) ? `\u2068${shown}\u2069` : shown;
};
