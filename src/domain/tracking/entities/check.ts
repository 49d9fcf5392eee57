/**
 * Checks a value against a field-kind table of `fields.ts`: what the derived zod schemas accept, without
 * zod. Issue texts name the field's path and what it needs ('event_name is required.',
 * 'ecommerce.items must be a list.'), the spec's own text for quickbuy / webshop_style, and
 * `requiredText` for a missing or invalid required top-level text. It transforms nothing, except
 * quickbuy / webshop_style on request (`flags`).
 */
import { copiedFrom } from '../copied-from';
import { isBlankText, isRecord as isPlainRecord, toNumber } from '../mapping/clean';
import { toFlag } from '../mapping/values';
import * as Warnings from '../warnings';
import { ECOMMERCE_EVENT_NAMES, type Kind, type ScalarKind, type Shape } from './fields';

/** What a field of each scalar kind must hold, as its issue text says it. */
const EXPECTED: Readonly<Record<ScalarKind, string>> = {
  t: 'a text or a number',
  n: 'a number',
  c: 'a number',
  b: 'true or false',
  q: 'true or false',
  l: 'a text or a list of texts',
  r: 'a text or a number',
  g: 'true, false or a number',
  h: 'true, false or a text',
  s: 'a text or a list of texts',
  e: `one of ${ECOMMERCE_EVENT_NAMES.join(', ')}`,
  i: 'a product id or an object with an item_id',
};
const mustBe = (path: string, expected: string): string => `${path === '' ? 'The value' : path} must be ${expected}.`;

const isText = (value: unknown): boolean =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
const isFlag = (value: unknown): boolean => value === true || value === false || value === 'true' || value === 'false';
const isNumeric = (value: unknown): boolean => toNumber(value) !== undefined;
const isString = (value: unknown): boolean => typeof value === 'string';
/** Absent as a required field: undefined, null, or a text with nothing visible in it. */
const isBlank = (value: unknown): boolean => value == null || (typeof value === 'string' && isBlankText(value));
// A list is read index by index: holes of a sparse list count as missing entries, as zod reads them.
const oneOrListOf = (test: (value: unknown) => boolean) => (value: unknown): boolean => {
  if (!Array.isArray(value)) return test(value);
  for (let i = 0; i < value.length; i += 1) if (!test(value[i])) return false;
  return true;
};

const SCALARS: Readonly<Record<ScalarKind, (value: unknown) => boolean>> = {
  t: isText,
  n: isNumeric,
  c: isNumeric,
  b: isFlag,
  q: isFlag,
  l: oneOrListOf(isText),
  r: (value) => !isBlank(value) && isText(value),
  g: (value) => isFlag(value) || isNumeric(value),
  h: (value) => isFlag(value) || isText(value),
  s: oneOrListOf(isString),
  e: (value) => (ECOMMERCE_EVENT_NAMES as readonly unknown[]).includes(value),
  i: (value) => isText(value) || (isPlainRecord(value) && (value.item_id == null || isText(value.item_id))),
};

/**
 * Scalar kinds whose unreadable value a lenient check leaves out with a warning instead of rejecting
 * (spec §5: numbers fall back as if absent; one bad CMS value must not cost the push), with what the
 * warning says the value is not: all but quickbuy / webshop_style (the spec's error) and the required
 * kinds. Nested objects and lists are left out the same way (`leftOut`).
 */
const SOFT_KINDS: Readonly<Partial<Record<Kind & string, string>>> = {
  n: 'number or boolean',
  c: 'number or boolean',
  b: 'number or boolean',
  g: 'number or boolean',
  t: 'text',
  h: 'text',
  l: 'text',
  s: 'text',
  i: 'product id',
};
/** The kinds of a text or a list of texts. */
const TEXT_LISTS: ReadonlySet<Kind> = new Set<Kind>(['l', 's']);

