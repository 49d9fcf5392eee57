/**
 * The library's public types as a shop's TypeScript meets them (checked by `npm run typecheck`, which
 * covers this file): data typed with an interface or a class is accepted, and so are read-only lists
 * in the options. The calls then run on the memory adapters.
 */
import { createTracker } from '../../../src/app/tracker/create-tracker';
import { memoryTrackerDeps } from '../../../src/app/tracker/memory-deps';
import type { InstallOptions, PushMethods } from '../../../src/app/tracker-types';

interface ShopPageData {
  page_type: string;
  page_name: string;
  exactag_site_group?: string;
}

class ShopLead {
  lead_id = 'L-1';
  lead_value = 12;
}

describe('the public types', () => {
  it('take a shop\'s interfaces, classes and read-only option lists', async () => {
    const options = {
      site: 'DE',
      exactag: false,
      allowedOrigins: ['https://www.kaffeeshop.de'],
      consentFreeAffiliates: ['loyalty-cashback-partner'],
    } as const satisfies InstallOptions;
    const deps = memoryTrackerDeps();
    const api: PushMethods = createTracker(deps, options).api;
    const page: ShopPageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Homepage' };
    await api.pushInitialPageData(page);
    await api.pushLeadData(new ShopLead());
    expect(deps.dataLayer.plainEntries().map((entry) => entry.event)).toEqual(['pageview', 'pageview_ga4', 'lead']);
  });
});
