/**
 * The whole runtime in Node: `createTracker` over the in-memory twins (`memoryTrackerDeps`: a
 * SimulatedClock, a MemoryDataLayer whose tag manager answers `eventCallback` at once, no customer-data
 * service, memory store, outbox, bridge and affiliate tracker), as a shop page would run it.
 */
import { MemoryCookieJar } from '../../src/adapters/memory/memory-cookie-jar';
import { MemoryDataLayer } from '../../src/adapters/memory/memory-data-layer';
import { createTracker } from '../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../src/app/tracker/memory-deps';
import { CONSENT_COOKIE_GRANTED, GRANT_ENTRY, PAGE_DATA } from './fixtures';
import type { Subject } from './subjects';

/** Lets the runtime's promise chains run to their end (every memory twin answers in microtasks). */
const settle = async (): Promise<void> => {
  for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => setImmediate(resolve));
};

export const runtimeSubject: Subject = {
  name: 'whole runtime',
  async create({ consent }) {
    const dataLayer = new MemoryDataLayer({ answerCallbacks: true });
    const cookies = new MemoryCookieJar(consent ? { OptanonConsent: CONSENT_COOKIE_GRANTED } : {});
    // A browser logs to the console from warnings up; keeping every entry in memory would only measure the twin.
    const deps = { ...memoryTrackerDeps({ dataLayer, cookies }), logger: { log: () => undefined } };
    const tracker = createTracker(deps, { site: 'de', environment: 'production', monitoring: false });
    let failures = 0;
    let grants = 0;
    const failed = () => {
      failures += 1;
    };
    await settle();
    return {
      pushPageData: () => void tracker.api.pushInitialPageData({ ...PAGE_DATA }).catch(failed),
      pushCustom: (data) => void tracker.api.pushCustomEvent(data).catch(failed),
      grantConsent: () => {
        grants += 1;
        dataLayer.push({ ...GRANT_ENTRY });
      },
      settle,
      entries: () => dataLayer.entries.length - grants,
      failures: () => failures,
    };
  },
};