/**
 * A list of texts with an entry its kind refuses, in a lenient check: the list without it (a missing
 * one, a template's `null` or a hole, silently, as an empty text; another value with a warning naming
 * it). Before, the whole list was left out: a `scope` of `['ttruth', null]` stopped restricting the
 * page, and one `null` coupon cost an order all its coupons.
 */
function readableEntries(kind: ScalarKind, value: readonly unknown[], prefix: string, key: string | number, run: CheckRun): unknown[] {
  const kept: unknown[] = [];
  for (let index = 0; index < value.length; index += 1) {
    const entry = value[index];
    if (SCALARS[kind](entry)) kept.push(entry);
    else if (entry != null) leftOut(run, `${prefix}${key}.`, index, SOFT_KINDS[kind] ?? 'text');
  }
  return kept;
}

/** What `checkKind` returns for a field a lenient check leaves out. */
const LEFT_OUT = Symbol('left out');

/**
 * A shallow copy without an own `__proto__` key (as zod's parse leaves it out): a later assignment
 * into a merged copy must never set a prototype.
 */
function copyOf(value: Record<string, unknown>): Record<string, unknown> {
  const out = copiedFrom({ ...value }, value);
  if (Object.hasOwn(out, '__proto__')) delete out['__proto__'];
  return out;
}

/** What a check is asked for (see {@link checkEntity}). */
export interface CheckOptions {
  readonly copy?: boolean;
  readonly lenient?: boolean;
  /** quickbuy / webshop_style (kind `q`) become booleans, and an absent one (null) is left out. */
  readonly flags?: boolean;
  readonly requiredText?: string;
  /** Lists the keys no table names (see {@link checkEntity}). */
  readonly unknown?: boolean;
}

/**
 * The issues a check names at most: a list of a million holes (`Object.assign([item], { length: 1e6 })`)
 * would otherwise be walked to its end and named in a rejection of some 40 MB.
 */
export const MAX_ISSUES = 20;
export const MORE_ISSUES = 'Further issues are not listed.';

/** A check's options, with where it writes its issues and the paths of the fields it leaves out. */
interface CheckRun extends CheckOptions {
  readonly issues: string[];
  /** Lenient checks only: the warnings of the fields left out, created on the first. */
  warnings?: string[];
  /** With `unknown`: created on the first key no table names. */
  unknownKeys?: Set<string>;
}

/** A shape as the checker reads it: kinds by field name (no prototype), and the required fields. */
interface CompiledShape {
  readonly kinds: Readonly<Record<string, Kind | undefined>>;
  readonly required: readonly string[];
}

const compiled = new WeakMap<Shape, CompiledShape>();

const compile = (shape: Shape): CompiledShape => {
  let found = compiled.get(shape);
  if (found === undefined) {
    const kinds = Object.assign(Object.create(null) as Record<string, Kind>, shape);
    found = { kinds, required: Object.keys(shape).filter((key) => shape[key] === 'r' || shape[key] === 'e') };
    compiled.set(shape, found);
  }
  return found;
};

/**
 * The issue text of a field or list entry (`prefix` is the path of its parent entity, with a trailing
 * '.'): a required field missing (absent, null or empty), or a value its kind does not hold.
 */
function issueOf(kind: Kind, prefix: string, key: string | number, run: CheckRun, value: unknown): string {
  if (kind === 'q') return Warnings.quickbuyWebshopStyle;
  const missing = (kind === 'r' || kind === 'e') && isBlank(value);
  // The entity's own text is for a missing field (spec §5: "absent"); a value of the wrong type is named as such.
  if (prefix === '' && kind === 'r' && missing && run.requiredText !== undefined) return run.requiredText;
  const path = `${prefix}${key}`;
  if (missing) return `${path} is required.`;
  return mustBe(path, typeof kind === 'string' ? EXPECTED[kind] : Array.isArray(kind) ? 'a list' : 'an object');
}

