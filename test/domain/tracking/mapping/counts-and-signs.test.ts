import fc from 'fast-check';
import { toCount, toNumber } from '../../../../src/domain/tracking/mapping/clean';
import { toExactagPayload } from '../../../../src/domain/tracking/mapping/exactag';
import { toGa4CustomEvent } from '../../../../src/domain/tracking/mapping/ga4-custom-event';
import { toGa4Ecommerce } from '../../../../src/domain/tracking/mapping/ga4-ecommerce';
import { toGa4ItemList } from '../../../../src/domain/tracking/mapping/ga4-item-list';
import { toGa4Pageview } from '../../../../src/domain/tracking/mapping/ga4-pageview';
import { toUaEcommerce } from '../../../../src/domain/tracking/mapping/ua-ecommerce';
import { toUaItemList } from '../../../../src/domain/tracking/mapping/ua-item-list';
import { toUaPageview } from '../../../../src/domain/tracking/mapping/ua-pageview';
import { ignoreLog } from './destination-payload-support';

/** The nine sites' locales: how a shop template writes a number for them (`Intl`, PHP's NumberFormatter). */
const SITE_LOCALES = ['de-DE', 'de-AT', 'de-CH', 'fr-CH', 'pl-PL', 'cs-CZ', 'hu-HU', 'sk-SK', 'tr-TR'] as const;
const SITE_CURRENCIES = { 'de-DE': 'EUR', 'de-AT': 'EUR', 'de-CH': 'CHF', 'fr-CH': 'CHF', 'pl-PL': 'PLN', 'cs-CZ': 'CZK', 'hu-HU': 'HUF', 'sk-SK': 'EUR', 'tr-TR': 'TRY' } as const;

const ga4Items = (out: unknown) => (out as { ecommerce: { items: Record<string, unknown>[] } }).ecommerce.items;

describe('counts written in a site\'s own format: a whole number, "1.234" on de and tr is 1234 results, not 1.234', () => {
  it('the result counts of a search page reach both page views and the Exactag result count as written', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(...SITE_LOCALES), (count, locale) => {
        const written = count.toLocaleString(locale);
        const page = { page_type: 'search', exactag_site_group: 'Suchergebnisseite', number_of_product_results: written, number_of_available_product_results: written };
        for (const view of [toUaPageview(page), toGa4Pageview(page)]) {
          expect(view).toMatchObject({ number_of_product_results: count, number_of_available_product_results: count });
        }
        expect(toExactagPayload({ pageData: page }, ignoreLog).nr).toBe(count);
      }),
      { numRuns: 500, examples: [[1234, 'de-DE'], [12345, 'tr-TR'], [999_999, 'de-DE']] },
    );
  });

  it('an item\'s place of "1.001" is 1001 in the legacy product and the GA4 item, a checkout step of "1.000" is 1000', () => {
    const ecommerce = { transaction_id: 'T-1', value: '1.299,00', currency: 'TRY', items: [{ item_id: '1', price: '1.299,00', quantity: 1, index: '1.001' }] };
    const legacy = toUaEcommerce({ event: 'purchase', ecommerce });
    expect(legacy).toMatchObject({ ecommerce: { purchase: { products: [{ position: 1001 }] } } });
    expect(ga4Items(toGa4Ecommerce({ event: 'purchase_ga4', ecommerce }))[0]).toMatchObject({ index: 1001 });
    expect(toUaEcommerce({ event: 'progress_checkout', ecommerce: { checkout_step: '1.000', items: [] } })).toMatchObject({
      ecommerce: { checkout: { actionField: { step: 1000 } } },
    });
  });

  it('a page size of "1.000" puts page 2\'s first product at position 1001 in both item-list forms', () => {
    const list = { items: ['400000001'], list_page_number: '2', max_items_per_page: (1000).toLocaleString('de-DE') };
    expect(ga4Items(toGa4ItemList(list, 'Suchergebnisseite'))[0]).toMatchObject({ index: 1001 });
    expect(toUaItemList(list, 'Suchergebnisseite')).toMatchObject({ ecommerce: { impressions: [{ position: 1001 }] } });
  });

  it('a GA4 custom event\'s gift deliveries are a count too', () => {
    expect(toGa4CustomEvent({ event_name: 'subscription', subscription_info: { gift_deliveries: '1.000' } })).toMatchObject({ gift_deliveries: 1000 });
  });

  it('an amount and a quantity keep their one separator as the decimal one (61.425 is a tax amount, 1.500 kg a weight), a count a leading 0', () => {
    const ecommerce = { transaction_id: 'T-1', value: '61.425', tax: '1.234', currency: 'EUR', items: [{ item_id: '1', price: '61.425', quantity: '1.500', index: '0.500' }] };
    expect(toGa4Ecommerce({ event: 'purchase_ga4', ecommerce })).toMatchObject({ ecommerce: { value: 61.425, tax: 1.234, items: [{ price: 61.425, quantity: 1.5, index: 0.5 }] } });
  });
});

