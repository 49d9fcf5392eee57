import { ProductSourceEventSchema } from '../../../../src/domain/tracking/entities/product-source';

describe('ProductSourceEventSchema', () => {
  it('requires webshop_product_id, as a string or a number', () => {
    expect(ProductSourceEventSchema.safeParse({ webshop_product_id: '123456789' }).success).toBe(true);
    expect(ProductSourceEventSchema.safeParse({ webshop_product_id: 123456789 }).success).toBe(true);
    expect(ProductSourceEventSchema.safeParse({}).success).toBe(false);
    expect(ProductSourceEventSchema.safeParse({ webshop_product_id: '' }).success).toBe(false);
  });
});
