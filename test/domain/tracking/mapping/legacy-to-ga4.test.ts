import fc from 'fast-check';
import {
  FIELD_FALLBACK,
  mapLegacyToGa4,
  mapLegacyToGa4With,
  toSlug,
  type Ga4CustomEventFields,
} from '../../../../src/domain/tracking/mapping/legacy-to-ga4';
import {
  GA4_CUSTOM_EVENT_NAMES,
  LEGACY_TO_GA4_TABLE,
  type LegacyToGa4Row,
} from '../../../../src/domain/tracking/mapping/legacy-to-ga4.table';

// Spec §9: "GA4 event names used: ..."
const SPEC_GA4_NAMES = [
  'navigation_click',
  'link_click',
  'button_click',
  'form_interaction',
  'system_response',
  'component_open',
  'product_interaction',
  'sign_up',
  'login',
  'unsubscribe',
  'change_data',
  'filter_products',
  'sort_products',
  'search',
  'promotion_click',
  'storefinder_interaction',
  'tab_switch',
];
const ALLOWED_NAMES = [...SPEC_GA4_NAMES, 'deprecated_event', 'ga4_event_mapping_error'];
const FIVE_FIELDS = ['click_type', 'click_target', 'subject', 'interaction', 'origin'] as const;

const expectFiveFieldsSet = (result: Ga4CustomEventFields) => {
  for (const field of FIVE_FIELDS) {
    expect(typeof result[field], field).toBe('string');
    expect(result[field].length, field).toBeGreaterThan(0);
  }
};

// Spec §9: "Legacy categories covered: navigation, internal/external link, form, checkout, product
// interaction, ecommerce, filter and sort, leaflet, storefinder, click and reserve, login/registration,
// newsletter, mini cart, faq, personal preferences, pagination, promotion, add-to-cart modal."
const CATEGORY_CASES: [category: string, action: string, expected: string][] = [
  ['Navigation', 'Main Menu Click', 'navigation_click'],
  ['Internal Link', 'click', 'link_click'],
  ['External Link', 'click', 'link_click'],
  // The category as the spec writes it, like 'Login/Registration'.
  ['Internal/External Link', 'click', 'link_click'],
  ['Link', 'footer click', 'link_click'],
  ['Form', 'field focus', 'form_interaction'],
  ['Checkout', 'continue', 'button_click'],
  ['Product Interaction', 'select variant', 'product_interaction'],
  ['Ecommerce', 'add to wishlist', 'product_interaction'],
  ['Filter and Sort', 'filter color', 'filter_products'],
  ['Leaflet', 'next page', 'button_click'],
  ['Storefinder', 'select store', 'storefinder_interaction'],
  ['Click and Reserve', 'reserve', 'button_click'],
  ['Login/Registration', 'submit login', 'login'],
  ['Newsletter', 'enter email', 'form_interaction'],
  ['Mini Cart', 'go to basket', 'button_click'],
  ['FAQ', 'question', 'component_open'],
  ['Personal Preferences', 'save address', 'change_data'],
  ['Pagination', 'next', 'navigation_click'],
  ['Promotion', 'click', 'promotion_click'],
  ['Add-to-Cart Modal', 'continue shopping', 'button_click'],
];

// Action patterns that pick a more specific GA4 event within a category.
const ACTION_CASES: [category: string, action: string, expected: string][] = [
  ['Filter and Sort', 'sort by price', 'sort_products'],
  ['Sort', 'price ascending', 'sort_products'],
  // A sort dropdown in the filter bar.
  ['Filter', 'Sortierung', 'sort_products'],
  ['filter', 'sort by price', 'sort_products'],
  // Filter facets that only contain the letters: the assortment (Sortiment) is no sort.
  ['Filter', 'Sortiment', 'filter_products'],
  ['filter', 'assortment', 'filter_products'],
  ['Filter and Sort', 'Sortiment: Kaffee', 'filter_products'],
  ['Login/Registration', 'Registration', 'sign_up'],
  ['Login/Registration', 'sign-up', 'sign_up'],
  ['Registration', 'submit', 'sign_up'],
  ['Newsletter', 'subscribe', 'sign_up'],
  ['Newsletter', 'unsubscribe', 'unsubscribe'],
  ['Personal Preferences', 'newsletter opt-out', 'unsubscribe'],
  ['Storefinder', 'search', 'search'],
  ['FAQ', 'search', 'search'],
  ['Checkout', 'tab switch', 'tab_switch'],
  ['Navigation', 'Tab', 'tab_switch'],
  ['Product Interaction', 'switch_tab', 'tab_switch'],
  ['Form', 'validation error', 'system_response'],
  ['Checkout', 'payment failed', 'system_response'],
  ['Mini Cart', 'open', 'component_open'],
  ['Add-to-Cart Modal', 'show', 'component_open'],
  ['Leaflet', 'open leaflet', 'component_open'],
  ['Click and Reserve', 'open layer', 'component_open'],
];

