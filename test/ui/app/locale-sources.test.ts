import { lookup } from '../../../src/adapters/browser/site-dictionary';
import { createTexts, localeSources } from '../../../src/app/support/texts';
import { SITE_CODES } from '../../../src/domain/support/sites';
import { siteDictionary } from '../helpers/site-dictionaries';

describe('the texts as the app loads them from locales/', () => {
  it.each(SITE_CODES)('gives %s the same texts as its merged dictionary', async (site) => {
    const texts = createTexts(vi.fn());
    await texts.load(site);
    const dict = siteDictionary(site);
    for (const key of ['supportBlock.title', 'common.skipLink', 'site.phone', 'site.alternativeEmail', 'contact.heading']) {
      expect(texts.t(key), `${site} ${key}`).toBe(lookup(dict, key));
    }
  });

  it('loads the language folder without the site files, common before contact', async () => {
    const parts = (await localeSources.language('de')) as Record<string, unknown>[];
    expect(parts.map((part) => Object.keys(part))).toEqual([['common', 'error', 'supportBlock', 'cancellation'], ['contact']]);
  });

  it('rejects a language or site it has no file for', async () => {
    await expect(localeSources.language('en')).rejects.toThrow();
    await expect(localeSources.site('xx' as never)).rejects.toThrow();
  });
});
