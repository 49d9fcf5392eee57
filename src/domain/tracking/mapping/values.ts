/** Value readers the data-layer mappers share, on top of clean.ts. None of them throws. */
import { joinPipe, toNumber, toText } from './clean';

/** One data-layer payload: a plain object, ready for `dataLayer.push`. */
export type DataLayerPayload = Record<string, unknown>;

/** A boolean, a finite number or a text (trimmed, as `toText` reads it), kept with its type; anything else gives `undefined`. */
export const toScalar = (value: unknown): string | number | boolean | undefined => {
  if (typeof value === 'string') return toText(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
};

/** `true` / `false` for booleans and the strings "true" / "false" (any case); `undefined` otherwise. */
export const toFlag = (value: unknown): boolean | undefined => {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const lower = value.trim().toLowerCase();
  return lower === 'true' ? true : lower === 'false' ? false : undefined;
};

/** A flag-or-number field (kind `g`): a flag as a boolean, else a number; `undefined` otherwise. */
export const toFlagOrNumber = (value: unknown): boolean | number | undefined => toFlag(value) ?? toNumber(value);

/** A flag-or-text field (kind `h`): a flag as a boolean, else the scalar with its type. */
export const toFlagOrScalar = (value: unknown): string | number | boolean | undefined => toFlag(value) ?? toScalar(value);

/**
 * A list (an array, or one scalar value) pipe-joined and cut to 100 characters (spec §5);
 * `undefined` when nothing is left.
 */
export const toPipeList = (value: unknown): string | undefined => {
  const joined = joinPipe(Array.isArray(value) ? value : [value]);
  return joined === '' ? undefined : joined;
};

/**
 * Rounds an amount to cents, half away from zero as the amount is written (1.005 gives 1.01, -1.005
 * -1.01), so sums of prices carry no floating-point noise (0.1 + 0.2 gives 0.3). `amount * 100` would
 * carry binary noise of its own (1.005 * 100 is 100.49999999999999): the decimal point is moved in the
 * amount's written form instead ('1.005e2' is 100.5).
 */
export const roundToCents = (amount: number): number => {
  const size = Math.abs(amount);
  // From 1e21 JavaScript writes an amount with an exponent and it has no cents; NaN and the infinities stay.
  if (!(size < 1e21)) return amount;
  // Below 1e-6 (written with an exponent too) it is no cent.
  const cents = size < 1e-6 ? 0 : Math.round(Number(`${size}e2`));
  return (Math.sign(amount) * cents) / 100;
};

/**
 * A computed amount (a sum of price times quantity, a difference) rounded to cents as the amounts it
 * was made of would be worked out by hand: its binary noise (5.05 * 1.5 is 7.574999999999999) is cut
 * at 15 significant digits first, which below 1e12 still hold three decimals.
 */
export const roundSumToCents = (sum: number): number => roundToCents(Math.abs(sum) < 1e12 ? Number(sum.toPrecision(15)) : sum);

/** The number itself when finite; `undefined` for none, NaN and the infinities (JSON would make them null). */
export const finiteOrUndefined = (amount: number | undefined): number | undefined => (Number.isFinite(amount) ? amount : undefined);

/** An amount with two decimals, rounded as {@link roundToCents} (12.5 gives '12.50'); `undefined` when it is not a number. */
export const toTwoDecimals = (value: unknown): string | undefined => {
  const amount = toNumber(value);
  return amount === undefined ? undefined : roundToCents(amount).toFixed(2);
};
