import { loadScriptTag, scriptOnPage } from '../../../src/adapters/browser/script-tag';

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
  for (const base of document.querySelectorAll('base')) base.remove();
});

describe('loadScriptTag', () => {
  it("requests a relative address from the page's own host, not from its <base href> (a CDN)", () => {
    const base = document.createElement('base');
    base.href = 'https://cdn.shop.test/assets/';
    document.head.appendChild(base);
    void loadScriptTag(() => document, '/exactag.js', () => new Error('failed')).catch(() => undefined);
    void loadScriptTag(() => document, 'gtm.js?id=GTM-1', () => new Error('failed')).catch(() => undefined);
    expect([...document.scripts].map((script) => script.src)).toEqual([new URL('/exactag.js', document.URL).href, new URL('gtm.js?id=GTM-1', document.URL).href]);
    expect(scriptOnPage(() => document, '/exactag.js')).toBe(true);
  });

  it('rejects with its failure when the page refuses the address itself (Trusted Types)', async () => {
    const page = document.implementation.createHTMLDocument('trusted types');
    const create = page.createElement.bind(page);
    vi.spyOn(page, 'createElement').mockImplementation((name: string) => {
      const element = create(name);
      Object.defineProperty(element, 'src', {
        set() {
          throw new TypeError("This document requires 'TrustedScriptURL' assignment.");
        },
      });
      return element;
    });
    await expect(loadScriptTag(() => page, '/exactag.js', () => new Error('The affiliate tracker script could not be loaded from /exactag.js'))).rejects.toThrow(
      'The affiliate tracker script could not be loaded from /exactag.js',
    );
  });
});

describe('scriptOnPage', () => {
  it('finds a script of the page by its address, given absolute or relative to the page', () => {
    const script = document.createElement('script');
    script.src = '/gtm.js?id=GTM-1';
    document.head.appendChild(script);
    expect(scriptOnPage(() => document, '/gtm.js?id=GTM-1')).toBe(true);
    expect(scriptOnPage(() => document, new URL('/gtm.js?id=GTM-1', document.baseURI).href)).toBe(true);
    expect(scriptOnPage(() => document, '/gtm.js?id=GTM-2')).toBe(false);
  });

  it("finds a tag manager's container by its id, wherever the page's own snippet loads it from", () => {
    const script = document.createElement('script');
    script.src = 'https://www.googletagmanager.com/gtm.js?id=GTM-1&l=dataLayer';
    document.head.appendChild(script);
    expect(scriptOnPage(() => document, '//www.googletagmanager.com/gtm.js?id=GTM-1')).toBe(true);
    expect(scriptOnPage(() => document, 'https://sst.shop.test/gtm.js?id=GTM-1')).toBe(true);
    // Another container (a team's beside the site's): the page may run both.
    expect(scriptOnPage(() => document, 'https://www.googletagmanager.com/gtm.js?id=GTM-2')).toBe(false);
    expect(scriptOnPage(() => document, 'https://www.googletagmanager.com/gtm.js')).toBe(false);
  });

  it("finds a container the page's own snippet loads through a renamed path (a first-party loader), past a script it cannot read", () => {
    const broken = document.createElement('script');
    broken.setAttribute('src', 'http://[bad');
    document.head.appendChild(broken);
    const script = document.createElement('script');
    script.src = 'https://www.shop.test/metrics/?id=GTM-1';
    document.head.appendChild(script);
    expect(scriptOnPage(() => document, 'https://www.googletagmanager.com/gtm.js?id=GTM-1')).toBe(true);
    expect(scriptOnPage(() => document, 'https://www.googletagmanager.com/gtm.js?id=GTM-2')).toBe(false);
  });

  it('answers false without a document or for an address that cannot be read', () => {
    expect(scriptOnPage(() => undefined, 'https://cdn.shop.test/gtm.js')).toBe(false);
    expect(scriptOnPage(() => document, 'http://[bad')).toBe(false);
  });
});
