/**
 * A character that shows: not white space, not a control or format character (zero-width space,
 * joiners, soft hyphen, direction marks), and none of the blanks that pass for letters (braille blank,
 * Hangul fillers). Shared by the support forms and the tracking library's required fields.
 */
export const VISIBLE = /[^\s\p{Cc}\p{Cf}\u2800\u115F\u1160\u3164\uFFA0]/u;

/** True when the text holds at least one character that shows. */
export const hasVisible = (text: string): boolean => VISIBLE.test(text);
