import fc from 'fast-check';
import { toExactagPayload, toTouchPointRequest } from '../../../../src/domain/tracking/mapping/exactag';
import { SITE_GROUPS } from '../../../../src/domain/tracking/mapping/exactag-site-groups';
import { PayloadTexts } from '../../../../src/domain/tracking/mapping/payload-texts';
import { LogLevel } from '../../../../src/domain/tracking/log-buffer';
import {
  emptyStringPaths,
  ignoreLog,
  longItems,
  oddEcommerceEvent,
  oddValue,
  recordingLog,
  revokedProxy,
} from './destination-payload-support';

const page = (fields: Record<string, unknown>) => ({
  page_type: 'content',
  page_name: 'Startseite',
  exactag_level: '2',
  ...fields,
});

const purchase = {
  event: 'purchase',
  ecommerce: {
    transaction_id: 'T-1001',
    value: 59.9,
    currency: 'EUR',
    coupon: 'SUMMER10',
    items: [
      { item_id: '400123456', item_brand: 'Tchibo' },
      { item_id: '400654321', item_brand: 'Barista' },
      { product_id: '400111222', item_brand: 'Tchibo' },
    ],
  },
};

const SEARCH_WARNING =
  'The parameter number_of_product_results is required on Suchergebnisseite pages for exactag but is missing.';
const CATEGORY_WARNING = 'The parameter number_of_product_results is required on Category pages for exactag but is missing.';

