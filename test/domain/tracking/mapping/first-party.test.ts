import fc from 'fast-check';
import {
  parseLongTermToken,
  toFirstPartyPayload,
  withConsentNow,
  type FirstPartyInput,
} from '../../../../src/domain/tracking/mapping/first-party';
/** Spec §4: "the person id is replaced by 'noConsent'". */
const NO_CONSENT = 'noConsent';
import { PayloadTexts } from '../../../../src/domain/tracking/mapping/payload-texts';
import { LogLevel } from '../../../../src/domain/tracking/log-buffer';
import { isBlankText } from '../../../../src/domain/tracking/mapping/clean';
import {
  emptyStringPaths,
  ignoreLog,
  longItems,
  oddEcommerceEvent,
  oddValue,
  recordingLog,
  revokedProxy,
} from './destination-payload-support';

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (claims: object) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

const pageContext = {
  url: 'https://www.shop.example/de/kaffee?cotcs=a,b',
  hostname: 'www.shop.example',
  page_path: '/de/kaffee',
  device_type: 'no mobile',
  screen_breakpoint: 'XXL',
  screen_size: '1280x800',
  user_agent: 'Mozilla/5.0',
  tcs_source: 'newsletter',
  tcs_medium: 'email',
  tcs_campaign: 'spring',
};

const purchase = {
  event: 'purchase',
  ecommerce: {
    transaction_id: 'T-1001',
    value: 59.9,
    currency: 'EUR',
    coupon: '',
    items: [
      { item_id: '400123456', item_name: 'Barista', price: 19.95, quantity: 2 },
      { item_id: '400654321', item_name: 'Mug', price: 20, quantity: 1, coupon: '' },
    ],
  },
  coupon_values: '5',
  guest_order: false,
};

const fullInput = (consent: unknown): FirstPartyInput => ({
  page: pageContext,
  consent,
  shortTermId: 'sess-1',
  token: { sub: 'customer-4711', lid: 'L1', tid: 'T9' },
  personId: 'person-4711',
  event: purchase,
  customer: { login_status: 'LOGGED_IN', member_status: 'gold' },
});

