import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';

describe('a single-page app moving between its pages', () => {
  it('each page view describes the URL it was sent from, also after coming back to the first one', async () => {
    let href = 'https://www.kaffeeshop.de/contact';
    const deps = memoryTrackerDeps({ cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }), page: () => ({ href, referrer: '' }) });
    const tracker = createTracker(deps, { site: 'DE', exactag: false });
    const visit = async (url: string, pageName: string) => {
      href = url;
      await tracker.api.pushInitialPageData({ page_type: 'support', page_name: pageName, is_spa: true });
    };
    await visit('https://www.kaffeeshop.de/contact', 'contact');
    await visit('https://www.kaffeeshop.de/x.pdf', 'not-found');
    await visit('https://www.kaffeeshop.de/contact', 'contact');
    await deps.clock.advanceUntilIdle();
    const views = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'pageview');
    expect(views.map((entry) => [entry.page_name, entry.page_path])).toEqual([
      ['contact', '/contact'],
      ['not-found', '/x.pdf'],
      ['contact', '/contact'],
    ]);
  });
});
