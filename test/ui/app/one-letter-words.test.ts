/**
 * Czech, Slovak and Polish typesetting keeps a one-letter preposition or conjunction (`v`, `k`, `s`,
 * `z`, `o`, `u`, `a`, `i`, `w`) with the word after it: a line of the page must not end with one
 * ("…se dočtete v" / "našich zásadách"). The texts join them with a non-breaking space.
 */
import { siteDictionary } from '../helpers/site-dictionaries';

const ONE_LETTER_WORDS = { cz: 'vkszouaiVKSZOUAI', sk: 'vkszouaiVKSZOUAI', pl: 'wzaiouWZAIOU' } as const;

const strings = (value: unknown, path = ''): [string, string][] =>
  typeof value === 'string'
    ? [[path, value]]
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, child]) => strings(child, path ? `${path}.${key}` : key))
      : [];

describe('one-letter words in the texts of the Czech, Slovak and Polish sites', () => {
  it.each(Object.entries(ONE_LETTER_WORDS))('on %s, each is joined to the next word by a non-breaking space', (site, letters) => {
    const loose = new RegExp(`(^|[\\s„(])[${letters}] `);
    const found = strings(siteDictionary(site as keyof typeof ONE_LETTER_WORDS)).filter(([, text]) => loose.test(text));
    expect(found.map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });
});