describe('toFirstPartyPayload', () => {
  it('carries page, source, consent, short-term id, token, event fields, items and customer fields', () => {
    expect(toFirstPartyPayload(fullInput({ C0003: true, C0004: false }), ignoreLog)).toEqual({
      ...pageContext,
      consent: { C0003: true, C0004: false },
      custom_short_term_id: 'sess-1',
      token: { sub: 'customer-4711', lid: 'L1', tid: 'T9' },
      event_name: 'purchase',
      event: {
        event: 'purchase',
        coupon_values: '5',
        guest_order: false,
        transaction_id: 'T-1001',
        value: 59.9,
        currency: 'EUR',
      },
      items: [
        { item_id: '400123456', item_name: 'Barista', price: 19.95, quantity: 2 },
        { item_id: '400654321', item_name: 'Mug', price: 20, quantity: 1 },
      ],
      product_ids: '400123456|400654321',
      customer: { login_status: 'LOGGED_IN', member_status: 'gold', person_id: 'person-4711' },
    });
  });

  it("replaces the person id and the token subject by 'noConsent' without C0003 consent, and leaves out the token's other ids", () => {
    const payload = toFirstPartyPayload(fullInput({ C0003: false, C0004: true }), ignoreLog);
    expect(payload.customer).toEqual({ login_status: 'LOGGED_IN', member_status: 'gold', person_id: 'noConsent' });
    expect(payload.token).toEqual({ sub: 'noConsent' });
    expect(payload.consent).toEqual({ C0003: false, C0004: true });
  });

  it.each([undefined, 'C0003:1', { C0003: 'true' }, { C0003: 1 }])(
    "counts only a C0003 flag that is exactly true as consent (consent %j gives 'noConsent')",
    (consent) => {
      const payload = toFirstPartyPayload(fullInput(consent), ignoreLog);
      expect((payload.customer as Record<string, unknown>).person_id).toBe('noConsent');
    },
  );

  it("overrides a person id inside the customer fields with 'noConsent' without consent", () => {
    const payload = toFirstPartyPayload({ customer: { person_id: 'p-1' } }, ignoreLog);
    expect(payload.customer).toEqual({ person_id: 'noConsent' });
  });

  it('sends texts without the white space around them, as every other destination does', () => {
    const event = { event: 'purchase', ecommerce: { transaction_id: ' T-3 ', currency: ' EUR ', items: [{ item_id: ' 42 ', item_name: ' Kaffee ', item_brand: '  ' }] } };
    const payload = toFirstPartyPayload({ consent: { C0003: true }, event }, ignoreLog);
    expect(payload.event).toEqual({ event: 'purchase', transaction_id: 'T-3', currency: 'EUR' });
    expect(payload.items).toEqual([{ item_id: '42', item_name: 'Kaffee' }]);
    expect(payload.product_ids).toBe('42');
  });

  it('leaves the person id out with consent but without a person id', () => {
    const payload = toFirstPartyPayload({ consent: { C0003: true }, customer: { login_status: 'LOGGED_OUT' } }, ignoreLog);
    expect(payload.customer).toEqual({ login_status: 'LOGGED_OUT' });
  });

  it('names the event by the eventName argument before the event itself', () => {
    expect(toFirstPartyPayload({ eventName: 'pageview', event: purchase }, ignoreLog).event_name).toBe('pageview');
    expect(toFirstPartyPayload({ event: { event_name: 'link_click', event: 'ga4_event' } }, ignoreLog).event_name).toBe('link_click');
  });

  it('sends item-list product ids as items, each with its place across result pages, and as a pipe-joined list', () => {
    const payload = toFirstPartyPayload({ event: { items: ['400000001', 400000002, ''], search_id: 's-1' } }, ignoreLog);
    expect(payload.items).toEqual([{ item_id: '400000001', index: 1 }, { item_id: '400000002', index: 2 }]);
    expect(payload.product_ids).toBe('400000001|400000002');
    expect(payload.event).toEqual({ search_id: 's-1' });
  });

  it("keeps the places of an item list's products after an empty entry, as the GA4 entry does (page 3 of 10 per page)", () => {
    const payload = toFirstPartyPayload({ event: { items: '111, 222,,333', list_page_number: '3', max_items_per_page: '10' } }, ignoreLog);
    expect(payload.items).toEqual([
      { item_id: '111', index: 21 },
      { item_id: '222', index: 22 },
      { item_id: '333', index: 24 },
    ]);
  });

  it('cuts the pipe-joined product list to 100 characters', () => {
    const items = Array.from({ length: 30 }, (_, i) => ({ item_id: String(400000000 + i) }));
    const payload = toFirstPartyPayload({ event: { event: 'view_cart', ecommerce: { items } } }, ignoreLog);
    expect(payload.product_ids).toBe(Array.from({ length: 10 }, (_, i) => String(400000000 + i)).join('|')); // 99 characters: the 100th was a '|'
    expect(payload.items).toHaveLength(30);
  });

  it('leaves empty texts and empty sections out', () => {
    const payload = toFirstPartyPayload({ page: { ...pageContext, tcs_campaign: '' }, shortTermId: '', token: {} }, ignoreLog);
    expect(payload).not.toHaveProperty('tcs_campaign');
    expect(payload).not.toHaveProperty('custom_short_term_id');
    expect(payload).not.toHaveProperty('token');
    expect(payload).not.toHaveProperty('event');
    expect(payload).not.toHaveProperty('product_ids');
  });

  it('leaves out a field that points back at an object it is part of (a state store\'s item naming its cart), once, wherever it comes back', () => {
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < 80; i += 1) items.push({ item_id: String(400000000 + i), price: 1, quantity: 1, cart: items });
    const ecommerce: Record<string, unknown> = { currency: 'EUR', value: 80, items };
    const event: Record<string, unknown> = { event: 'add_to_cart', ecommerce };
    ecommerce.event = event;
    const self: Record<string, unknown> = { login_status: 'LOGGED_IN' };
    self.self = self;
    const payload = toFirstPartyPayload({ ...fullInput({ C0003: true, C0004: true }), event, customer: self }, ignoreLog);
    expect(payload.items).toEqual(items.map(({ item_id }) => ({ item_id, price: 1, quantity: 1 })));
    expect(payload.event).toEqual({ event: 'add_to_cart', currency: 'EUR', value: 80 });
    expect(payload.customer).toEqual({ login_status: 'LOGGED_IN', person_id: 'person-4711' });
    expect(JSON.stringify(payload).length).toBeLessThan(5_000);
  });

  it('warns and sends the minimal payload for unreadable input', () => {
    const { log, entries } = recordingLog();
    expect(toFirstPartyPayload(revokedProxy() as FirstPartyInput, log)).toEqual({ customer: { person_id: 'noConsent' } });
    expect(entries).toEqual([{ level: LogLevel.warn, message: PayloadTexts.payloadUnreadable('first-party') }]);
  });
});

