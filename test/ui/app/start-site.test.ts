import { MemorySiteStore } from '../../../src/adapters/memory/memory-site-store';
import { siteQueryLoader, startSite } from '../../../src/app/support/site';
import { UNKNOWN_SITE_WARNING } from '../../../src/domain/support/sites';

function pageWithServerSite(site?: string): Document {
  const doc = document.implementation.createHTMLDocument('support');
  if (site !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'support-site';
    meta.content = site;
    doc.head.append(meta);
  }
  return doc;
}

const loaderArgs = (url: string) => ({ request: new Request(url), params: {}, context: undefined }) as never;

describe('the site a page starts on', () => {
  it('takes ?site= case-insensitively before the server value', () => {
    const warn = vi.fn();
    expect(startSite('?site=CH_FR', pageWithServerSite('hu'), warn)).toBe('ch_fr');
    expect(startSite('?site=ch_fr', pageWithServerSite(), warn)).toBe('ch_fr');
    expect(warn).not.toHaveBeenCalled();
  });

  it("takes the server's value without a query, and DE without either", () => {
    expect(startSite('', pageWithServerSite('tr'), vi.fn())).toBe('tr');
    expect(startSite('?other=1', pageWithServerSite(), vi.fn())).toBe('de');
  });

  it('falls back with a warning on an unknown ?site=, never throwing', () => {
    const warn = vi.fn();
    expect(startSite('?site=xx', pageWithServerSite(), warn)).toBe('de');
    expect(startSite('?site=%00', pageWithServerSite('at'), warn)).toBe('at');
    expect(warn).toHaveBeenCalledWith(UNKNOWN_SITE_WARNING, { value: 'xx', source: 'query' });
  });
});

describe('the root loader of later navigations', () => {
  it('switches the store to a new ?site= and leaves it without one', () => {
    const store = new MemorySiteStore('de');
    const load = siteQueryLoader(store, pageWithServerSite('de'), vi.fn(), '');
    load(loaderArgs('http://localhost/contact?site=TR'));
    expect(store.getSnapshot()).toBe('tr');
    load(loaderArgs('http://localhost/cancellation'));
    expect(store.getSnapshot()).toBe('tr');
  });

  it('does not warn again about the query the page started with', () => {
    const warn = vi.fn();
    const store = new MemorySiteStore('de');
    const load = siteQueryLoader(store, pageWithServerSite(), warn, '?site=nope');
    load(loaderArgs('http://localhost/contact?site=nope'));
    expect(warn).not.toHaveBeenCalled();
    load(loaderArgs('http://localhost/contact?site=zz'));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot()).toBe('de');
  });
});