describe('toExactagPayload', () => {
  it('sends campaign id, site, site group, page name, page type, level and device cookie on every page', () => {
    const payload = toExactagPayload(
      { site: 'de', campaignId: 'cmp-de-live', pageData: page({ exactag_site_group: 'Homepage' }), deviceCookie: 'dev-42' },
      ignoreLog,
    );
    expect(payload).toEqual({
      cd: 'cmp-de-live',
      si: 'de',
      pt: 'Homepage',
      pn: 'Startseite',
      ty: 'content',
      lvl: '2',
      dc: 'dev-42',
    });
  });

  it("uses the site group 'UNKNOWN' when the page data names none", () => {
    expect(toExactagPayload({ pageData: { page_name: 'x' } }, ignoreLog).pt).toBe('UNKNOWN');
  });

  it('matches a site group without regard to case and sends its spec spelling', () => {
    const payload = toExactagPayload(
      { pageData: page({ exactag_site_group: ' order confirmation ' }), ecommerceEvent: purchase },
      ignoreLog,
    );
    expect(payload.pt).toBe('Order Confirmation');
    expect(payload.oi).toBe('T-1001');
  });

  it.each(['Product View', 'Add_to_basket', 'shopping_basket'])('lists the pipe-joined product ids on %s pages', (group) => {
    const payload = toExactagPayload(
      {
        pageData: page({ exactag_site_group: group }),
        ecommerceEvent: { event: 'view_item', ecommerce: { items: [{ item_id: 'A1' }, { item_id: 'B2' }] } },
      },
      ignoreLog,
    );
    expect(payload.pd).toBe('A1|B2');
    expect(payload.oi).toBeUndefined();
  });

  it('cuts the product id list to 100 characters', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ item_id: String(400000000 + i) }));
    const payload = toExactagPayload(
      { pageData: page({ exactag_site_group: 'shopping_basket' }), ecommerceEvent: { event: 'view_cart', ecommerce: { items } } },
      ignoreLog,
    );
    expect(payload.pd).toBe(Array.from({ length: 10 }, (_, i) => String(400000000 + i)).join('|')); // 99 characters: the 100th was a '|'
    expect(payload.pd?.startsWith('400000000|400000001|')).toBe(true);
  });

  it('sends order id, value, currency, coupon, product ids and distinct brands on order confirmation', () => {
    const payload = toExactagPayload(
      { campaignId: 'c', pageData: page({ exactag_site_group: 'Order Confirmation' }), ecommerceEvent: purchase },
      ignoreLog,
    );
    expect(payload).toMatchObject({
      pt: 'Order Confirmation',
      oi: 'T-1001',
      ov: '59.90',
      cu: 'EUR',
      cp: 'SUMMER10',
      pd: '400123456|400654321|400111222',
      br: 'Tchibo|Barista',
    });
  });

  it('cuts the brand list to 100 characters on order confirmation', () => {
    const items = Array.from({ length: 20 }, (_, i) => ({ item_id: `P${i}`, item_brand: `Brand number ${i}` }));
    const payload = toExactagPayload(
      { pageData: page({ exactag_site_group: 'Order Confirmation' }), ecommerceEvent: { event: 'purchase', ecommerce: { items } } },
      ignoreLog,
    );
    expect(payload.br).toHaveLength(100);
    expect(payload.br?.startsWith('Brand number 0|Brand number 1|')).toBe(true);
  });

  it('pipe-joins a list of coupons', () => {
    const payload = toExactagPayload(
      {
        pageData: page({ exactag_site_group: 'Order Confirmation' }),
        ecommerceEvent: { event: 'purchase', ecommerce: { coupon: ['A', '', 'B'] } },
      },
      ignoreLog,
    );
    expect(payload.cp).toBe('A|B');
  });

  it('cuts the coupon to 100 characters also when it comes as one text, as the data layer does', () => {
    const order = (coupon: string) =>
      toExactagPayload({ pageData: page({ exactag_site_group: 'Order Confirmation' }), ecommerceEvent: { event: 'purchase', ecommerce: { coupon } } }, ignoreLog);
    expect(order('X'.repeat(120)).cp).toBe('X'.repeat(100));
    expect(order(`${'ABCDEFGH|'.repeat(11)}LAST`).cp).toBe(`${'ABCDEFGH|'.repeat(11)}L`);
  });

  it('sends lead id and lead value with two decimals on lead pages', () => {
    const payload = toExactagPayload(
      { pageData: page({ exactag_site_group: 'Lead', lead_id: 'L-7', lead_value: '12.5' }) },
      ignoreLog,
    );
    expect(payload).toMatchObject({ pt: 'Lead', li: 'L-7', lv: '12.50', lvl: '2' });
  });

  it("prefers the lead data's id, value and level over the page data", () => {
    const payload = toExactagPayload(
      {
        pageData: page({ exactag_site_group: 'Lead', lead_id: 'L-7', lead_value: 12.5 }),
        lead: { lead_id: 'L-8', lead_value: '3,2', exactag_level: '5' },
      },
      ignoreLog,
    );
    expect(payload).toMatchObject({ li: 'L-8', lv: '3.20', lvl: '5' });
  });

  it('sends lead fields whenever lead data is given, also outside lead pages', () => {
    const payload = toExactagPayload(
      { pageData: page({ exactag_site_group: 'Content' }), lead: { lead_id: 'L-9', lead_value: 1 } },
      ignoreLog,
    );
    expect(payload).toMatchObject({ pt: 'Content', li: 'L-9', lv: '1.00' });
  });

  it('leaves lead fields out on other pages without lead data', () => {
    const payload = toExactagPayload({ pageData: page({ exactag_site_group: 'Content', lead_id: 'L-7' }) }, ignoreLog);
    expect(payload.li).toBeUndefined();
  });

  it.each([
    ['Suchergebnisseite', 42],
    ['Category', 0],
  ])('sends the number of product results on %s pages without a warning', (group, count) => {
    const { log, entries } = recordingLog();
    const payload = toExactagPayload({ pageData: page({ exactag_site_group: group, number_of_product_results: String(count) }) }, log);
    expect(payload.nr).toBe(count);
    expect(entries).toEqual([]);
  });

  it('warns when a search result page lacks number_of_product_results, and still builds the payload', () => {
    const { log, entries } = recordingLog();
    const payload = toExactagPayload({ campaignId: 'c', pageData: page({ exactag_site_group: 'Suchergebnisseite' }) }, log);
    expect(entries).toEqual([{ level: LogLevel.warn, message: SEARCH_WARNING }]);
    expect(payload).toMatchObject({ cd: 'c', pt: 'Suchergebnisseite' });
    expect(payload).not.toHaveProperty('nr');
  });

  it('warns when a category page has no numeric number_of_product_results', () => {
    const { log, messages } = recordingLog();
    toExactagPayload({ pageData: page({ exactag_site_group: 'Category', number_of_product_results: 'viele' }) }, log);
    expect(messages()).toEqual([CATEGORY_WARNING]);
  });

  it('does not ask for number_of_product_results on other pages', () => {
    const { log, entries } = recordingLog();
    const payload = toExactagPayload({ pageData: page({ exactag_site_group: 'Product View', number_of_product_results: 3 }) }, log);
    expect(entries).toEqual([]);
    expect(payload.nr).toBeUndefined();
  });

  it('leaves empty texts out', () => {
    const payload = toExactagPayload({ campaignId: '', pageData: page({ exactag_site_group: 'Homepage', page_name: '' }) }, ignoreLog);
    expect(payload).not.toHaveProperty('cd');
    expect(payload).not.toHaveProperty('pn');
  });

  it("logs 'Exception has occurred during Exactag tracking' and gives {} for unreadable input", () => {
    const { log, entries } = recordingLog();
    const hostile = { get pageData(): unknown { throw new Error('boom'); } };
    expect(toExactagPayload(hostile, log)).toEqual({});
    expect(toExactagPayload(revokedProxy(), log)).toEqual({});
    expect(entries).toEqual([
      { level: LogLevel.error, message: 'Exception has occurred during Exactag tracking' },
      { level: LogLevel.error, message: 'Exception has occurred during Exactag tracking' },
    ]);
  });
});