/** What every client adds to every push (spec §3): known on every entity. */
const CLIENT_KEYS: ReadonlySet<string> = new Set(['emitter', 'cot_client_version']);

/**
 * Notes a key no table names, with a value (an empty one leaves nothing out). A list entry's index is
 * left out of the path: one misspelt key in every item is named once.
 */
function noteUnknown(run: CheckRun, prefix: string, key: string, value: unknown): void {
  if (!run.unknown || value === undefined || value === null || value === '') return;
  (run.unknownKeys ??= new Set()).add(`${prefix.replace(/\.\d+\./g, '.')}${key}`);
}

/**
 * An empty CMS field is absent, not a bad value (spec §5: empty strings are removed): no warning. A
 * required one stays missing. Asked only of a value its kind refuses, so texts are not scanned twice.
 */
const isEmptyField = (kind: Kind, value: unknown, run: CheckRun, field: boolean): boolean =>
  field && run.lenient === true && kind !== 'r' && kind !== 'e' && typeof value === 'string' && isBlankText(value);

/** Leaves a field out with the warning that names it and what it is not. */
function leftOut(run: CheckRun, prefix: string, key: string | number, expected: string): typeof LEFT_OUT {
  (run.warnings ??= []).push(Warnings.valueLeftOut(`${prefix}${key}`, expected));
  return LEFT_OUT;
}

/**
 * Checks a present field (never undefined or null) or a list entry (`field` false: it may be anything,
 * and is never left out).
 */
function checkKind(kind: Kind, value: unknown, prefix: string, key: string | number, run: CheckRun, field = true): unknown {
  if (typeof kind === 'string') {
    if (!SCALARS[kind](value)) {
      const soft = SOFT_KINDS[kind];
      if (isEmptyField(kind, value, run, field)) return LEFT_OUT;
      if (field && run.lenient && TEXT_LISTS.has(kind) && Array.isArray(value)) return readableEntries(kind, value, prefix, key, run);
      if (field && run.lenient && soft) {
        // A flag written as the data layer's mappers still read it ('TRUE', ' true ') is kept as it is.
        if ((kind === 'b' || kind === 'g') && toFlag(value) !== undefined) return value;
        return leftOut(run, prefix, key, soft);
      }
      run.issues.push(issueOf(kind, prefix, key, run, value));
    }
    // A listed item given as an object: only its item_id is read.
    if (kind === 'i' && run.unknown && isPlainRecord(value)) {
      for (const field of Object.keys(value)) if (field !== 'item_id') noteUnknown(run, `${prefix}${key}.`, field, value[field]);
    }
    if (kind === 'q' && run.flags) return value === true || value === 'true';
    // A listed item given as an object is copied like any nested object.
    return kind === 'i' && run.copy && isPlainRecord(value) ? copyOf(value) : value;
  }
  if (isEmptyField(kind, value, run, field)) return LEFT_OUT;
  if (Array.isArray(kind)) {
    const entry = kind[0] as Kind;
    if (!Array.isArray(value)) {
      if (kind.length > 1) return checkKind(entry, value, prefix, key, run, field);
      if (field && run.lenient) return leftOut(run, prefix, key, 'list');
      run.issues.push(issueOf(kind, prefix, key, run, value));
      return value;
    }
    let out: unknown[] | undefined = run.copy ? copiedFrom([], value) : undefined;
    // An entry of a list of objects or of listed products that is missing (`null`, a hole: a product
    // the shop's template dropped) is, in a lenient check, an empty one: left out with a warning,
    // keeping its place. Up to MAX_ISSUES of them: a list of a million holes is refused, not answered
    // with a million warnings.
    const objects = run.lenient === true && ((typeof entry === 'object' && !Array.isArray(entry)) || entry === 'i');
    let missing = 0;
    for (let i = 0; i < value.length; i += 1) {
      if (run.issues.length >= MAX_ISSUES) break;
      const absent = objects && value[i] == null && (missing += 1) <= MAX_ISSUES;
      if (absent) leftOut(run, `${prefix}${key}.`, i, entry === 'i' ? 'product id' : 'object');
      const checked = absent ? {} : checkKind(entry, value[i], `${prefix}${key}.`, i, run, false);
      // An entry that left a field out is a new object: the list becomes a copy.
      if (!out && checked !== value[i]) out = copiedFrom(value.slice(0, i), value);
      if (out) out.push(checked);
    }
    return out ?? value;
  }
  if (field && run.lenient && !isPlainRecord(value)) return leftOut(run, prefix, key, 'object');
  return checkShape(kind as Shape, value, `${prefix}${key}.`, run);
}

