/**
 * A site's texts as the app shows them, read from `locales/` the way the app builds its dictionary
 * (the language's files in name order, the site's own file over them, Swiss spelling on ch), so the
 * suite asserts each site's words without copying them.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSiteDictionary, fillPlaceholders, lookup, type Dictionary } from '../../../src/adapters/browser/site-dictionary';
import { PROJECT_ROOT } from '../../../src/app/server/config';
import { SITES, type SiteCode } from '../../../src/domain/support/sites';

export type TextOf = (key: string, params?: Readonly<Record<string, string | number>>) => string;

const importDefault = async (file: string): Promise<unknown> => ((await import(pathToFileURL(file).href)) as { default: unknown }).default;

const cache = new Map<SiteCode, Promise<Dictionary>>();

async function dictionaryOf(site: SiteCode): Promise<Dictionary> {
  const folder = join(PROJECT_ROOT, 'locales', SITES[site].language);
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(folder, name));
  const parts = await Promise.all(files.map(importDefault));
  const own = await importDefault(join(PROJECT_ROOT, 'locales', 'sites', `${site}.ts`));
  return buildSiteDictionary(site, parts, own);
}

/** The site's text at a key, placeholders filled; throws for a key the site lacks (a test must not pass on a key). */
export async function textsOf(site: SiteCode): Promise<TextOf> {
  let pending = cache.get(site);
  if (!pending) {
    pending = dictionaryOf(site);
    cache.set(site, pending);
  }
  const dictionary = await pending;
  return (key, params) => {
    const text = lookup(dictionary, key);
    if (text === undefined) throw new Error(`No text "${key}" for the site ${site}`);
    return fillPlaceholders(text, params);
  };
}
