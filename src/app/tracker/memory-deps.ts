/**
 * The tracker's ports as in-memory twins, for Node: tests and the benchmark call
 * `createTracker(memoryTrackerDeps(), options)` and inspect the twins afterwards.
 */
import { CountingIdGenerator } from '../../adapters/memory/fixed-random';
import { MemoryAffiliateTracker } from '../../adapters/memory/memory-affiliate-tracker';
import { MemoryAppBridge } from '../../adapters/memory/memory-app-bridge';
import { MemoryCookieJar } from '../../adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../adapters/memory/memory-data-layer';
import { MemoryHttpClient } from '../../adapters/memory/memory-http-client';
import { MemoryKeyValueStore } from '../../adapters/memory/memory-key-value-store';
import { MemoryLogger } from '../../adapters/memory/memory-logger';
import { MemoryMessageSource } from '../../adapters/memory/memory-message-source';
import { MemoryOutbox } from '../../adapters/memory/memory-outbox';
import { SimulatedClock } from '../../adapters/memory/simulated-clock';
import type { PageReading } from './page-facts';
import type { TrackerDeps } from './tracker-deps';

/** The memory twins, typed as themselves so a caller can inspect them. */
export interface MemoryTrackerDeps extends TrackerDeps {
  readonly clock: SimulatedClock;
  readonly store: MemoryKeyValueStore;
  readonly cookies: MemoryCookieJar;
  readonly http: MemoryHttpClient;
  readonly dataLayer: MemoryDataLayer;
  readonly affiliate: MemoryAffiliateTracker;
  readonly appBridge: MemoryAppBridge;
  readonly messages: MemoryMessageSource;
  readonly outbox: MemoryOutbox;
  readonly logger: MemoryLogger;
}

/** A shop page on the German site, with statistics and marketing consent. */
export const MEMORY_PAGE: PageReading = {
  href: 'https://www.kaffeeshop.de/kaffee/bohnen',
  referrer: '',
  screenWidth: 1280,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
};
export const CONSENT_ALL = 'groups=C0001%3A1%2CC0002%3A1%2CC0003%3A1%2CC0004%3A1';

/** Every port as a memory twin; `overrides` replaces any of them. */
export function memoryTrackerDeps(overrides: Partial<MemoryTrackerDeps> = {}): MemoryTrackerDeps {
  return {
    clock: new SimulatedClock(1_700_000_000_000),
    ids: new CountingIdGenerator(),
    store: new MemoryKeyValueStore(),
    cookies: new MemoryCookieJar({ OptanonConsent: CONSENT_ALL }),
    http: new MemoryHttpClient(),
    dataLayer: new MemoryDataLayer({ answerCallbacks: true }),
    affiliate: new MemoryAffiliateTracker(),
    appBridge: new MemoryAppBridge(),
    messages: new MemoryMessageSource(),
    outbox: new MemoryOutbox(),
    logger: new MemoryLogger(),
    page: () => MEMORY_PAGE,
    ...overrides,
  };
}
