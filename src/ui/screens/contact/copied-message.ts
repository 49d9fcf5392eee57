/** The words of a text, in lower case (letters and digits; punctuation and spacing aside). */
const wordsOf = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/**
 * Whether the question still holds the copied draft's question: at least half of its words are still
 * there (a typo fixed, a sentence added). A question written anew over a copy of another tab's draft is
 * another message: that tab's draft is not the one sent. A copy without a question is held by any.
 */
export function holdsMessage(question: string, copied: string): boolean {
  const words = wordsOf(copied);
  if (words.size === 0) return true;
  const now = wordsOf(question);
  let kept = 0;
  for (const word of words) if (now.has(word)) kept += 1;
  return kept * 2 >= words.size;
}
