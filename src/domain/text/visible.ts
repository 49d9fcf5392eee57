/**
 * A character that shows: not white space, not a control or format character (zero-width space,
 * joiners, soft hyphen, direction marks), and none of the blanks that pass for letters (braille blank,
 * Hangul fillers). Shared by the support forms and the tracking library's required fields.
 */
export const VISIBLE = /[^\s\p{Cc}\p{Cf}\u2800\u115F\u1160\u3164\uFFA0]/u;

/** True when the text holds at least one character that shows. */
export const hasVisible = (text: string): boolean => VISIBLE.test(text);

/**
 * Control and format characters a text brings along unseen (a NUL, an escape sequence, a soft hyphen,
 * a zero-width space, a direction override that makes 'Rechnung\u202Efdp.exe' read 'Rechnungexe.pdf'),
 * but not the joiners (ZWNJ, ZWJ) some scripts write names with. Global: for `replace`.
 */
export const UNSEEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}]/gu;
