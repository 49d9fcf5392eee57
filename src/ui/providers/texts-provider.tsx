import { createContext, useEffect, type ReactNode } from 'react';
import type { SiteCode } from '../../domain/support/sites';
import type { Texts } from '../../ports/texts';
import { useSite } from '../hooks/use-site';

export const TextsContext = createContext<Texts | null>(null);
/** The request's locale (`x-locale`, e.g. `de-CH`), when the page was told one. */
export const LocaleContext = createContext<string | undefined>(undefined);

export interface TextsProviderProps {
  texts: Texts;
  /** Told when a site's texts cannot be loaded; the texts shown stay as they were. */
  onLoadError?: (error: unknown, site: SiteCode) => void;
  /** The request's locale, for number formats (see `formatLocale`). */
  locale?: string;
  children?: ReactNode;
}

/**
 * Keeps the texts on the current site: loads a site's dictionary when the store changes to it. The app
 * loads the first dictionary before the first render; should that fail, the keys are shown.
 */
export function TextsProvider({ texts, onLoadError, locale, children }: TextsProviderProps) {
  const site = useSite();
  useEffect(() => {
    texts.load(site).catch((error: unknown) => onLoadError?.(error, site));
  }, [texts, site, onLoadError]);
  return (
    <TextsContext.Provider value={texts}>
      <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
    </TextsContext.Provider>
  );
}
