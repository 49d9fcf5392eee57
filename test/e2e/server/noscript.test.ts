/**
 * The page's `<noscript>` line, in the language of the page's site: the server's render gives the
 * site's text and the page template (the project's own `index.html`) shows it.
 */
import { readFileSync } from 'node:fs';
import { withRenderedPage } from '../../../src/adapters/server/app-page';
import { renderPage } from '../../../src/app/ssr-entry';
import type { SiteCode } from '../../../src/domain/support/sites';

const TEMPLATE = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
const GERMAN = 'Bitte aktivieren Sie JavaScript, um diese Seite zu nutzen.';

const pageFor = async (site: SiteCode) => {
  const rendered = await renderPage({ url: `http://localhost/contact?site=${site}`, site });
  if (rendered.kind !== 'page') throw new Error(rendered.reason);
  return withRenderedPage(TEMPLATE, rendered) ?? '';
};

describe('the noscript line', () => {
  it.each([
    ['tr', 'İletişim formunu kullanmak için lütfen JavaScript’i etkinleştirin.'],
    ['ch_fr', 'Veuillez activer JavaScript pour utiliser cette page.'],
    ['hu', 'A kapcsolatfelvételi űrlap használatához kérjük, engedélyezze a JavaScriptet.'],
    ['at', GERMAN],
  ] as const)('is written in the language of the %s site on a page rendered on the server', async (site, text) => {
    const html = await pageFor(site);
    expect(html).toContain(`<noscript>${text}</noscript>`);
    expect(html.match(/<noscript>/g)).toHaveLength(1);
  });

  it('speaks of the page, not the contact form, on the cancellation pages of the German and French sites', async () => {
    for (const [site, path] of [['ch', '/cancellation'], ['ch_fr', '/cancellation/success']] as const) {
      const rendered = await renderPage({ url: `http://localhost${path}?site=${site}`, site });
      if (rendered.kind !== 'page') throw new Error(rendered.reason);
      expect(rendered.noscript).not.toMatch(/Kontaktformular|formulaire de contact/);
    }
  });

  it('is left out of the not-found page, which works without JavaScript (its link leads to the contact form)', async () => {
    const rendered = await renderPage({ url: 'http://localhost/agb.pdf?site=de', site: 'de' });
    if (rendered.kind !== 'page') throw new Error(rendered.reason);
    expect(rendered.status).toBe(404);
    const html = withRenderedPage(TEMPLATE, rendered) ?? '';
    expect(html).toContain('Page Not Found');
    expect(html).not.toContain('<noscript>');
  });

  it('comes before the page, so a visitor without JavaScript reads it before filling in a form that cannot be sent', async () => {
    const html = await pageFor('de');
    expect(html.indexOf('<noscript>')).toBeGreaterThan(-1);
    expect(html.indexOf('<noscript>')).toBeLessThan(html.indexOf('<div id="root">'));
  });

  it('stays the template\'s German one on the page the browser renders', () => {
    expect(TEMPLATE).toContain(`<noscript>${GERMAN}</noscript>`);
  });

  it('is escaped, and left as it is when the render gives none', () => {
    const page = { kind: 'page', status: 200, html: '<p>x</p>', lang: 'tr', title: 'T', data: {} } as const;
    expect(withRenderedPage(TEMPLATE, { ...page, noscript: 'a < b & c' })).toContain('<noscript>a &#60; b &#38; c</noscript>');
    expect(withRenderedPage(TEMPLATE, page)).toContain(`<noscript>${GERMAN}</noscript>`);
  });
});
