/**
 * A shop whose state store links its objects both ways (an item naming its cart) pushes them as they
 * are: the collector gets each item once, without the link back, however the library copied them.
 */
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import { COLLECTOR_PATH } from '../../../src/app/tracker/options';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };

/** A cart of `count` items, each naming what `back` gives (its list, the e-commerce block). */
function linkedCart(count: number, back: (items: unknown[], ecommerce: Record<string, unknown>) => unknown) {
  const items: Record<string, unknown>[] = [];
  const ecommerce: Record<string, unknown> = { currency: 'EUR', value: count, items };
  for (let i = 0; i < count; i += 1) items.push({ item_id: String(400000000 + i), item_brand: 'Barista', price: 1, quantity: 1 });
  for (const item of items) item.cart = back(items, ecommerce);
  return { event: 'add_to_cart' as const, ecommerce };
}

it.each([
  ['its list of items', (items: unknown[]) => items],
  ['the e-commerce block holding its list', (_items: unknown[], ecommerce: Record<string, unknown>) => ecommerce],
])('sends items that name %s to the collector once each, in a payload as small as the items', async (_case, back) => {
  const http = new MemoryHttpClient((request) => (request.url.endsWith(COLLECTOR_PATH) ? { status: 200 } : { status: 404 }));
  const deps = memoryTrackerDeps({ http });
  const tracker = createTracker(deps, { site: 'DE', exactag: false, ttruth: true });
  // Before the page data: held, and so copied by the library.
  const held = tracker.api.pushEcommerceEvent(linkedCart(200, back));
  await tracker.api.pushInitialPageData(pageData);
  await held;
  await tracker.api.pushEcommerceEvent(linkedCart(200, back));
  await deps.clock.advanceAsync(100);
  const carts = http.sentTo(COLLECTOR_PATH).filter((request) => (request.body as { event_name?: string }).event_name === 'add_to_cart');
  expect(carts).toHaveLength(2);
  for (const { body } of carts) {
    const { items } = body as { items: Record<string, unknown>[] };
    expect(items).toHaveLength(200);
    expect(items[0]).toMatchObject({ item_id: '400000000', item_brand: 'Barista', price: 1, quantity: 1 });
    expect(JSON.stringify(body).length).toBeLessThan(100_000);
  }
});