describe('parseLongTermToken', () => {
  const claims = { sub: 'customer-4711', lid: 'L1', tid: 'T9', exp: 1893456000, iss: 'shop' };

  it('reads sub, lid and tid of a JSON cookie and nothing else', () => {
    const { log, entries } = recordingLog();
    expect(parseLongTermToken(JSON.stringify(claims), log)).toEqual({ sub: 'customer-4711', lid: 'L1', tid: 'T9' });
    expect(entries).toEqual([]);
  });

  it('reads a URL-encoded JSON cookie', () => {
    expect(parseLongTermToken(encodeURIComponent(JSON.stringify(claims)), ignoreLog)).toEqual({
      sub: 'customer-4711',
      lid: 'L1',
      tid: 'T9',
    });
  });

  it('reads the base64url payload of a JWT-like cookie, UTF-8 included', () => {
    expect(parseLongTermToken(jwt({ sub: 'Jürgen ☕ ~~>?', lid: 7, tid: 'T9' }), ignoreLog)).toEqual({
      sub: 'Jürgen ☕ ~~>?',
      lid: '7',
      tid: 'T9',
    });
  });

  it('reads a bare base64url JSON cookie', () => {
    expect(parseLongTermToken(base64url(JSON.stringify({ tid: 'T9' })), ignoreLog)).toEqual({ tid: 'T9' });
  });

  it.each([undefined, null, ''])('gives {} without a warning when the cookie is absent (%j)', (value) => {
    const { log, entries } = recordingLog();
    expect(parseLongTermToken(value, log)).toEqual({});
    expect(entries).toEqual([]);
  });

  it.each(['not a token', '{"sub":', 'a.b.c', '{"other":1}', jwt({ sub: '' }), 42, { sub: 'x' }])(
    "logs 'The long-term token cookie could not be parsed.' and gives {} for %j",
    (value) => {
      const { log, entries } = recordingLog();
      expect(parseLongTermToken(value, log)).toEqual({});
      expect(entries).toEqual([{ level: LogLevel.warn, message: 'The long-term token cookie could not be parsed.' }]);
    },
  );
});

describe('withConsentNow: a stored payload sent after consent changed', () => {
  const stored = toFirstPartyPayload(fullInput({ C0003: true, C0004: true }), ignoreLog);

  it('after a withdrawal of C0003, sends neither the person nor the token ids nor the customer fields', () => {
    expect(withConsentNow(stored, { C0003: false, C0004: true })).toEqual({
      ...stored,
      consent: { C0003: false, C0004: true },
      token: { sub: 'noConsent' },
      customer: { person_id: 'noConsent' },
    });
  });

  it('after a withdrawal of C0004 only, changes the flag alone', () => {
    expect(withConsentNow(stored, { C0003: true, C0004: false })).toEqual({ ...stored, consent: { C0003: true, C0004: false } });
  });

  it('leaves a payload alone while its consent holds, and adds nothing after a later grant', () => {
    expect(withConsentNow(stored, { C0003: true, C0004: true })).toBe(stored);
    const without = toFirstPartyPayload({ ...fullInput({ C0003: false, C0004: false }), customer: {} }, ignoreLog);
    expect(withConsentNow(without, { C0003: true, C0004: true })).toBe(without);
  });
});

