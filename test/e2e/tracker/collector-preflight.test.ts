/**
 * A collector on a host of its own (as the README advises) answers each event's CORS preflight and
 * allows it to be kept for a while: Chromium then asks once, not before every event.
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { consentingContext, startShopAndCollector, type LocalOrigin } from './origins';
import { PAGE_DATA } from './shop-events';
import { libraryScript } from './library-build';

let browser: Browser;
let shop: LocalOrigin;
let collector: LocalOrigin;

beforeAll(async () => {
  ({ shop, collector } = await startShopAndCollector(await libraryScript(), ['/kaffee']));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([shop, collector].map((origin) => origin?.close()));
});

it('a collector that lets its preflight be kept is asked once, not before every event', async () => {
  const context = await consentingContext(browser, shop.origin);
  const page = await context.newPage();
  const posts = () => collector.count('/collect', 'POST');
  try {
    await page.goto(`${shop.origin}/kaffee`);
    await page.evaluate(
      ({ pageData, collectorUrl }) => {
        const w = window as unknown as { CollectOnTrack: { install(options: unknown): { pushInitialPageData(data: unknown): Promise<void> } } };
        const api = w.CollectOnTrack.install({
          site: 'de',
          environment: 'development',
          exactag: false,
          ttruth: true,
          monitoring: false,
          endpoints: { shopServices: location.origin, collector: collectorUrl },
        });
        return api.pushInitialPageData(pageData);
      },
      { pageData: PAGE_DATA, collectorUrl: `${collector.origin}/collect` },
    );
    await expect.poll(posts, { timeout: 10_000 }).toBe(1);
    for (let i = 1; i <= 5; i += 1) {
      await page.evaluate(
        (label) =>
          (window as unknown as { collectOnTrackApi: { pushCustomEvent(event: unknown): Promise<void> } }).collectOnTrackApi.pushCustomEvent({
            event_category: 'navigation',
            event_action: 'click',
            event_label: label,
          }),
        `tile ${i}`,
      );
      await expect.poll(posts, { timeout: 10_000 }).toBe(1 + i);
    }
    expect(collector.count('/collect', 'OPTIONS')).toBe(1);
  } finally {
    await context.close();
  }
});
