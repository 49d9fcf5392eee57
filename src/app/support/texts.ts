/// <reference types="vite/client" />
/**
 * Where the support pages' texts come from: `locales/<language>/index.ts` (common, contact, ...) and
 * `locales/sites/<site>.ts`, each imported only when its site is shown (one chunk per language).
 */
import { RosettaTexts, type LocaleSources } from '../../adapters/browser/rosetta-texts';
import { SITES, type SiteCode } from '../../domain/support/sites';
import type { Warn } from './warn';

type LocaleModule = { default: readonly unknown[]; sites: Partial<Record<SiteCode, unknown>> };

// One module per language (its index, which also holds its sites' files), so the page's first script
// carries one loader per language. Keyed from `base` (`./de/index.ts`): the keys are written into the
// page's first script.
const languageModules = import.meta.glob<LocaleModule>('./*/index.ts', { base: '../../../locales/' });

/** The locale modules as the Texts adapter asks for them. */
export const localeSources: LocaleSources = {
  site(site: SiteCode) {
    const load = languageModules[`./${SITES[site]?.language}/index.ts`];
    return (load ? load() : Promise.reject(Error(`No texts for site ${site}`))).then((module) => {
      const own = module.sites[site];
      if (own === undefined) throw Error(`No texts for site ${site}`);
      return { parts: module.default, own };
    });
  },
};

/** The support pages' texts, loading lazily from `locales/`. */
export const createTexts = (warn: Warn): RosettaTexts => new RosettaTexts({ sources: localeSources, warn });
