/**
 * Lenient field schemas shared by the tracking entities. Shop pages send numbers as strings, flags as
 * "true"/"false" and null for missing values; the entities accept all of that and keep unknown keys.
 * None of these schemas transforms its input: mappers read values through `toNumber` / `toText`.
 */
import * as z from 'zod/mini';
import { isBlankText, toNumber } from '../mapping/clean';

/** A finite number or a string that parses as one ("12.5", "12,5"). */
export const Numeric = z.union([
  z.number().check(z.refine((n) => Number.isFinite(n), 'expected a finite number')),
  z.string().check(z.refine((s) => toNumber(s) !== undefined, 'expected a numeric string')),
]);
export type Numeric = z.infer<typeof Numeric>;

/** A boolean or the strings "true" / "false". */
export const Boolish = z.union([z.boolean(), z.enum(['true', 'false'])]);
export type Boolish = z.infer<typeof Boolish>;

/** A free text or code; numbers are accepted because pages often send ids and codes unquoted. */
export const Text = z.union([z.string(), z.number()]);
export type Text = z.infer<typeof Text>;

/** A present text with something visible in it (a field the spec requires), or a number. */
export const RequiredText = z.union([z.string().check(z.refine((s) => !isBlankText(s), 'expected a text that is not blank')), z.number()]);

/** One text or a list of texts (coupon lists, payment types, scope). */
export const TextList = z.union([Text, z.array(Text)]);
export type TextList = z.infer<typeof TextList>;

/** An optional field that may also be sent as null. */
export const opt = <T extends z.core.SomeType>(schema: T) => z.nullish(schema);
