import { useContext, useMemo, useSyncExternalStore } from 'react';
import { SITES, formatLocale, type SiteCode } from '../../domain/support/sites';
import { LocaleContext, TextsContext } from '../providers/texts-provider';
import { useProvided } from './use-provided';

export { TextsProvider } from '../providers/texts-provider';

export interface TextsApi {
  /** The text of a dotted key (`contact.heading`) with `{{name}}` placeholders filled; the key when missing. */
  t(key: string, params?: Record<string, string | number>): string;
  /** Whether the texts shown have the key (a site's optional values, such as Hungary's callback link). */
  has(key: string): boolean;
  /** The BCP 47 language of the texts shown (`de-CH`, `fr-CH`, `tr`): the document's `lang`. */
  language: string;
  /** The site whose texts are shown (it may trail the store while a new dictionary loads). */
  site: SiteCode;
  /** The locale numbers are written in: the request's (`x-locale`) when it is of the texts' language. */
  numberLocale: string;
}

/** Numbers written as the page writes them elsewhere (the character count's `1.234`, a limit's `5.000`). */
const written = (params: Record<string, string | number> | undefined, locale: string) =>
  params && Object.fromEntries(Object.entries(params).map(([name, value]) => [name, typeof value === 'number' ? value.toLocaleString(locale) : value]));

/** The texts of the site shown; re-renders when another site's dictionary becomes active. */
export function useTexts(): TextsApi {
  const texts = useProvided(TextsContext, 'useTexts');
  const active = useSyncExternalStore(texts.subscribe, texts.getSnapshot, texts.getSnapshot);
  const locale = useContext(LocaleContext);
  const site: SiteCode = active ?? 'de';
  return useMemo(() => {
    const numberLocale = formatLocale(locale, SITES[site].documentLang);
    return {
      t: (key: string, params?: Record<string, string | number>) => texts.t(key, written(params, numberLocale)),
      has: (key: string) => texts.has(key),
      language: SITES[site].documentLang,
      site,
      numberLocale,
    };
  },
    // `active` is listed so that `t` changes identity when the dictionary does.
    [texts, site, active, locale],
  );
}
