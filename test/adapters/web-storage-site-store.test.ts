import { SITE_STORE_KEY, WebStorageSiteStore } from '../../src/adapters/browser/web-storage-site-store';

const blocked = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};

describe('WebStorageSiteStore (the client-side store `contact`)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('starts on DE when nothing is stored', () => {
    expect(new WebStorageSiteStore().getSnapshot()).toBe('de');
  });

  it('keeps its one field `site`, upper case, in sessionStorage under `contact`', () => {
    const store = new WebStorageSiteStore();
    store.set('ch_fr');
    expect(JSON.parse(window.sessionStorage.getItem(SITE_STORE_KEY)!)).toEqual({ site: 'CH_FR' });
    expect(store.getSnapshot()).toBe('ch_fr');
  });

  it('reads a stored site back, in any case', () => {
    window.sessionStorage.setItem('contact', JSON.stringify({ site: 'TR' }));
    expect(new WebStorageSiteStore().getSnapshot()).toBe('tr');
    window.sessionStorage.setItem('contact', JSON.stringify({ site: 'hu' }));
    expect(new WebStorageSiteStore().getSnapshot()).toBe('hu');
  });

  it('falls back to DE on a stored value that is not JSON or names no site, and warns', () => {
    const warn = vi.fn();
    window.sessionStorage.setItem('contact', '{not json');
    expect(new WebStorageSiteStore({ warn }).getSnapshot()).toBe('de');
    expect(warn).toHaveBeenCalledTimes(1);
    window.sessionStorage.setItem('contact', JSON.stringify({ site: 'xx' }));
    expect(new WebStorageSiteStore({ warn }).getSnapshot()).toBe('de');
  });

  it('tells subscribers about a change, once, and not about the same site again', () => {
    const store = new WebStorageSiteStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set('pl');
    store.set('pl');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.set('sk');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('works in memory when the storage is blocked, and says so', () => {
    const warn = vi.fn();
    const store = new WebStorageSiteStore({ storage: blocked, warn });
    expect(store.getSnapshot()).toBe('de');
    expect(() => store.set('cz')).not.toThrow();
    expect(store.getSnapshot()).toBe('cz');
    // Not "DE": the page goes on with the site its address names.
    expect(warn).toHaveBeenCalledWith('The site store could not be read; the site comes from the address alone', expect.anything());
  });
});
