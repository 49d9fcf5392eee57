/**
 * zod/mini schemas derived from the field-kind tables of `fields.ts`, for the server and the tests
 * (Standard Schema). The library validates with `check.ts` over the same tables and never loads zod.
 */
import * as z from 'zod/mini';
import * as Warnings from '../warnings';
import { ECOMMERCE_EVENT_NAMES, type Infer, type Kind, type ScalarKind, type Shape } from './fields';
import { Boolish, Numeric, RequiredText, Text, TextList } from './lenient';

/** quickbuy and webshop_style: only booleans or the strings "true" / "false" (spec §5). */
export const QuickbuyFlag = z.union([z.boolean(), z.enum(['true', 'false'])], {
  error: Warnings.quickbuyWebshopStyle,
});

const SCALAR_SCHEMAS: Readonly<Record<ScalarKind, z.ZodMiniType>> = {
  t: Text,
  n: Numeric,
  c: Numeric,
  b: Boolish,
  q: QuickbuyFlag,
  l: TextList,
  r: RequiredText,
  g: z.union([Boolish, Numeric]),
  h: z.union([Boolish, Text]),
  s: z.union([z.string(), z.array(z.string())]),
  e: z.enum(ECOMMERCE_EVENT_NAMES),
  i: z.union([Text, z.looseObject({ item_id: z.nullish(Text) })]),
};

const schemaOfKind = (kind: Kind): z.ZodMiniType => {
  if (typeof kind === 'string') return SCALAR_SCHEMAS[kind];
  if (!Array.isArray(kind)) return looseSchemaOf(kind as Shape);
  const entry = schemaOfKind(kind[0] as Kind);
  return kind.length > 1 ? z.union([z.array(entry), entry]) : z.array(entry);
};

// Untyped, so tsc never expands Infer<Shape> (too deep with one-or-list kinds).
function looseSchemaOf(shape: Shape): z.ZodMiniType {
  const fields: Record<string, z.ZodMiniType> = {};
  for (const [key, kind] of Object.entries(shape)) {
    const schema = schemaOfKind(kind);
    fields[key] = kind === 'r' || kind === 'e' ? schema : z.nullish(schema);
  }
  return z.looseObject(fields);
}

/** The loose-object schema of a table: unknown keys kept, every field nullish except the required kinds. */
export const schemaOf = <S extends Shape>(shape: S): z.ZodMiniType<Infer<S>, unknown> =>
  looseSchemaOf(shape) as unknown as z.ZodMiniType<Infer<S>, unknown>;
