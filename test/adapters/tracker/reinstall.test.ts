/**
 * The browser adapters are made once per window (decisions: a tracker installed in place of a reset one
 * takes them over); `uninstall()` forgets them, so a library installed again starts afresh.
 */
import { install, uninstall } from '../../../src/app/tracker/install';

const NOT_AN_ARRAY = 'window.dataLayer is not an array; the entry is kept in memory and the tag manager does not see it.';
const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };

describe('installing again after uninstall', () => {
  beforeEach(() => {
    // No shop services here (the customer data request); the console stays quiet.
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    uninstall();
    delete (window as unknown as { dataLayer?: unknown }).dataLayer;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("starts afresh on the browser's adapters: the new instance's log says again that the page's data layer is unusable", async () => {
    (window as unknown as { dataLayer: unknown }).dataLayer = 'not a list';
    const first = install({ site: 'DE', exactag: false });
    await first.pushInitialPageData(pageData).catch(() => undefined);
    expect(first.getLogs().map((entry) => entry.message).join('\n')).toContain(NOT_AN_ARRAY);
    uninstall();
    const second = install({ site: 'DE', exactag: false });
    expect(second).not.toBe(first);
    await second.pushInitialPageData(pageData).catch(() => undefined);
    expect(second.getLogs().map((entry) => entry.message).join('\n')).toContain(NOT_AN_ARRAY);
  });
});
