/**
 * What the browser adapters report (storage blocked, IndexedDB missing, a refusing data layer) shows
 * in the installed tracker's log, `getLogs()`, beside the pushes' entries, and on the console.
 */
import { install, uninstall } from '../../../src/app/tracker/install';

const pageData = { page_type: 'content', page_name: 'home', exactag_site_group: 'Content' };

describe('the adapters report into the tracker log', () => {
  afterEach(() => {
    uninstall();
    vi.restoreAllMocks();
  });

  it('names blocked browser storage (a sandboxed frame, blocked site data) as a warning in getLogs() and on the console', async () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The document is sandboxed and lacks the allow-same-origin flag.', 'SecurityError');
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = install({ site: 'DE', exactag: false });
    await api.pushInitialPageData(pageData);
    const entry = api.getLogs().find((logged) => logged.message === 'localStorage unavailable; no product history.');
    expect(entry).toMatchObject({ level: 5, content: expect.stringContaining('SecurityError') });
    // The push itself goes on: it resolved, and waits for the visitor's consent (no cookie here).
    expect(api.getLogs().map((logged) => logged.message)).toContain('No consent for dataLayer yet. The push waits for consent.');
    expect(api.getLogs().some((logged) => logged.message.startsWith('pushInitialPageData has been executed with errors'))).toBe(false);
    expect(warn).toHaveBeenCalledWith('[collect-on-track] localStorage unavailable; no product history.', expect.stringContaining('SecurityError'));
  });
});
