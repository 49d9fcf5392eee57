import * as z from 'zod/mini';
import { asRecord } from '../mapping/clean';
import { Boolish, Numeric, RequiredText, Text, opt } from './lenient';
import { SubscriptionInfoSchema } from './subscription-info';

/** The legacy (universal) custom event: event_category and event_action are required (spec §5). */
export const LegacyCustomEventSchema = z.looseObject({
  event_category: RequiredText,
  event_action: RequiredText,
  event_label: opt(Text),
  event_context: opt(Text),
  event_non_interaction: opt(Boolish),
});
export type LegacyCustomEvent = z.infer<typeof LegacyCustomEventSchema>;

/** The GA4 custom event (spec §3): event_name names the GA4 event and is required. */
export const Ga4CustomEventSchema = z.looseObject({
  event_type: opt(Text),
  event_name: RequiredText,
  click_type: opt(Text),
  click_target: opt(Text),
  component_type: opt(Text),
  origin: opt(Text),
  interaction: opt(Text),
  subject: opt(Text),
  status: opt(Text),
  attribute: opt(Text),
  specification: opt(Text),
  response_type: opt(Text),
  response_details: opt(Text),
  checkout_stage: opt(Text),
  checkout_tab: opt(Text),
  ident_method: opt(Text),
  selected_consent: opt(Text),
  shipping_method: opt(Text),
  payment_type: opt(Text),
  partner_purchase_value: opt(Numeric),
  subscription_value: opt(Numeric),
  subscription_info: opt(SubscriptionInfoSchema),
  cs_quantity: opt(Numeric),
  cs_product_value: opt(Numeric),
  cs_incentive_value: opt(Numeric),
  cs_order_id: opt(Text),
});
export type Ga4CustomEvent = z.infer<typeof Ga4CustomEventSchema>;

const isPresent = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** True for the legacy form: event_category or event_action is present and event_name is not. */
export const isLegacyCustomEvent = (input: unknown): boolean => {
  const record = asRecord(input);
  return (isPresent(record['event_category']) || isPresent(record['event_action'])) && !isPresent(record['event_name']);
};
