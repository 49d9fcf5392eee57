import {
  ECOMMERCE_EVENT_NAMES,
  EcommerceEventSchema,
  EcommerceItemSchema,
} from '../../../../src/domain/tracking/entities/ecommerce-event';
import { Warnings } from '../../../../src/domain/tracking/warnings';

describe('EcommerceEventSchema', () => {
  it('lists the 11 e-commerce event names of the spec', () => {
    expect(ECOMMERCE_EVENT_NAMES).toEqual([
      'view_item',
      'add_to_cart',
      'view_cart',
      'begin_checkout',
      'progress_checkout',
      'reverse_checkout',
      'purchase',
      'purchase_ga4',
      'view_wishlist',
      'add_to_wishlist',
      'remove_from_wishlist',
    ]);
  });

  it.each(ECOMMERCE_EVENT_NAMES)('accepts the event %s', (event) => {
    expect(EcommerceEventSchema.safeParse({ event }).success).toBe(true);
  });

  it('requires event and rejects a name outside the list', () => {
    expect(EcommerceEventSchema.safeParse({ ecommerce: {} }).success).toBe(false);
    expect(EcommerceEventSchema.safeParse({ event: 'refund' }).success).toBe(false);
  });

  it('accepts a purchase with string amounts, coupon lists and the top-level extras', () => {
    const purchase = {
      event: 'purchase',
      ecommerce: {
        currency: 'EUR',
        value: '49,90',
        shipping: 4.95,
        transaction_id: 123456,
        coupon_codes: ['SPRING', 'BEANS'],
        items: [{ item_id: '123456789', price: '9.99', quantity: '2', quickbuy: 'true' }],
      },
      guest_order: 'false',
      loyalty_beans_value: '150',
      gift_card_value: 0,
    };
    expect(EcommerceEventSchema.safeParse(purchase).success).toBe(true);
  });
});

describe('EcommerceItemSchema', () => {
  it('rejects a quickbuy or webshop_style string other than "true"/"false" with the spec text', () => {
    const parsed = EcommerceItemSchema.safeParse({ webshop_style: 'yes' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(
      'The Properties quickbuy and webshop_style have to be passed as boolean or as "true" / "false". Random strings can not be processed.',
    );
    expect(parsed.error?.issues[0]?.message).toBe(Warnings.quickbuyWebshopStyle);
  });

  it('rejects a non-numeric price', () => {
    expect(EcommerceItemSchema.safeParse({ price: 'free' }).success).toBe(false);
    expect(EcommerceItemSchema.safeParse({ price: '0' }).success).toBe(true);
  });
});
