// @vitest-environment-options { "url": "https://www.kaffeeshop.de/kaffee" }
/**
 * Spec §7.2: the answer of /json/psdata is exposed globally for reuse, as `window.collectOnTrackPsdata`
 * (the name is ours: the spec does not show it), by the install a shop page makes.
 */
import { install, uninstall } from '../../../src/app/tracker/install';

describe('/json/psdata on a shop page', () => {
  const requested: string[] = [];
  beforeEach(() => {
    requested.length = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      requested.push(String(url));
      return String(url).endsWith('/json/psdata')
        ? new Response('{"segment":"coffee-lover"}', { status: 200 })
        : new Response('{}', { status: 200 });
    });
  });
  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
    delete (window as unknown as Record<string, unknown>).collectOnTrackPsdata;
  });

  it('is fetched once at install from the shop services and exposed as window.collectOnTrackPsdata', async () => {
    install({ site: 'DE', environment: 'production', exactag: false, gtm: false, monitoring: false });
    await vi.waitFor(() => expect((window as unknown as Record<string, unknown>).collectOnTrackPsdata).toEqual({ segment: 'coffee-lover' }));
    // On the page's own origin.
    expect(requested.filter((url) => url.endsWith('/json/psdata'))).toEqual([`${window.location.origin}/json/psdata`]);
  });
});
