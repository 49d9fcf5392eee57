/** Shared helpers of the destination payload tests (exactag, first-party, app bridge). */
import fc from 'fast-check';
import type { LogLevel, LogSink } from '../../../../src/domain/tracking/log-buffer';

export interface Recorded {
  level: LogLevel;
  message: string;
}

/** A LogSink that remembers what it was told. */
export const recordingLog = (): { log: LogSink; entries: Recorded[]; messages: () => string[] } => {
  const entries: Recorded[] = [];
  return {
    log: (level, message) => {
      entries.push({ level, message });
    },
    entries,
    messages: () => entries.map((entry) => entry.message),
  };
};

export const ignoreLog: LogSink = () => undefined;

/** Every path at which a value is the empty string. */
export const emptyStringPaths = (value: unknown, path = '$', depth = 0): string[] => {
  if (value === '') return [path];
  if (depth > 30 || value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => emptyStringPaths(child, `${path}.${key}`, depth + 1));
};

/** Any value at all, odd ones included (null prototypes, boxed values, bigint, dates, maps, sparse arrays). */
export const oddValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  maxDepth: 3,
});

/** An item: usually shaped like an e-commerce item with odd field values, sometimes anything. */
export const oddItem = fc.oneof(
  fc.record(
    {
      item_id: fc.oneof(fc.string(), fc.integer(), oddValue),
      product_id: oddValue,
      item_brand: fc.oneof(fc.string(), oddValue),
      item_name: oddValue,
      price: oddValue,
    },
    { requiredKeys: [] },
  ),
  fc.string(),
  oddValue,
);

/** An e-commerce event with odd values, or anything. */
export const oddEcommerceEvent = fc.oneof(
  fc.record(
    {
      event: fc.oneof(fc.constantFrom('view_item', 'add_to_cart', 'view_cart', 'purchase', 'purchase_ga4'), oddValue),
      ecommerce: fc.oneof(
        fc.record(
          {
            transaction_id: oddValue,
            value: oddValue,
            currency: oddValue,
            coupon: oddValue,
            coupon_types: fc.oneof(fc.constant(['corporate_benefits']), oddValue),
            items: fc.oneof(fc.array(oddItem, { maxLength: 40 }), oddValue),
          },
          { requiredKeys: [] },
        ),
        oddValue,
      ),
      items: fc.oneof(fc.array(oddItem, { maxLength: 40 }), oddValue),
      coupon_values: oddValue,
    },
    { requiredKeys: [] },
  ),
  oddValue,
);

/** Items whose ids and brands are long enough that their joined list passes 100 characters. */
export const longItems = fc.array(
  fc.record({ item_id: fc.string({ minLength: 1, maxLength: 30 }), item_brand: fc.string({ minLength: 1, maxLength: 30 }) }),
  { minLength: 1, maxLength: 30 },
);

/** An object whose every read throws: a revoked proxy. */
export const revokedProxy = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};
