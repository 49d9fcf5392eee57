/// <reference types="vite/client" />
/**
 * Every site's merged dictionary, built from the files in `locales/` exactly as the app builds them
 * (every file of the site's language folder, then the site's own file). Synchronous, for tests.
 */
import { buildSiteDictionary, type Dictionary } from '../../../src/adapters/browser/site-dictionary';
import { SITES, SITE_CODES, type SiteCode } from '../../../src/domain/support/sites';

type LocaleModule = { default: unknown };

// The dictionary files themselves; each folder's index only lists them for the app's loader.
const languageModules = import.meta.glob<LocaleModule>(['../../../locales/*/*.ts', '!../../../locales/sites/*.ts', '!../../../locales/*/index.ts'], {
  eager: true,
});
const siteModules = import.meta.glob<LocaleModule>(['../../../locales/sites/*.ts', '!../../../locales/sites/site-texts.ts'], {
  eager: true,
});

/** The files of a language folder (`common`, `contact`, ...), by file name. */
export function languageFiles(language: string): Record<string, unknown> {
  const prefix = `../../../locales/${language}/`;
  return Object.fromEntries(
    Object.entries(languageModules)
      .filter(([path]) => path.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([path, module]) => [path.slice(prefix.length, -'.ts'.length), module.default]),
  );
}

/** The file names found in any language folder. */
export function allLanguageFileNames(): string[] {
  const names = Object.keys(languageModules).map((path) => path.split('/').pop()!.replace(/\.ts$/, ''));
  return [...new Set(names)].sort();
}

export function siteFile(site: SiteCode): unknown {
  return siteModules[`../../../locales/sites/${site}.ts`]?.default;
}

export function siteDictionary(site: SiteCode): Dictionary {
  return buildSiteDictionary(site, Object.values(languageFiles(SITES[site].language)), siteFile(site));
}

export function allSiteDictionaries(): Record<SiteCode, Dictionary> {
  return Object.fromEntries(SITE_CODES.map((site) => [site, siteDictionary(site)])) as Record<SiteCode, Dictionary>;
}
