/**
 * The text with each lone surrogate (half of a character written as a surrogate pair, as a string cut
 * between the two halves leaves it) replaced by U+FFFD: `encodeURIComponent` throws on one, and SQLite
 * would store it as bytes that are no UTF-8. In a `u` pattern a surrogate pair is one code point, so
 * only a lone surrogate has the category Cs (Surrogate).
 */
export const wellFormed = (text: string): string => text.replace(/\p{Cs}/gu, '\uFFFD');