describe('amounts written with their currency, as Intl and shop templates write them on the nine sites', () => {
  it('an order value written with its currency sign or code reads as the amount in GA4, the legacy entry and Exactag', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.constantFrom(...SITE_LOCALES), fc.constantFrom('symbol', 'code'), (cents, locale, currencyDisplay) => {
        const amount = cents / 100;
        const currency = SITE_CURRENCIES[locale];
        const written = amount.toLocaleString(locale, { style: 'currency', currency, currencyDisplay, minimumFractionDigits: 2, maximumFractionDigits: 2 });
        const ecommerce = { transaction_id: 'T-1', value: written, currency, items: [{ item_id: '1', price: written, quantity: 1 }] };
        expect(toGa4Ecommerce({ event: 'purchase_ga4', ecommerce }), written).toMatchObject({ ecommerce: { value: amount, items: [{ price: amount }] } });
        expect(toUaEcommerce({ event: 'purchase', ecommerce }), written).toMatchObject({ ecommerce: { purchase: { actionField: { revenue: amount } } } });
        const exactag = toExactagPayload({ pageData: { exactag_site_group: 'Order Confirmation' }, ecommerceEvent: { event: 'purchase', ecommerce } }, ignoreLog);
        expect(exactag.ov, written).toBe(amount.toFixed(2));
      }),
      { numRuns: 1000, examples: [[123450, 'tr-TR', 'symbol'], [-123450, 'de-CH', 'symbol'], [-123450, 'de-AT', 'symbol'], [1299, 'pl-PL', 'symbol']] },
    );
  });

  it('a whole amount written with its currency, as Intl writes it without cents ("1.234 €", "₺12.990"), is the thousands it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.constantFrom(...SITE_LOCALES), fc.constantFrom('symbol', 'code'), (amount, locale, currencyDisplay) => {
        const written = amount.toLocaleString(locale, { style: 'currency', currency: SITE_CURRENCIES[locale], currencyDisplay, maximumFractionDigits: 0 });
        expect(toNumber(written), written).toBe(amount);
        expect(toCount(written), written).toBe(amount);
      }),
      { numRuns: 1000, examples: [[1234, 'de-DE', 'symbol'], [12990, 'tr-TR', 'symbol'], [-1234, 'de-AT', 'code']] },
    );
  });

  it('reads the signs a shop template writes by hand: "12,99 zł", "Fr. 12.90", "€12.99", "12 990 Ft", and no text with letters around it', () => {
    const value = (written: string) => (toGa4Ecommerce({ event: 'purchase_ga4', ecommerce: { transaction_id: 'T', value: written, currency: 'EUR', items: [] } }) as { ecommerce: { value: number } }).ecommerce.value;
    expect(['12,99 zł', 'Fr. 12.90', '12.90 Fr.', '€12.99', '12 990 Ft', '1 299 Kč', '12,99 EUR', '₺1.234,50', '-€12.99', '12,99 TL', '12,99₺'].map(value)).toEqual([
      12.99, 12.9, 12.9, 12.99, 12990, 1299, 12.99, 1234.5, -12.99, 12.99, 12.99,
    ]);
    // No amount: a sign alone, two signs, words.
    for (const written of ['€', '€ €12', '12 Euro', 'EUR', 'ab 12,99 €', '12,99 € 13,99 €']) expect(value(written), written).toBe(0);
  });

  it('takes only currencies for currencies: coupon codes, positions and units with capitals stay no number ("NEU10", "POS12", "12 PCS", "2 WKS", "EUR4")', () => {
    for (const written of ['NEU10', 'POS12', 'ABC123', '12 PCS', '2 WKS', 'EUR4', '4EUR', 'DE123', 'Fr.12', '12 zł zł']) {
      expect(toNumber(written), written).toBeUndefined();
      expect(toCount(written), written).toBeUndefined();
    }
  });
});
