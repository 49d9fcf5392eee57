/**
 * Entity validation for the tracking entry points (spec §3, §5). `validateEntity` never throws: the
 * entry points turn its issues into warnings or into the rejection of the push.
 */
import { checkEntity } from './entities/check';
import {
  ECOMMERCE_DATA,
  ECOMMERCE_EVENT,
  GA4_CUSTOM_EVENT,
  INITIAL_PAGE_DATA,
  ITEM_LIST_DATA,
  LEAD_DATA,
  LEGACY_CUSTOM_EVENT,
  PRODUCT_SOURCE_EVENT,
  type Infer,
  type Shape,
} from './entities/fields';
import { isLegacyCustomEvent } from './entities/legacy-form';
import { causeText } from './log-buffer';
import { isBlankText, isRecord, ownValue, toText } from './mapping/clean';
import { GA4_EVENT_TYPE } from './mapping/ga4-custom-event';
import * as Warnings from './warnings';

export * from './page-validation';

/** The entity kinds of the messaging API that carry data (spec §3 Message event kinds, without Reset). */
export const ENTITY_KINDS = [
  'InitialPageData',
  'EcommerceEventData',
  'CustomEventData',
  'ItemListData',
  'ProductSourceEventData',
  'LeadData',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export interface EntityValues {
  InitialPageData: Infer<typeof INITIAL_PAGE_DATA>;
  EcommerceEventData: Infer<typeof ECOMMERCE_EVENT>;
  CustomEventData: Infer<typeof LEGACY_CUSTOM_EVENT> | Infer<typeof GA4_CUSTOM_EVENT>;
  ItemListData: Infer<typeof ITEM_LIST_DATA>;
  ProductSourceEventData: Infer<typeof PRODUCT_SOURCE_EVENT>;
  LeadData: Infer<typeof LEAD_DATA>;
}

/** A valid entity, with the warnings of the values left out (see {@link validateEntity}), or its issues. */
export type ValidationResult<T> = { ok: true; value: T; warnings?: string[] } | { ok: false; issues: string[] };

const SHAPES: Readonly<Record<Exclude<EntityKind, 'CustomEventData'>, Shape>> = {
  InitialPageData: INITIAL_PAGE_DATA,
  EcommerceEventData: ECOMMERCE_EVENT,
  ItemListData: ITEM_LIST_DATA,
  ProductSourceEventData: PRODUCT_SOURCE_EVENT,
  LeadData: LEAD_DATA,
};

/** Fields of the `ecommerce` object that a gtag-style push puts beside `event`. */
const ECOMMERCE_DATA_KEYS = ['items', 'value', 'currency', 'transaction_id'];

/** The keys of the Universal Analytics `ecommerce` object (`ecommerce.purchase.actionField`, …). */
const UNIVERSAL_ECOMMERCE_KEYS = [
  'currencyCode', 'impressions', 'detail', 'click', 'add', 'remove', 'checkout', 'checkout_option', 'purchase', 'refund', 'promoView', 'promoClick',
];
const ECOMMERCE_FIELDS = Object.keys(ECOMMERCE_DATA);

/** Whether a value says anything: visible text, a number, a flag, or a list or object holding one. */
const hasSubstance = (value: unknown, depth = 0): boolean => {
  if (typeof value === 'string') return !isBlankText(value);
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'boolean') return true;
  if (depth > 2 || value === null || typeof value !== 'object') return false;
  return Object.values(value).some((entry) => hasSubstance(entry, depth + 1));
};

/**
 * Why an e-commerce event that passed its field table still cannot go, if it cannot: its data in
 * the Universal Analytics form (none of the GA4 fields), or a purchase without any e-commerce data
 * (blank, invisible and empty values are none: `{ transaction_id: ' ' }`, `{ items: [{}] }`).
 * Sent, either reached the data layer as an event with `value: 0` and no items (a 0 € order).
 */
const ecommerceFormIssue = (value: Infer<typeof ECOMMERCE_EVENT>, input: Record<string, unknown>): string | undefined => {
  const given = isRecord(input.ecommerce) ? input.ecommerce : {};
  const ecommerce: Record<string, unknown> = isRecord(value.ecommerce) ? value.ecommerce : {};
  const carriesData = ECOMMERCE_FIELDS.some((key) => hasSubstance(ecommerce[key]));
  const universal = UNIVERSAL_ECOMMERCE_KEYS.filter((key) => Object.hasOwn(given, key));
  if (universal.length > 0 && !ECOMMERCE_FIELDS.some((key) => Object.hasOwn(given, key))) {
    return Warnings.ecommerceInUniversalForm(universal.map((key) => `ecommerce.${key}`));
  }
  if ((value.event === 'purchase' || value.event === 'purchase_ga4') && !carriesData) return Warnings.purchaseWithoutData;
  return undefined;
};