describe('toTouchPointRequest', () => {
  const URL = 'https://touchpoint.example.test/tp';
  const corporatePurchase = {
    event: 'purchase',
    ecommerce: { transaction_id: 'T-1', coupon_types: ['voucher', 'corporate_benefits'] },
  };

  it('builds the GET with the encoded user key for a corporate-benefits purchase on the German site', () => {
    const request = toTouchPointRequest(
      { site: 'de', ecommerceEvent: corporatePurchase, userKey: 'ab c/ä', touchPointUrl: URL },
      ignoreLog,
    );
    expect(request).toEqual({ method: 'GET', url: 'https://touchpoint.example.test/tp?uk=ab%20c%2F%C3%A4' });
  });

  it('accepts purchase_ga4 and coupon types given as one separated text', () => {
    const request = toTouchPointRequest(
      {
        site: 'DE',
        ecommerceEvent: { event: 'purchase_ga4', ecommerce: { coupon_types: 'loyalty|Corporate-Benefits' } },
        userKey: 'k1',
        touchPointUrl: URL,
      },
      ignoreLog,
    );
    expect(request?.url).toBe(`${URL}?uk=k1`);
  });

  it("appends with '&' when the configured URL already has a query", () => {
    const request = toTouchPointRequest(
      { site: 'de', ecommerceEvent: corporatePurchase, userKey: 'k1', touchPointUrl: `${URL}?src=shop` },
      ignoreLog,
    );
    expect(request?.url).toBe(`${URL}?src=shop&uk=k1`);
  });

  it.each([
    ['another site', { site: 'at', ecommerceEvent: corporatePurchase }],
    ['no purchase', { site: 'de', ecommerceEvent: { ...corporatePurchase, event: 'view_cart' } }],
    ['no corporate-benefits coupon', { site: 'de', ecommerceEvent: { event: 'purchase', ecommerce: { coupon_types: ['voucher'] } } }],
  ])('gives null without a warning for %s', (_, input) => {
    const { log, entries } = recordingLog();
    expect(toTouchPointRequest({ ...input, userKey: 'k1', touchPointUrl: URL }, log)).toBeNull();
    expect(entries).toEqual([]);
  });

  it.each([undefined, '', '   '])('gives null and warns when the user key is %j', (userKey) => {
    const { log, entries } = recordingLog();
    expect(toTouchPointRequest({ site: 'de', ecommerceEvent: corporatePurchase, userKey, touchPointUrl: URL }, log)).toBeNull();
    expect(entries).toEqual([
      { level: LogLevel.warn, message: 'UserKey has not been passed. Exactag touch point request has not been sent' },
    ]);
  });

  it('gives null and warns when no touch point URL is configured', () => {
    const { log, messages } = recordingLog();
    expect(toTouchPointRequest({ site: 'de', ecommerceEvent: corporatePurchase, userKey: 'k1' }, log)).toBeNull();
    expect(messages()).toEqual([PayloadTexts.touchPointUrlMissing]);
  });

  it('encodes a user key with a lone surrogate instead of throwing', () => {
    const request = toTouchPointRequest(
      { site: 'de', ecommerceEvent: corporatePurchase, userKey: 'a\uD800b', touchPointUrl: URL },
      ignoreLog,
    );
    expect(request?.url).toBe(`${URL}?uk=a%EF%BF%BDb`);
  });
});

