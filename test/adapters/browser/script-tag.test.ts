import { scriptOnPage } from '../../../src/adapters/browser/script-tag';

afterEach(() => {
  for (const script of document.querySelectorAll('script')) script.remove();
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

  it('answers false without a document or for an address that cannot be read', () => {
    expect(scriptOnPage(() => undefined, 'https://cdn.shop.test/gtm.js')).toBe(false);
    expect(scriptOnPage(() => document, 'http://[bad')).toBe(false);
  });
});
