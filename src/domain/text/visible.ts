/**
 * A character that shows: not white space, not a control or format character (zero-width space,
 * joiners, soft hyphen, direction marks), none of the other characters Unicode says to draw as nothing
 * when not supported (default-ignorable: the combining grapheme joiner, variation selectors, the Khmer
 * inherent vowels, the Hangul fillers), and not the braille blank. Shared by the support forms and the
 * tracking library's required fields.
 */
export const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** True when the text holds at least one character that shows. */
export const hasVisible = (text: string): boolean => VISIBLE.test(text);

/**
 * The text with each run of lines that show nothing (empty, or only spaces and signs that do not show:
 * a word processor's no-break-space paragraphs) as one empty line.
 */
export const blankRunsAsOne = (text: string): string => {
  const lines: string[] = [];
  let blank = false;
  for (const line of text.split('\n')) {
    const shows = hasVisible(line);
    if (!shows && blank) continue;
    lines.push(shows ? line : '');
    blank = !shows;
  }
  return lines.join('\n');
};

/**
 * Control and format characters a text brings along unseen (a NUL, an escape sequence, a soft hyphen,
 * a zero-width space, a direction override that makes 'Rechnung\u202Efdp.exe' read 'Rechnungexe.pdf'),
 * but not the joiners (ZWNJ, ZWJ) some scripts write names with. Global: for `replace`.
 */
export const UNSEEN = /(?![\u200C\u200D])[\p{Cc}\p{Cf}]/gu;

/** Every sign {@link VISIBLE} does not count as showing, and spaces but the plain one. */
const UNSEEN_SIGN = /[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * The text with the characters a reader cannot see where they stand (controls, format characters,
 * spaces other than the plain one: a no-break or zero-width space pasted from a CMS; variation
 * selectors, Hangul fillers, the braille blank) written as `\u00a0`, one beyond U+FFFF as
 * `\u{e0041}`, for a message that names a value which looks right but is not.
 */
export const unseenEscaped = (text: string): string =>
  text.replace(UNSEEN_SIGN, (sign) => {
    if (sign === ' ') return sign;
    const code = (sign.codePointAt(0) as number).toString(16);
    return code.length > 4 ? `\\u{${code}}` : `\\u${code.padStart(4, '0')}`;
  });