const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

describe('exactag properties', () => {
  const oddPage = fc.oneof(
    fc.record(
      {
        page_type: oddValue,
        page_name: oddValue,
        exactag_site_group: fc.oneof(fc.constantFrom(...SITE_GROUPS), oddValue),
        exactag_level: oddValue,
        lead_id: oddValue,
        lead_value: oddValue,
        number_of_product_results: oddValue,
      },
      { requiredKeys: [] },
    ),
    oddValue,
  );
  const oddInput = fc.oneof(
    fc.record(
      {
        site: oddValue,
        campaignId: oddValue,
        pageData: oddPage,
        ecommerceEvent: oddEcommerceEvent,
        lead: oddValue,
        deviceCookie: oddValue,
        userKey: oddValue,
        touchPointUrl: oddValue,
      },
      { requiredKeys: [] },
    ),
    oddValue,
  );

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(oddInput, (input) => {
        toExactagPayload(input as never, ignoreLog);
        toTouchPointRequest(input as never, ignoreLog);
      }),
      { numRuns: 500 },
    );
  });

  it('never contains an empty string at any depth', () => {
    fc.assert(
      fc.property(oddInput, (input) => {
        expect(emptyStringPaths(toExactagPayload(input as never, ignoreLog))).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('never sends a product id list or brand list longer than 100 characters', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SITE_GROUPS), longItems, (group, items) => {
        const payload = toExactagPayload(
          { pageData: { exactag_site_group: group }, ecommerceEvent: { event: 'purchase', ecommerce: { items } } },
          ignoreLog,
        );
        expect((payload.pd ?? '').length).toBeLessThanOrEqual(100);
        expect((payload.br ?? '').length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });

  it('warns exactly when a search result or category page has no numeric number_of_product_results', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SITE_GROUPS), oddValue, (group, count) => {
        const { log, messages } = recordingLog();
        const payload = toExactagPayload({ pageData: { exactag_site_group: group, number_of_product_results: count } }, log);
        const special = group === 'Suchergebnisseite' || group === 'Category';
        const expected = special && payload.nr === undefined
          ? [`The parameter number_of_product_results is required on ${group} pages for exactag but is missing.`]
          : [];
        expect(messages()).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('only ever builds a touch point for German corporate-benefits purchases, ending in the encoded user key', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('de', 'at', 'ch', 'pl'),
        oddEcommerceEvent,
        fc.string({ minLength: 1 }),
        (site, event, userKey) => {
          const request = toTouchPointRequest({ site, ecommerceEvent: event, userKey, touchPointUrl: 'https://t.example/x' }, ignoreLog);
          if (request === null) return;
          const ecommerce = (event as { ecommerce?: { coupon_types?: unknown } }).ecommerce;
          expect(site).toBe('de');
          expect(['purchase', 'purchase_ga4']).toContain((event as { event?: unknown }).event);
          expect(ecommerce?.coupon_types).toBeDefined();
          expect(request.url.startsWith('https://t.example/x?uk=')).toBe(true);
          expect(decodeURIComponent(request.url.slice('https://t.example/x?uk='.length))).toBe(wellFormed(userKey.trim()));
        },
      ),
      { numRuns: 300 },
    );
  });
});