/**
 * Validates `input` as the entity `kind` against its field table (`entities/fields.ts`). Returns the
 * value (with `copy`, and always for e-commerce events, a copy of its structure that later changes to
 * the input cannot reach; e-commerce events with quickbuy / webshop_style normalised to booleans) or the
 * list of issues: the spec's text for a legacy custom event without event_category or event_action and
 * for quickbuy / webshop_style, '<entity> must be an object' for anything but an object, otherwise
 * the field's path and what it needs ('event_name is required.'). A number or flag that is neither is
 * left out, as if absent (spec §5: the mapping's fallback applies), with a warning naming the field
 * (an empty string is left out without one). Keys no table names are kept (the first-party collector
 * and the app get them) and named in one warning: a misspelt field shows on the console, not only as
 * a gap in the reports. Never throws.
 */
export const validateEntity = <K extends EntityKind>(
  kind: K,
  input: unknown,
  copy = false,
): ValidationResult<EntityValues[K]> => {
  try {
    const legacy = kind === 'CustomEventData' && isLegacyCustomEvent(input);
    const shape =
      kind === 'CustomEventData'
        ? legacy
          ? LEGACY_CUSTOM_EVENT
          : GA4_CUSTOM_EVENT
        : ownValue<Shape>(SHAPES, kind);
    if (shape === undefined) return { ok: false, issues: [`Unknown entity kind "${String(kind)}"`] };
    if (!isRecord(input)) return { ok: false, issues: [Warnings.entityNotAnObject(kind)] };
    // The gtag form (`items`, `value`, `currency` beside `event`): sent as it is, the data layer would
    // get an empty basket while the other destinations read the items.
    if (kind === 'EcommerceEventData' && input.ecommerce === undefined && ECOMMERCE_DATA_KEYS.some((key) => input[key] !== undefined)) {
      return { ok: false, issues: [Warnings.ecommerceAtTopLevel] };
    }
    const checked = checkEntity(shape, input, {
      copy,
      flags: kind === 'EcommerceEventData',
      lenient: true,
      unknown: true,
      requiredText: legacy
        ? Warnings.customEventCategoryActionRequired
        : kind === 'CustomEventData'
          ? Warnings.customEventNameRequired
          : undefined,
    });
    if (!checked.ok) return checked;
    if (kind === 'EcommerceEventData') {
      const refused = ecommerceFormIssue(checked.value as Infer<typeof ECOMMERCE_EVENT>, input);
      if (refused !== undefined) return { ok: false, issues: [refused] };
    }
    const warnings = checked.warnings ?? [];
    // Spec §5: an event_type other than the GA4 one warns (the event goes as 'ga4_event'); here, so
    // that the app context, which has no data-layer mapping, warns too.
    const eventType = kind === 'CustomEventData' && !legacy ? toText((checked.value as Record<string, unknown>).event_type) : undefined;
    if (eventType !== undefined && eventType !== GA4_EVENT_TYPE) warnings.push(Warnings.eventTypeMismatch(GA4_EVENT_TYPE, eventType));
    if (checked.unknown) {
      // A custom event's fields of the other form are known, but this form leaves them out.
      const otherForm = kind === 'CustomEventData' ? (legacy ? GA4_CUSTOM_EVENT : LEGACY_CUSTOM_EVENT) : {};
      const ofOtherForm = checked.unknown.filter((path) => Object.hasOwn(otherForm, path));
      const unknown = checked.unknown.filter((path) => !Object.hasOwn(otherForm, path));
      if (ofOtherForm.length > 0) warnings.push(Warnings.fieldsOfOtherForm(legacy, ofOtherForm));
      if (unknown.length > 0) warnings.push(Warnings.fieldsUnknown(kind, unknown));
    }
    return (warnings.length > 0 ? { ok: true, value: checked.value, warnings } : { ok: true, value: checked.value }) as ValidationResult<EntityValues[K]>;
  } catch (error) {
    return { ok: false, issues: [`The ${String(kind)} could not be validated: ${causeText(error)}`] };
  }
};