describe('mapLegacyToGa4: each legacy category of spec §9', () => {
  it.each(CATEGORY_CASES)('maps %s / %s to %s with all five fields set', (category, action, expected) => {
    const result = mapLegacyToGa4({ event_category: category, event_action: action, event_label: 'Kaffee' });
    expect(result.event_name).toBe(expected);
    expectFiveFieldsSet(result);
  });

  it.each(ACTION_CASES)('maps %s / %s to %s by the action', (category, action, expected) => {
    const result = mapLegacyToGa4({ event_category: category, event_action: action });
    expect(result.event_name).toBe(expected);
    expectFiveFieldsSet(result);
  });

  it('derives click_target from the label, interaction from the action, origin from event_context', () => {
    expect(
      mapLegacyToGa4({
        event_category: 'Internal Link',
        event_action: 'Click Teaser',
        event_label: '/kaffee/bohnen',
        event_context: 'Homepage',
        event_non_interaction: false,
      }),
    ).toEqual({
      event_name: 'link_click',
      click_type: 'link',
      click_target: '/kaffee/bohnen',
      subject: 'internal_link',
      interaction: 'click_teaser',
      origin: 'Homepage',
    });
  });

  it('takes origin from the category when event_context is absent, and falls back to "not_set" for a missing label', () => {
    const result = mapLegacyToGa4({ event_category: 'Promotion', event_action: 'click' });
    expect(result.origin).toBe('promotion');
    expect(result.click_target).toBe(FIELD_FALLBACK);
    expect(FIELD_FALLBACK).not.toBe('');
  });

  it('sets GA4 extras where a row derives them', () => {
    expect(mapLegacyToGa4({ event_category: 'Mini Cart', event_action: 'hover' })).toMatchObject({
      event_name: 'component_open',
      component_type: 'mini_cart',
    });
    // The mini cart opens from its icon; its other clicks are buttons.
    expect(mapLegacyToGa4({ event_category: 'Mini Cart', event_action: 'open' })).toMatchObject({ event_name: 'component_open', click_type: 'icon', component_type: 'mini_cart' });
    expect(mapLegacyToGa4({ event_category: 'Mini Cart', event_action: 'go to basket' })).toMatchObject({ event_name: 'button_click', click_type: 'button' });
    expect(mapLegacyToGa4({ event_category: 'Checkout', event_action: 'tab', event_label: 'guest' })).toMatchObject({
      event_name: 'tab_switch',
      checkout_tab: 'guest',
    });
    expect(mapLegacyToGa4({ event_category: 'Form', event_action: 'error', event_label: 'email invalid' })).toMatchObject({
      event_name: 'system_response',
      response_type: 'error',
      response_details: 'email invalid',
    });
  });

  it('recognises category spellings regardless of case and separators', () => {
    const spellings = ['Internal Link', 'internal_link', 'internal-link', 'INTERNAL  LINK', ' internal.link '];
    for (const category of spellings) {
      expect(mapLegacyToGa4({ event_category: category, event_action: 'click' }).event_name, category).toBe('link_click');
    }
  });
});