// The fields present are checked by walking the value (events carry a few of the many fields a
// table lists); a required field is checked whether present or not.
function checkShape(shape: Shape, value: unknown, prefix: string, run: CheckRun): unknown {
  if (!isPlainRecord(value)) {
    run.issues.push(mustBe(prefix.slice(0, -1), 'an object'));
    return value;
  }
  const { kinds, required } = compile(shape);
  for (const key of required) {
    if (value[key] === undefined || value[key] === null) run.issues.push(issueOf(kinds[key] as Kind, prefix, key, run, value[key]));
  }
  let out: Record<string, unknown> | undefined = run.copy ? copyOf(value) : undefined;
  for (const key of Object.keys(value)) {
    const kind = kinds[key];
    if (kind === undefined) {
      if (prefix !== '' || !CLIENT_KEYS.has(key)) noteUnknown(run, prefix, key, value[key]);
      continue;
    }
    const field = value[key];
    if (field === undefined || field === null) {
      if (kind === 'q' && run.flags) delete (out ??= copyOf(value))[key];
      continue;
    }
    const checked = checkKind(kind, field, prefix, key, run);
    // Nested values are copied; scalars are kept as they are unless a flag became a boolean. A field
    // left out or changed, or a nested value that left one out, makes this object a copy: the input is
    // never changed.
    if (checked === LEFT_OUT) delete (out ??= copyOf(value))[key];
    else if (checked !== field || (typeof kind !== 'string' && out)) (out ??= copyOf(value))[key] = checked;
  }
  return out ?? value;
}


export type CheckResult = { ok: true; value: unknown; warnings?: string[]; unknown?: string[] } | { ok: false; issues: string[] };

/**
 * Checks `value` against `shape`. Returns the value itself, or with `copy` a copy of its structure (its
 * objects and lists; other values shared), or the issues in table order without duplicates. With
 * `lenient`, an optional field of the wrong type (but quickbuy / webshop_style) is left out of the returned value (a copy;
 * the input is never changed) with a warning naming it in `warnings`, instead of an issue; an empty or
 * blank optional field of another kind is left out without one. With `flags`
 * (which implies `copy`), quickbuy / webshop_style become booleans and absent ones are left out, as
 * the library sends them. With `unknown`, the paths of keys no table names are listed in `unknown`
 * (list indexes left out, client keys never listed). Reading a field may throw (a hostile getter):
 * the caller catches.
 */
export function checkEntity(
  shape: Shape,
  value: unknown,
  options: CheckOptions = {},
): CheckResult {
  const { copy, lenient, flags, requiredText, unknown } = options;
  // Every run has the same fields, in the same order: the walk reads them for every field.
  const run: CheckRun = { issues: [], lenient, copy: flags || copy, flags, requiredText, unknown };
  const checked = checkShape(shape, value, '', run);
  if (run.issues.length > 0) {
    const issues = [...new Set(run.issues)];
    return { ok: false, issues: issues.length >= MAX_ISSUES ? [...issues.slice(0, MAX_ISSUES), MORE_ISSUES] : issues };
  }
  const result: CheckResult = { ok: true, value: checked };
  if (run.warnings) result.warnings = run.warnings;
  if (run.unknownKeys) result.unknown = [...run.unknownKeys];
  return result;
}
