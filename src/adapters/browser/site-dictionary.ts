/**
 * How a site's dictionary is made, in one place: its language's texts (common, contact, ...) with the
 * site's own file laid over them, key by key; on the Swiss German site every ß then becomes ss and
 * German quotation marks become guillemets.
 */
import type { SiteCode } from '../../domain/support/sites';

/** Nested texts: `{ common: { skipLink: '...' } }` answers the key `common.skipLink`. */
export interface Dictionary {
  readonly [key: string]: string | Dictionary;
}

const isDictionary = (value: unknown): value is Dictionary =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The later dictionaries' texts win, key by key at every depth; values that are not text are dropped. */
export function mergeDictionaries(...parts: readonly unknown[]): Dictionary {
  const merged: Record<string, string | Dictionary> = {};
  for (const part of parts) {
    if (!isDictionary(part)) continue;
    for (const [key, value] of Object.entries(part)) {
      if (typeof value === 'string') merged[key] = value;
      else if (isDictionary(value)) merged[key] = mergeDictionaries(merged[key], value);
    }
  }
  return merged;
}

/**
 * Swiss spelling: the sharp s is written ss (`Grüße` -> `Grüsse`, `STRASSE` stays), and quotations
 * take guillemets (`„Foto.png“` -> `«Foto.png»`).
 */
export const swissSpelling = (text: string): string =>
  text.replaceAll('ß', 'ss').replaceAll('ẞ', 'SS').replaceAll('„', '«').replaceAll('“', '»');

const mapTexts = (dict: Dictionary, map: (text: string) => string): Dictionary =>
  Object.fromEntries(
    Object.entries(dict).map(([key, value]) => [key, typeof value === 'string' ? map(value) : mapTexts(value, map)]),
  );

/** A site's dictionary: its language's parts, then the site's overrides; Swiss spelling on `ch`. */
export function buildSiteDictionary(site: SiteCode, languageParts: readonly unknown[], siteOverrides: unknown): Dictionary {
  const merged = mergeDictionaries(...languageParts, siteOverrides);
  return site === 'ch' ? mapTexts(merged, swissSpelling) : merged;
}

/** The text at a dotted key, or `undefined` when there is none (or the key names a group). */
export function lookup(dict: Dictionary | undefined, key: string): string | undefined {
  let node: string | Dictionary | undefined = dict;
  for (const part of key.split('.')) {
    if (!isDictionary(node) || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Every dotted key that holds a text, sorted. */
export function keysOf(dict: Dictionary, prefix = ''): string[] {
  return Object.entries(dict)
    .flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)))
    .sort();
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}|\{([\w.]+)\}/g;

/** Fills `{{name}}` (and `{name}`) placeholders; a placeholder without a value is left as it is. */
export function fillPlaceholders(text: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params) return text;
  return text.replace(PLACEHOLDER, (whole, double?: string, single?: string) => {
    const name = double ?? single ?? '';
    return Object.hasOwn(params, name) ? String(params[name]) : whole;
  });
}
