/**
 * A tab open while a new build is deployed: it polls the latest-build file (a fake fetch here) and,
 * once the file names another build than its page, its next navigation is a full load of the page the
 * visitor goes to, and a page nobody touched reloads when hidden, through the reload guard. Before
 * that, and while hidden, nothing changes; a touched page (a success screen) is never reloaded.
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FetchHttpClient } from '../../../src/adapters/browser/fetch-http-client';
import { SimulatedClock } from '../../../src/adapters/memory/simulated-clock';
import { watchInteraction } from '../../../src/app/support/interaction';
import { isTyping } from '../../../src/app/support/new-build-module';
import { watchForNewBuild, type NavigatingRouter } from '../../../src/app/support/new-build-watch';
import { createReloadGuard } from '../../../src/app/support/reload-guard';
import { BUILD_POLL_INTERVAL_MS } from '../../../src/domain/support/new-build';
import { DE, fillValidGerman } from '../contact/support';
import { renderApp, where } from '../helpers/render-app';

const SERVED = '0123456789abcdef';
const DEPLOYED = 'fedcba9876543210';

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  window.sessionStorage.clear();
});

/** The app on `path`, watching for a new build, with a server whose build file answers `latest.id`. */
function openTab(path: string) {
  const interaction = watchInteraction(document);
  const app = renderApp(path);
  const clock = new SimulatedClock(1_700_000_000_000);
  const latest = { id: SERVED, failing: false };
  const polls: string[] = [];
  const fakeFetch = vi.fn(async (url: RequestInfo | URL) => {
    polls.push(String(url));
    if (latest.failing) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ buildId: latest.id }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const visibility = { hidden: false, listeners: new Set<() => void>() };
  const loads: string[] = [];
  const warn = vi.fn();
  const tryReload = createReloadGuard({
    storage: () => window.sessionStorage,
    now: () => clock.now(),
    path: () => app.router.state.location.pathname,
    reload: () => loads.push('reload'),
    warn,
  });
  stop = watchForNewBuild({
    served: SERVED,
    clock,
    http: new FetchHttpClient(() => fakeFetch as typeof fetch),
    visibility: {
      hidden: () => visibility.hidden,
      subscribe: (listener) => {
        visibility.listeners.add(listener);
        return () => visibility.listeners.delete(listener);
      },
    },
    router: app.router as unknown as NavigatingRouter,
    typing: () => isTyping(document.activeElement),
    touched: interaction.touched,
    tryReload: () => tryReload(),
    tryFullLoad: (href, path) => tryReload({ path, load: () => loads.push(href) }),
  });
  const setHidden = (hidden: boolean) => {
    visibility.hidden = hidden;
    for (const listener of visibility.listeners) listener();
  };
  const minutes = (n: number) => act(() => clock.advanceAsync(n * 60_000));
  return { ...app, clock, latest, polls, loads, warn, setHidden, minutes };
}

const toContact = () => screen.findByRole('link', { name: 'Zum Kontaktformular' });

describe('a tab open while a new build is deployed', () => {
  it('polls /build.json with a timestamp and, once the build changed, loads the next page in full', async () => {
    const tab = openTab('/assets/missing.js');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Page Not Found' });

    await tab.minutes(5);
    expect(tab.polls).toEqual([`${window.location.origin}/build.json?t=${1_700_000_000_000 + BUILD_POLL_INTERVAL_MS}`]);

    tab.latest.id = DEPLOYED;
    await tab.minutes(5);
    expect(tab.polls).toHaveLength(2);
    expect(tab.loads).toEqual([]);

    await user.click(await toContact());
    expect(tab.loads).toEqual(['/contact']);
    // Nothing more is asked once the new build is known.
    await tab.minutes(30);
    expect(tab.polls).toHaveLength(2);
  });

  it('navigates within the page while the build is the same, or when the last poll failed quietly', async () => {
    const tab = openTab('/assets/missing.js');
    const user = userEvent.setup();
    await tab.minutes(5);
    tab.latest.failing = true;
    await tab.minutes(5);
    expect(tab.polls).toHaveLength(2);
    expect(tab.warn).not.toHaveBeenCalled();

    await user.click(await toContact());
    await waitFor(() => expect(where(tab.router)).toBe('/contact'));
    expect(tab.loads).toEqual([]);
  });

  it('does not poll while hidden, and asks at once when shown again', async () => {
    const tab = openTab('/assets/missing.js');
    const user = userEvent.setup();
    tab.setHidden(true);
    tab.latest.id = DEPLOYED;
    await tab.minutes(60);
    expect(tab.polls).toEqual([]);

    await act(async () => tab.setHidden(false));
    await tab.minutes(0);
    expect(tab.polls).toHaveLength(1);
    await user.click(await toContact());
    expect(tab.loads).toEqual(['/contact']);
  });

  it('goes through the reload guard: a page loaded in full less than 10 s ago is navigated to within the page', async () => {
    const tab = openTab('/assets/missing.js');
    const user = userEvent.setup();
    tab.latest.id = DEPLOYED;
    await tab.minutes(5);
    // The same path was loaded 5 s ago (the page this tab would load is the one it came from).
    window.sessionStorage.setItem('support-reloads', JSON.stringify({ '/contact': tab.clock.now() - 5_000 }));

    await user.click(await toContact());
    await waitFor(() => expect(where(tab.router)).toBe('/contact'));
    expect(tab.loads).toEqual([]);
  });

  it('never loads a page under a visitor who is typing', async () => {
    const tab = openTab('/contact');
    const user = userEvent.setup();
    tab.latest.id = DEPLOYED;
    await tab.minutes(5);
    const message = await screen.findByRole('textbox', { name: /Ihre Frage/ });
    await user.type(message, 'Meine Frage');

    // A navigation that comes while the focus is in the field (no click moved it).
    await act(() => tab.router.navigate('/m/contact'));
    expect(tab.loads).toEqual([]);
    expect(where(tab.router)).toBe('/m/contact');
  });

  it('reloads a page nobody touched once it is hidden, not while it is shown', async () => {
    const tab = openTab('/contact');
    await screen.findByRole('heading', { name: 'Wie können wir Ihnen helfen?' });
    tab.latest.id = DEPLOYED;
    await tab.minutes(5);
    expect(tab.loads).toEqual([]);
    tab.setHidden(true);
    expect(tab.loads).toEqual(['reload']);
  });

  it('never reloads the success screen, nor a form the visitor has filled in', async () => {
    const tab = openTab('/contact');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Wie können wir Ihnen helfen?' });
    await fillValidGerman(user);
    await user.click(screen.getByRole('button', { name: DE.submit }));
    await screen.findByRole('heading', { name: 'Nachricht gesendet' });
    tab.latest.id = DEPLOYED;
    await tab.minutes(5);
    tab.setHidden(true);
    tab.setHidden(false);
    tab.setHidden(true);
    expect(tab.loads).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Nachricht gesendet' })).toBeInTheDocument();
  });
});
