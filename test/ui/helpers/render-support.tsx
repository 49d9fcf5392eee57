/**
 * Renders support UI under its providers with the real texts of `locales/`: the site store and the
 * texts are memory twins holding every site's merged dictionary.
 */
import '@testing-library/jest-dom/vitest';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemorySiteStore } from '../../../src/adapters/memory/memory-site-store';
import { MemoryTexts } from '../../../src/adapters/memory/memory-texts';
import type { SiteCode } from '../../../src/domain/support/sites';
import type { TrackingClient } from '../../../src/ports/tracking-client';
import { SupportProviders } from '../../../src/ui/providers/support-providers';
import { allSiteDictionaries } from './site-dictionaries';

// A shared machine may be slow: wait longer than the default second for what a screen shows.
configure({ asyncUtilTimeout: 5000 });

export function supportServices(site: SiteCode = 'de') {
  const siteStore = new MemorySiteStore(site);
  const texts = new MemoryTexts(allSiteDictionaries(), { active: site });
  return { siteStore, texts };
}

export function renderWithSupport(ui: ReactElement, options: { site?: SiteCode; tracking?: TrackingClient } = {}) {
  const services = supportServices(options.site);
  const result = render(
    <SupportProviders siteStore={services.siteStore} texts={services.texts} tracking={options.tracking}>
      {ui}
    </SupportProviders>,
  );
  return { ...result, ...services };
}
