import { InitialPageDataSchema } from '../../../../src/domain/tracking/entities/initial-page-data';

describe('InitialPageDataSchema', () => {
  it('accepts an empty object: no field of the page data is required', () => {
    expect(InitialPageDataSchema.safeParse({}).success).toBe(true);
  });

  it('accepts the page-data fields as shop pages send them, including numeric strings and "true"/"false"', () => {
    const page = {
      page_type: 'search',
      exactag_site_group: 'Suchergebnisseite',
      lead_value: '12.50',
      number_of_product_results: '0',
      number_of_available_product_results: 120,
      internal_search_fallback: 'false',
      is_spa: true,
      emit_tracking_executed_event: 'true',
      ab_tests: [{ name: 'tiles', group: 'B' }],
      subscription_info: { subscription_type: 'coffee', gift_deliveries: '3' },
      avl_payment_types: ['paypal', 'invoice'],
    };
    const parsed = InitialPageDataSchema.safeParse(page);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.lead_value).toBe('12.50');
    expect(parsed.data?.ab_tests).toEqual([{ name: 'tiles', group: 'B' }]);
  });

  it('accepts scope as a string or an array of strings', () => {
    expect(InitialPageDataSchema.safeParse({ scope: 'gtm,exactag' }).success).toBe(true);
    expect(InitialPageDataSchema.safeParse({ scope: ['gtm', 'app'] }).success).toBe(true);
    expect(InitialPageDataSchema.safeParse({ scope: 3 }).success).toBe(false);
  });

  it('keeps unknown keys', () => {
    expect(InitialPageDataSchema.parse({ shop_specific: 'x' })).toEqual({ shop_specific: 'x' });
  });

  it('rejects a non-numeric lead_value and a flag that is not a boolean', () => {
    expect(InitialPageDataSchema.safeParse({ lead_value: 'a lot' }).success).toBe(false);
    expect(InitialPageDataSchema.safeParse({ is_spa: 'yes' }).success).toBe(false);
  });
});
