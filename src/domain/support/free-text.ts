/**
 * Free text (the question, the reason) as it is kept and counted. Without zod: the character count
 * under the fields reads it in the page's first script, where the schemas come later.
 */

/**
 * The control characters free text drops, all but its tab and line breaks: a NUL hid the rest of a
 * text from the shop's tools, and an escape sequence cleared the terminal of whoever read it.
 */
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/**
 * Each line break one '\n', as a browser's form sends a text area's (a lone CR overwrote a line in a
 * terminal), also the breaks of other programs (PowerPoint's and Word's soft break VT, a page break
 * FF, NEL: dropped as controls, they joined the words on either side); no controls; letters and their
 * accents composed (NFC), as stored: a Mac's copy from a PDF brings them apart, and counted apart a
 * text the shopper saw under the limit was over it.
 */
export const freeText = (text: string): string =>
  text.replace(/\r\n?|[\u000B\u000C\u0085\u2028\u2029]/g, '\n').replace(CONTROLS, '').normalize('NFC');

/** A free text's length as its limit counts it: its controls dropped, trimmed, in code points (as zod's `maxLength` counts). */
export const freeTextLength = (text: string): number => [...freeText(text).trim()].length;