describe('the legacy-to-GA4 table', () => {
  it('produces every GA4 event name of spec §9 from at least one row', () => {
    const produced = new Set(LEGACY_TO_GA4_TABLE.map((row) => row.event_name));
    for (const name of SPEC_GA4_NAMES) expect(produced.has(name as never), name).toBe(true);
    expect([...GA4_CUSTOM_EVENT_NAMES]).toEqual(SPEC_GA4_NAMES);
  });

  it('lists every accepted spelling in its recognised form', () => {
    for (const row of LEGACY_TO_GA4_TABLE) {
      for (const spelling of row.category) expect(toSlug(spelling)).toBe(spelling);
    }
  });

  it('ends every category with a row that matches any action', () => {
    const categories = new Set(LEGACY_TO_GA4_TABLE.flatMap((row) => row.category));
    for (const category of categories) {
      const result = mapLegacyToGa4({ event_category: category, event_action: 'zzz' });
      expect(result.event_name, category).not.toBe('deprecated_event');
    }
  });
});

describe('unmapped legacy events (spec §8)', () => {
  it('become deprecated_event carrying the old category, action and label', () => {
    expect(
      mapLegacyToGa4({ event_category: 'Old Teaser', event_action: 'Click', event_label: 'Sommer', event_context: 'PDP' }),
    ).toEqual({
      event_name: 'deprecated_event',
      event_category: 'Old Teaser',
      event_action: 'Click',
      event_label: 'Sommer',
      click_type: FIELD_FALLBACK,
      click_target: FIELD_FALLBACK,
      subject: FIELD_FALLBACK,
      interaction: FIELD_FALLBACK,
      origin: 'PDP',
    });
  });

  it('leave out absent old values instead of sending empty strings', () => {
    const result = mapLegacyToGa4({ event_category: 'Old Teaser', event_action: '', event_label: null });
    expect(result).toMatchObject({ event_name: 'deprecated_event', event_category: 'Old Teaser' });
    expect(result).not.toHaveProperty('event_action');
    expect(result).not.toHaveProperty('event_label');
  });

  it('include events without a category', () => {
    expect(mapLegacyToGa4({ event_action: 'Click' })).toMatchObject({ event_name: 'deprecated_event', event_action: 'Click' });
    expect(mapLegacyToGa4(null).event_name).toBe('deprecated_event');
  });
});

const throwingRow = (thrown: unknown): LegacyToGa4Row => ({
  category: ['boom'],
  event_name: 'button_click',
  derive: () => {
    throw thrown;
  },
});

describe('mapping exceptions (spec §8)', () => {
  it("become ga4_event_mapping_error with response_type 'exception in mapping function'", () => {
    const result = mapLegacyToGa4With([throwingRow(new Error('row broke'))], {
      event_category: 'Boom',
      event_action: 'click',
      event_label: 'here',
    });
    expect(result).toMatchObject({
      event_name: 'ga4_event_mapping_error',
      response_type: 'exception in mapping function',
      response_details: 'row broke',
      event_category: 'Boom',
      event_action: 'click',
      event_label: 'here',
    });
    expectFiveFieldsSet(result);
  });

  it('cut the error message to 100 characters', () => {
    const event = { event_category: 'boom', event_action: 'a' };
    const result = mapLegacyToGa4With([throwingRow(new Error('x'.repeat(150)))], event);
    expect(result.response_details).toBe('x'.repeat(100));
  });

  it('come also from an event whose fields throw when read', () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('trap');
        },
      },
    );
    expect(mapLegacyToGa4(hostile)).toMatchObject({ event_name: 'ga4_event_mapping_error', response_details: 'trap' });
  });

  it('come from a row naming an event the spec does not list', () => {
    const row = { category: ['boom'], event_name: 'made_up', derive: () => ({}) } as unknown as LegacyToGa4Row;
    const result = mapLegacyToGa4With([row], { event_category: 'boom', event_action: 'a' });
    expect(result).toMatchObject({
      event_name: 'ga4_event_mapping_error',
      response_details: 'The legacy-to-GA4 table names an unknown GA4 event: made_up',
    });
  });
});

