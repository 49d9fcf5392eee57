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

  it("loads a site's language folder in order (common, contact, cancellation) and the site's own file", async () => {
    const { parts, own } = await localeSources.site('at');
    expect(parts.map((part) => Object.keys(part as object))).toEqual([['common', 'error', 'supportBlock'], ['contact'], ['cancellation']]);
    expect(own).toMatchObject({ site: { shopUrl: 'https://www.kaffeeshop.at/' } });
  });

  it('rejects a site it has no file for', async () => {
    await expect(localeSources.site('xx' as never)).rejects.toThrow('No texts for site xx');
  });
});
