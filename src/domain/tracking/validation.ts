/**
 * Entity validation for the tracking entry points (spec §3, §5). `validateEntity` never throws: the
 * entry points turn its issues into warnings or into the rejection of the push.
 */
import * as z from 'zod/mini';
import { EcommerceEventSchema, type EcommerceEvent } from './entities/ecommerce-event';
import { InitialPageDataSchema, type InitialPageData } from './entities/initial-page-data';
import { ItemListDataSchema, type ItemListData } from './entities/item-list';
import { LeadDataSchema, type LeadData } from './entities/lead';
import { ProductSourceEventSchema, type ProductSourceEvent } from './entities/product-source';
import {
  Ga4CustomEventSchema,
  LegacyCustomEventSchema,
  isLegacyCustomEvent,
  type Ga4CustomEvent,
  type LegacyCustomEvent,
} from './entities/custom-event';
import { normalizeEcommerceItemFlags } from './event-validation';
import { Warnings } from './warnings';

export * from './event-validation';
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
  InitialPageData: InitialPageData;
  EcommerceEventData: EcommerceEvent;
  CustomEventData: LegacyCustomEvent | Ga4CustomEvent;
  ItemListData: ItemListData;
  ProductSourceEventData: ProductSourceEvent;
  LeadData: LeadData;
}

export type ValidationResult<T> = { ok: true; value: T } | { ok: false; issues: string[] };

const SCHEMAS: Record<Exclude<EntityKind, 'CustomEventData'>, z.ZodMiniType> = {
  InitialPageData: InitialPageDataSchema,
  EcommerceEventData: EcommerceEventSchema,
  ItemListData: ItemListDataSchema,
  ProductSourceEventData: ProductSourceEventSchema,
  LeadData: LeadDataSchema,
};

/** A custom event is validated in the legacy form when it has event_category or event_action and no event_name. */
const schemaFor = (kind: EntityKind, input: unknown): z.ZodMiniType | undefined => {
  if (kind === 'CustomEventData') return isLegacyCustomEvent(input) ? LegacyCustomEventSchema : Ga4CustomEventSchema;
  return Object.hasOwn(SCHEMAS, kind) ? SCHEMAS[kind] : undefined;
};

const LEGACY_REQUIRED = new Set<PropertyKey>(['event_category', 'event_action']);

/** Issue texts: the spec's own text where it has one, otherwise `path: message`. Duplicates removed. */
const formatIssues = (issues: readonly z.core.$ZodIssue[], legacy: boolean): string[] => {
  const texts = issues.map((issue) => {
    if (issue.message === Warnings.quickbuyWebshopStyle) return issue.message;
    if (legacy && issue.path.length === 1 && LEGACY_REQUIRED.has(issue.path[0] as PropertyKey)) {
      return Warnings.customEventCategoryActionRequired;
    }
    const path = issue.path.map(String).join('.');
    return path === '' ? issue.message : `${path}: ${issue.message}`;
  });
  return [...new Set(texts)];
};

/**
 * Validates `input` as the entity `kind`. Returns the parsed value (with quickbuy / webshop_style
 * normalised to booleans for e-commerce events) or the list of issues; never throws.
 */
export const validateEntity = <K extends EntityKind>(kind: K, input: unknown): ValidationResult<EntityValues[K]> => {
  try {
    const schema = schemaFor(kind, input);
    if (schema === undefined) return { ok: false, issues: [`Unknown entity kind "${String(kind)}"`] };
    const parsed = z.safeParse(schema, input);
    if (!parsed.success) return { ok: false, issues: formatIssues(parsed.error.issues, schema === LegacyCustomEventSchema) };
    if (kind !== 'EcommerceEventData') return { ok: true, value: parsed.data as EntityValues[K] };
    const normalized = normalizeEcommerceItemFlags(parsed.data);
    return normalized.ok
      ? { ok: true, value: normalized.value as EntityValues[K] }
      : { ok: false, issues: [normalized.error] };
  } catch (error) {
    return { ok: false, issues: [`The ${String(kind)} could not be validated: ${describeError(error)}`] };
  }
};

const describeError = (error: unknown): string => {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'unknown error';
  }
};