const ALL_SPELLINGS = LEGACY_TO_GA4_TABLE.flatMap((row) => row.category);
const legacyText = fc.oneof(
  fc.constantFrom(...CATEGORY_CASES.map(([c]) => c), ...ALL_SPELLINGS),
  fc.constantFrom('tab', 'open', 'error', 'sort', 'unsubscribe', 'subscribe', 'search', 'registration', 'close', ' ', ''),
  fc.string(),
  fc.anything(),
);
const legacyEvent = fc.oneof(
  fc.record(
    {
      event_category: legacyText,
      event_action: legacyText,
      event_label: legacyText,
      event_context: legacyText,
      event_non_interaction: fc.anything(),
    },
    { requiredKeys: [] },
  ),
  fc.anything(),
);
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Object.values(value as object).flatMap(stringsIn);

describe('mapLegacyToGa4 properties', () => {
  it('never throws on arbitrary input', () => {
    fc.assert(fc.property(legacyEvent, (event) => void mapLegacyToGa4(event)), { numRuns: 1000 });
  });

  it('never returns an empty string and always sets the five fields', () => {
    fc.assert(
      fc.property(legacyEvent, (event) => {
        const result = mapLegacyToGa4(event);
        expectFiveFieldsSet(result);
        expect(stringsIn(result).filter((s) => s.trim() === '')).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  });

  it("always names a spec GA4 event, 'deprecated_event' or 'ga4_event_mapping_error'", () => {
    fc.assert(
      fc.property(legacyEvent, (event) => {
        expect(ALLOWED_NAMES).toContain(mapLegacyToGa4(event).event_name);
      }),
      { numRuns: 1000 },
    );
  });

  it('maps a category the same whatever its case and separators', () => {
    const separators = fc.constantFrom(' ', '_', '-', '/', ' & ', '.');
    fc.assert(
      fc.property(fc.constantFrom(...ALL_SPELLINGS), separators, fc.boolean(), (key, sep, upper) => {
        const spelled = key.split('_').join(sep);
        const category = upper ? spelled.toUpperCase() : spelled;
        expect(mapLegacyToGa4({ event_category: category, event_action: 'zzz' })).toEqual(
          mapLegacyToGa4({ event_category: key, event_action: 'zzz' }),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('turns whatever a row throws into the mapping-error event with details of at most 100 characters', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string().map((m) => new Error(m))), (thrown) => {
        const row = throwingRow(thrown);
        const result = mapLegacyToGa4With([row], { event_category: 'boom', event_action: 'x' });
        expect(result.event_name).toBe('ga4_event_mapping_error');
        expect(result.response_type).toBe('exception in mapping function');
        expect(result.response_details?.length).toBeGreaterThan(0);
        expect(result.response_details?.length).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });
});

describe('texts written with combining marks (pasted decomposed, or a Turkish capital İ)', () => {
  it('map as their composed form does: the same row, the same interaction', () => {
    const composed = mapLegacyToGa4({ event_category: 'mini_cart', event_action: 'Öffnen' });
    const decomposed = mapLegacyToGa4({ event_category: 'mini_cart', event_action: 'O\u0308ffnen' });
    expect(decomposed.event_name).toBe(composed.event_name);
    expect(decomposed.interaction).toBe(composed.interaction);
  });

  it('keep a word with a combining mark as one word in the snake_case keys', () => {
    expect(toSlug('e\u0301te\u0301 Cafe\u0301')).toBe('été_café');
    expect(toSlug('İçerik Aç')).toBe('içerik_aç');
    expect(toSlug('क्षत्रिय')).toBe('क्षत्रिय');
  });

  it('leave an emoji out with its variation selector and keycap, as before (the category still finds its row)', () => {
    expect(toSlug('Mini Cart ❤️')).toBe('mini_cart');
    expect(toSlug('⭐️ Bewertung')).toBe('bewertung');
    expect(toSlug('Schritt 1️⃣')).toBe('schritt_1');
    const plain = mapLegacyToGa4({ event_category: 'mini_cart', event_action: 'open' });
    expect(mapLegacyToGa4({ event_category: 'Mini Cart ❤️', event_action: 'open' }).event_name).toBe(plain.event_name);
  });
});
