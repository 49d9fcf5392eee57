import { MemoryCookieJar } from '../../../src/adapters/memory/memory-cookie-jar';
import { MemoryHttpClient } from '../../../src/adapters/memory/memory-http-client';
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps, CONSENT_ALL } from '../../../src/app/tracker/memory-deps';

type Answer = { status: number; body?: unknown };

/** A tracker whose shop services answer only when the test says so. */
function trackerWithSlowServices(options: Record<string, unknown> = {}) {
  const pending: ((answer: Answer) => void)[] = [];
  const deps = memoryTrackerDeps({
    cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
    http: new MemoryHttpClient(() => new Promise<Answer>((resolve) => pending.push(resolve))),
  });
  const tracker = createTracker(deps, { site: 'DE', exactag: false, ...options });
  const answerAll = async (answer: (index: number) => Answer) => {
    for (let round = 0; round < 5; round += 1) {
      pending.splice(0).forEach((resolve, index) => resolve(answer(index)));
      await deps.clock.advanceAsync(1);
    }
  };
  return { deps, tracker, answerAll };
}

describe('pushes that wait for the page data or an id lookup', () => {
  it('send what was pushed, even when the page changes or reuses its object right after the call', async () => {
    const { deps, tracker, answerAll } = trackerWithSlowServices();
    const page = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };
    const view = tracker.api.pushInitialPageData(page);
    page.page_name = 'changed';
    const cart = { event: 'add_to_cart', ecommerce: { value: 10, currency: 'EUR', items: [{ item_id: 'A', price: 10, quantity: 1 }] } };
    const first = tracker.api.pushEcommerceEvent(cart);
    cart.ecommerce.items[0]!.item_id = 'B';
    cart.ecommerce.value = 99;
    const second = tracker.api.pushEcommerceEvent(cart);
    const click = { event_name: 'button_click', click_target: 'first' };
    const third = tracker.api.pushCustomEvent(click);
    click.click_target = 'second';
    await answerAll(() => ({ status: 200, body: { tracking: {} } }));
    await Promise.all([view, first, second, third]);

    const entries = deps.dataLayer.plainEntries();
    expect(entries.filter((entry) => entry.event === 'pageview').map((entry) => entry.page_name)).toEqual(['home']);
    const carts = entries.filter((entry) => entry.event === 'add_to_cart') as { ecommerce: { value: number; items: { item_id: string }[] } }[];
    expect(carts.map((entry) => [entry.ecommerce.items[0]?.item_id, entry.ecommerce.value])).toEqual([
      ['A', 10],
      ['B', 99],
    ]);
    expect(entries.filter((entry) => entry.event_name === 'button_click').map((entry) => entry.click_target)).toEqual(['first']);
  });

  it('an event waiting for its id lookup is sent as pushed, with the converted ids', async () => {
    const { deps, tracker, answerAll } = trackerWithSlowServices({ newProductIds: true });
    const view = tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'p' });
    await answerAll(() => ({ status: 404 }));
    await view.catch(() => undefined);
    const cart = { event: 'add_to_cart', ecommerce: { value: 10, currency: 'EUR', items: [{ item_id: '123456789', item_name: 'Beans' }] } };
    const pushed = tracker.api.pushEcommerceEvent(cart);
    cart.ecommerce.items[0]!.item_name = 'changed';
    cart.ecommerce.value = 1;
    await answerAll(() => ({ status: 200, body: { mappings: [{ oldProductId: '123456789', newProductId: '1123456789' }] } }));
    await pushed;
    const [sent] = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'add_to_cart') as {
      ecommerce: { value: number; items: { item_id: string; item_name: string }[] };
    }[];
    expect(sent?.ecommerce.value).toBe(10);
    expect(sent?.ecommerce.items[0]).toMatchObject({ item_id: '1123456789', item_name: 'Beans' });
  });

  it('a customer-data service or id lookup that never answers holds the pushes 5 s, then they go out without it', async () => {
    const { deps, tracker } = trackerWithSlowServices({ newProductIds: true });
    const view = tracker.api.pushInitialPageData({ page_type: 'content', page_name: 'home' });
    const cart = tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: '123456789' }] } });
    const click = tracker.api.pushCustomEvent({ event_name: 'button_click' });
    await deps.clock.advanceAsync(4999);
    expect(deps.dataLayer.plainEntries()).toEqual([]);
    await deps.clock.advanceAsync(1);
    // Both waits started at the push: the page view and the event behind it go out together.
    await Promise.all([view, cart, click]);
    const events = deps.dataLayer.plainEntries().map((entry) => entry.event_name ?? entry.event);
    expect(events.slice(2)).toEqual([undefined, 'ecommerce', undefined, 'add_to_cart', 'button_click']);
    const [sent] = deps.dataLayer.plainEntries().filter((entry) => entry.event === 'add_to_cart') as { ecommerce: { items: { item_id: string }[] } }[];
    expect(sent?.ecommerce.items[0]?.item_id).toBe('123456789');
    expect(tracker.api.getLogs().map((entry) => entry.message)).toEqual(
      expect.arrayContaining(['Error while retrieving CustomerFrontendData', 'Product id lookup got no answer: Timeout after 5000ms']),
    );
  });

  it('pushes that each wait for a silent id lookup all go out 5 s after they were pushed, not 5 s after each other', async () => {
    const { deps, tracker, answerAll } = trackerWithSlowServices({ newProductIds: true });
    const view = tracker.api.pushInitialPageData({ page_type: 'product', page_name: 'p' });
    await answerAll(() => ({ status: 404 }));
    await view.catch(() => undefined);
    // From here on no service answers.
    const settledAt: number[] = [];
    const pushes = ['123456789', '223456789', '323456789'].map((id) =>
      tracker.api.pushEcommerceEvent({ event: 'add_to_cart', ecommerce: { items: [{ item_id: id }] } }).then(() => settledAt.push(deps.clock.now())),
    );
    const start = deps.clock.now();
    for (let ms = 0; ms < 16_000; ms += 250) await deps.clock.advanceAsync(250);
    await Promise.all(pushes);
    expect(settledAt.map((time) => time - start)).toEqual([5000, 5000, 5000]);
  });
});