describe('first-party properties', () => {
  const withoutStatistics = fc.oneof(
    fc.record({ C0003: oddValue.filter((v) => v !== true), C0004: oddValue }, { requiredKeys: [] }),
    oddValue.filter((v) => !(typeof v === 'object' && v !== null && (v as Record<string, unknown>).C0003 === true)),
  );
  const oddInput = (consent: fc.Arbitrary<unknown>) =>
    fc.record(
      {
        page: fc.oneof(fc.record({ url: oddValue, hostname: oddValue, screen_size: oddValue }, { requiredKeys: [] }), oddValue),
        consent,
        shortTermId: oddValue,
        token: fc.oneof(fc.record({ sub: oddValue, lid: oddValue, tid: oddValue }, { requiredKeys: [] }), oddValue),
        personId: oddValue,
        eventName: oddValue,
        event: oddEcommerceEvent,
        customer: fc.oneof(fc.record({ person_id: oddValue, age: oddValue }, { requiredKeys: [] }), oddValue),
      },
      { requiredKeys: [] },
    );
  const anyInput = fc.oneof(oddInput(fc.oneof(fc.constant({ C0003: true, C0004: true }), oddValue)), oddValue);

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        toFirstPartyPayload(input as FirstPartyInput, ignoreLog);
      }),
      { numRuns: 500 },
    );
  });

  it('never contains an empty string at any depth, and survives a JSON round trip unchanged', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const payload = toFirstPartyPayload(input as FirstPartyInput, ignoreLog);
        expect(emptyStringPaths(payload)).toEqual([]);
        expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
      }),
      { numRuns: 500 },
    );
  });

  it('never sends a pipe-joined product list longer than 100 characters', () => {
    fc.assert(
      fc.property(longItems, (items) => {
        const payload = toFirstPartyPayload({ event: { event: 'view_cart', ecommerce: { items } } }, ignoreLog);
        expect(String(payload.product_ids ?? '').length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });

  it("without C0003 the person id is always 'noConsent'", () => {
    fc.assert(
      fc.property(oddInput(withoutStatistics), (input) => {
        const payload = toFirstPartyPayload(input as FirstPartyInput, ignoreLog);
        expect((payload.customer as Record<string, unknown>).person_id).toBe(NO_CONSENT);
        const token = payload.token as Record<string, unknown> | undefined;
        if (token?.sub !== undefined) expect(token.sub).toBe(NO_CONSENT);
        // The long-term login and tracking ids would join the visits of a person who said no.
        expect(Object.keys(token ?? {}).filter((key) => key !== 'sub')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('a payload built with C0003 and sent after its withdrawal is the payload built without it', () => {
    fc.assert(
      fc.property(oddInput(fc.constant({ C0003: true })), fc.boolean(), fc.boolean(), (input, marketingThen, marketingNow) => {
        const then = { ...(input as FirstPartyInput), consent: { C0003: true, C0004: marketingThen } };
        const withdrawn = { ...then, consent: { C0003: false, C0004: marketingThen && marketingNow }, customer: {} };
        expect(withConsentNow(toFirstPartyPayload(then, ignoreLog), { C0003: false, C0004: marketingNow })).toEqual(
          toFirstPartyPayload(withdrawn, ignoreLog),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('the token parser never throws and returns only sub/lid/tid keys holding non-empty texts', () => {
    const cookie = fc.oneof(
      oddValue,
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.base64String(),
      fc.json(),
      fc.tuple(fc.base64String(), fc.base64String(), fc.base64String()).map((parts) => parts.join('.')),
    );
    fc.assert(
      fc.property(cookie, (value) => {
        const token = parseLongTermToken(value, ignoreLog);
        for (const [key, field] of Object.entries(token)) {
          expect(['sub', 'lid', 'tid']).toContain(key);
          expect(typeof field === 'string' && field !== '').toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('the token parser reads a padded claim trimmed and leaves a blank one out, as every text is read', () => {
    expect(parseLongTermToken(jwt({ sub: ' u-1 ', lid: '   ', tid: 't-9' }), ignoreLog)).toEqual({ sub: 'u-1', tid: 't-9' });
  });

  it('the token parser reads back every sub, lid and tid of a JWT-like cookie that is not blank', () => {
    const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).filter((claim) => claim.trim() === claim && !isBlankText(claim));
    fc.assert(
      fc.property(fc.record({ sub: text, lid: text, tid: text }), (claims) => {
        expect(parseLongTermToken(jwt(claims), ignoreLog)).toEqual(claims);
      }),
      { numRuns: 300 },
    );
  });
});
