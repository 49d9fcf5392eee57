import type { ReactNode } from 'react';
import type { SiteCode } from '../../domain/support/sites';
import type { SiteStore } from '../../ports/site-store';
import type { Texts } from '../../ports/texts';
import type { TrackingClient } from '../../ports/tracking-client';
import { SiteProvider } from './site-provider';
import { TextsProvider } from './texts-provider';
import { NO_TRACKING, TrackingProvider } from './tracking-provider';

export interface SupportProvidersProps {
  siteStore: SiteStore;
  texts: Texts;
  tracking?: TrackingClient;
  onTextsError?: (error: unknown, site: SiteCode) => void;
  /** The request's locale (`x-locale`), for number formats. */
  locale?: string;
  children?: ReactNode;
}

/** The site, texts and tracking providers every support screen runs under. */
export function SupportProviders({ siteStore, texts, tracking, onTextsError, locale, children }: SupportProvidersProps) {
  return (
    <SiteProvider store={siteStore}>
      <TextsProvider texts={texts} onLoadError={onTextsError} locale={locale}>
        <TrackingProvider client={tracking ?? NO_TRACKING}>{children}</TrackingProvider>
      </TextsProvider>
    </SiteProvider>
  );
}
