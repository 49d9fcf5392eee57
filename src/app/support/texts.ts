/// <reference types="vite/client" />
/**
 * Where the support pages' texts come from: `locales/<language>/index.ts` (common, contact, ...) and
 * `locales/sites/<site>.ts`, each imported only when its site is shown (one chunk per language).
 */
import { RosettaTexts, type LocaleSources } from '../../adapters/browser/rosetta-texts';
import type { SiteCode } from '../../domain/support/sites';
import type { Warn } from './warn';

type LocaleModule = { default: unknown };

// One module per language (its index), so the page's first script carries one loader per language.
// Keyed from `base` (`./de/index.ts`, `./at.ts`): the keys are written into the page's first script.
const languageModules = import.meta.glob<LocaleModule>('./*/index.ts', { base: '../../../locales/' });
const siteModules = import.meta.glob<LocaleModule>(['./*.ts', '!./site-texts.ts'], { base: '../../../locales/sites/' });

/** The locale modules as the Texts adapter asks for them. */
export const localeSources: LocaleSources = {
  language(language: string) {
    const load = languageModules[`./${language}/index.ts`];
    if (!load) return Promise.reject(new Error(`No texts for language ${language}`));
    return load().then((module) => module.default as readonly unknown[]);
  },
  site(site: SiteCode) {
    const load = siteModules[`./${site}.ts`];
    if (!load) return Promise.reject(new Error(`No site texts for ${site}`));
    return load().then((module) => module.default);
  },
};

/** The support pages' texts, loading lazily from `locales/`. */
export const createTexts = (warn: Warn): RosettaTexts => new RosettaTexts({ sources: localeSources, warn });
