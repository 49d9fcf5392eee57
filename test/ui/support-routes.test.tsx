import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { KEEP_INPUT_EVENT } from '../../src/ui/kept-input';
import { UNKNOWN_SITE_WARNING } from '../../src/domain/support/sites';
import { loadChunk } from '../../src/ui/lazy-chunk';
import { renderApp, where } from './helpers/render-app';

const contactHeading = { de: 'Wie können wir Ihnen helfen?', tr: 'Size nasıl yardımcı olabiliriz?', pl: 'Jak możemy Ci pomóc?' };

describe('the contact routes', () => {
  it.each(['/contact', '/m/contact', '/service/customersupportfrontend/contact', '/CONTACT/', '/M/Contact'])(
    'shows the contact screen at %s',
    async (path) => {
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: contactHeading.de })).toBeInTheDocument();
      expect(where(router)).toBe(path);
    },
  );

  it('puts the screen into the main landmark, beside the support block, under a header and above a footer', async () => {
    renderApp('/contact');
    const main = await screen.findByRole('main');
    expect(main).toContainElement(screen.getByRole('heading', { level: 1, name: contactHeading.de }));
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('link', { name: /Zurück zum Shop/ }));
    expect(screen.getByRole('complementary', { name: 'Unser Kundenservice ist für Sie da' })).not.toBe(main);
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Wir sind gerne für Sie da.');
  });
});

describe('the cancellation routes and their DACH guard', () => {
  it.each([
    ['/cancellation', 'de'],
    ['/m/cancellation?site=at', 'at'],
    ['/service/customersupportfrontend/cancellation?site=ch', 'ch'],
  ])('lets a DACH site in: %s', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' })).toBeInTheDocument();
    expect(where(router)).toBe(path);
  });

  it('lets the French-Swiss site in, in French', async () => {
    renderApp('/cancellation?site=ch_fr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Résilier l’abonnement café' })).toBeInTheDocument();
  });

  it.each([
    ['/cancellation?site=tr', '/contact?site=tr'],
    ['/m/cancellation?site=PL&ref=mail', '/m/contact?site=PL&ref=mail'],
    ['/service/customersupportfrontend/cancellation?site=hu', '/service/customersupportfrontend/contact?site=hu'],
    ['/cancellation/success?site=cz', '/contact?site=cz'],
    ['/m/cancellation/success?site=sk', '/m/contact?site=sk'],
    ['/service/customersupportfrontend/cancellation/success?site=tr', '/service/customersupportfrontend/contact?site=tr'],
  ])('sends a site outside DACH from %s to %s', async (path, target) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(where(router)).toBe(target));
    expect(screen.queryByRole('heading', { name: 'Kaffee-Abo kündigen' })).toBeNull();
  });

  it("uses the server's site when the query names none", async () => {
    const { router } = renderApp('/m/cancellation', { serverSite: 'tr' });
    await waitFor(() => expect(where(router)).toBe('/m/contact'));
    expect(await screen.findByRole('heading', { level: 1, name: contactHeading.tr })).toBeInTheDocument();
  });

  it('shows the success page under the guard at the three prefixes, with nothing to confirm when opened directly', async () => {
    for (const [path, form] of [
      ['/cancellation/success', '/cancellation'],
      ['/m/cancellation/success?site=at', '/m/cancellation?site=at'],
      ['/service/customersupportfrontend/cancellation/success', '/service/customersupportfrontend/cancellation'],
    ]) {
      const { unmount } = renderApp(path!);
      expect(await screen.findByRole('heading', { level: 1, name: 'Kündigung' })).toBeInTheDocument();
      expect(screen.getByText(/Hier gibt es keine Kündigung zu bestätigen/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Zum Kündigungsformular' })).toHaveAttribute('href', form);
      unmount();
    }
  });
});

describe('unknown paths', () => {
  it.each([
    ['/m/whatever', '/m/contact'],
    ['/m', '/m/contact'],
    ['/m/cancellation/old?site=at', '/m/contact?site=at'],
    ['/', '/contact'],
    ['/foo/bar?site=tr', '/contact?site=tr'],
    ['/service/customersupportfrontend/other', '/contact'],
  ])('redirects the page path %s to %s', async (path, target) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(where(router)).toBe(target));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it.each(['/assets/x1.js', '/favicon.png', '/m/missing.css'])('shows the not-found page for the file path %s', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(`Page not found: ${path}`)).toBeInTheDocument();
    expect(screen.getByText('Status: 404')).toBeInTheDocument();
    expect(screen.getByText(/Die aufgerufene Seite gibt es leider nicht\./)).toBeInTheDocument();
    expect(where(router)).toBe(path);
    await waitFor(() => expect(document.title).toBe('Page Not Found | Coffee & Home Kundenservice'));
  });

  it.each([
    ['/%C3%BCber.pdf', '/über.pdf'],
    ['/a%20b.pdf', '/a b.pdf'],
    ['/bad%E0%A4%A.pdf', '/bad%E0%A4%A.pdf'],
    // A direction override would make a crafted link read '/Rechnung exe.pdf'; a NUL shows nothing.
    ['/Rechnung%20%E2%80%AEfdp.exe%00.pdf', '/Rechnung fdp.exe.pdf'],
  ])('names the file path %s on the not-found page as the shopper wrote it, without control and format characters: %s', async (path, shown) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText(`Page not found: ${shown}`)).toBeInTheDocument();
  });

  it('keeps the page frame and marks the English title as English on the not-found page', async () => {
    renderApp('/assets/x1.js');
    const title = await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    expect(title).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('main')).toContainElement(title);
    expect(screen.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute('href', '/contact');
  });

  it('links to the contact page under the path\'s own prefix', async () => {
    renderApp('/service/customersupportfrontend/x.png?site=de');
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    expect(screen.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute('href', '/service/customersupportfrontend/contact?site=de');
  });
});

describe('the error page for other failures', () => {
  it('shows Internal Server Error with the status, the message and the description', async () => {
    renderApp('/broken', {
      extraRoutes: [
        {
          path: '/broken',
          element: null,
          loader: () => {
            throw new Error('Database unreachable');
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('Status: 500')).toBeInTheDocument();
    // The error's own text is the code's English, marked so a screen reader reads it as English.
    expect(screen.getByText('Database unreachable')).toHaveAttribute('lang', 'en');
    expect(screen.getByText(/Leider ist ein Fehler aufgetreten\./)).toBeInTheDocument();
  });

  it('says what to do, not which file, when a part of the page could not be loaded', async () => {
    renderApp('/chunk', {
      extraRoutes: [
        {
          path: '/chunk',
          element: null,
          loader: () => {
            throw new TypeError('Failed to fetch dynamically imported module: https://www.kaffeeshop.de/assets/cancellation-page-Bfvv9w.js');
          },
        },
      ],
    });
    // The shopper's connection failed, not the server: no 'Internal Server Error', no 'Status: 500'.
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht vollständig geladen' })).not.toHaveAttribute('lang');
    expect(
      screen.getByText('Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.'),
    ).not.toHaveAttribute('lang');
    expect(screen.queryByText(/Internal Server Error|Status:/)).toBeNull();
    await waitFor(() => expect(document.title).toBe('Seite nicht vollständig geladen | Coffee & Home Kundenservice'));
    expect(screen.queryByText(/assets\//)).toBeNull();
    // One instruction: a reload helps now, waiting minutes does not.
    expect(screen.queryByText('Leider ist ein Fehler aufgetreten. Bitte versuchen Sie es in einigen Minuten noch einmal.')).toBeNull();
  });

  it.each([
    ['whose load neither arrives nor fails (a stalled connection)', () => new Promise<never>(() => undefined)],
    ['that the reload guard resolved empty, on a page still there (the visitor stopped the reload)', () => Promise.resolve(undefined)],
  ])('shows the same load-failure page for a chunk %s', async (_case, load) => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderApp('/chunk?site=ch_fr', { extraRoutes: [{ path: '/chunk', element: null, loader: () => loadChunk(load, 50) }] });
      await act(() => vi.advanceTimersByTimeAsync(11_000));
      expect(await screen.findByRole('heading', { level: 1, name: 'Chargement incomplet de la page' })).toBeInTheDocument();
      expect(screen.queryByText(/Internal Server Error|Statut|did not/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a thrown 503 response as a server error with its status text', async () => {
    renderApp('/down', {
      extraRoutes: [
        {
          path: '/down',
          element: null,
          loader: () => {
            throw new Response(null, { status: 503, statusText: 'Service Unavailable' });
          },
        },
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('Status: 503')).toBeInTheDocument();
    expect(screen.getByText('Service Unavailable')).toHaveAttribute('lang', 'en');
  });
});

describe('the screens loaded on demand', () => {
  it('shows the cancellation page and then the not-found page on navigations inside the app', async () => {
    const { router } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: contactHeading.de });
    await act(() => router.navigate('/m/cancellation'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' })).toBeInTheDocument();
    await act(() => router.navigate('/m/missing.css'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Page not found: /m/missing.css')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute('href', '/m/contact');
  });

  it('shows Internal Server Error in the page frame when a screen fails to render', async () => {
    // React reports the error it caught; that report is not what this test is about.
    const reports = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('The screen broke');
    };
    try {
      renderApp('/broken', { extraRoutes: [{ path: '/broken', element: <Broken /> }] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
      expect(screen.getByText('Status: 500')).toBeInTheDocument();
      expect(screen.getByText('The screen broke')).toBeInTheDocument();
      expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
    } finally {
      reports.mockRestore();
    }
  });
});

describe('the site of the page', () => {
  it.each(['CH_FR', 'ch_fr', 'Ch_Fr'])('reads ?site=%s case-insensitively', async (value) => {
    const { siteStore } = renderApp(`/contact?site=${value}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Comment pouvons-nous vous aider\u00a0?' }, { timeout: 3000 })).toBeInTheDocument();
    expect(siteStore.getSnapshot()).toBe('ch_fr');
    expect(document.documentElement.lang).toBe('fr-CH');
  });

  it('falls back to DE on an unknown ?site=, with a warning and no crash', async () => {
    const { siteStore, warn } = renderApp('/contact?site=xx');
    expect(await screen.findByRole('heading', { level: 1, name: contactHeading.de })).toBeInTheDocument();
    expect(siteStore.getSnapshot()).toBe('de');
    expect(warn).toHaveBeenCalledWith(UNKNOWN_SITE_WARNING, { value: 'xx', source: 'query' });
  });

  it.each([
    ['de', 'de-DE'],
    ['at', 'de-AT'],
    ['ch', 'de-CH'],
    ['ch_fr', 'fr-CH'],
    ['pl', 'pl-PL'],
    ['cz', 'cs-CZ'],
    ['hu', 'hu-HU'],
    ['sk', 'sk-SK'],
    ['tr', 'tr'],
  ])('sets <html lang> on %s to %s', async (site, lang) => {
    document.documentElement.lang = 'xx';
    renderApp(`/contact?site=${site}`);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.documentElement.lang).toBe(lang));
  });

  it('switches site, texts and lang when a navigation names another site', async () => {
    const { router, siteStore } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: contactHeading.de });
    await act(() => router.navigate('/contact?site=tr'));
    expect(await screen.findByRole('heading', { level: 1, name: contactHeading.tr })).toBeInTheDocument();
    expect(siteStore.getSnapshot()).toBe('tr');
    await waitFor(() => expect(document.documentElement.lang).toBe('tr'));
  });

  it("keeps the form of the site whose texts are shown while another site's texts load", async () => {
    const { router, texts } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: contactHeading.de });
    let release = () => {};
    const load = texts.load.bind(texts);
    vi.spyOn(texts, 'load').mockImplementation((site) =>
      site === 'tr' ? new Promise<void>((resolve) => (release = () => void load(site).then(resolve))) : load(site),
    );
    await act(() => router.navigate('/contact?site=tr'));
    expect(screen.getByRole('heading', { level: 1, name: contactHeading.de })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('contact.legalConsent');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: contactHeading.tr })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Aydınlatma Metni/ })).toBeInTheDocument();
  });

  it("files what was typed under the site switched to while its texts load: a reload for their missing chunk finds it there", async () => {
    const { router, texts, drafts } = renderApp('/contact');
    await screen.findByRole('heading', { level: 1, name: contactHeading.de });
    fireEvent.change(screen.getByLabelText('Ihre Frage'), { target: { value: 'Wo bleibt mein Paket?' } });
    const load = texts.load.bind(texts);
    vi.spyOn(texts, 'load').mockImplementation((site) => (site === 'tr' ? new Promise<void>(() => {}) : load(site)));
    await act(() => router.navigate('/contact?site=tr'));
    // What the page asks before it reloads for a missing chunk (src/ui/kept-input.ts).
    await waitFor(() => {
      const asked = new Event(KEEP_INPUT_EVENT, { cancelable: true });
      window.dispatchEvent(asked);
      expect(asked.defaultPrevented).toBe(true);
      expect(drafts.drafts.get('contact:tr')?.values['question']).toBe('Wo bleibt mein Paket?');
    });
  });

  it('sets the title per screen', async () => {
    renderApp('/cancellation');
    await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' });
    await waitFor(() => expect(document.title).toBe('Kaffee-Abo kündigen | Coffee & Home Kundenservice'));
  });
});

describe('a navigation inside the app', () => {
  it('moves the focus to the main content when the error page\'s link shows the contact form, and not at the first screen', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const { router } = renderApp('/agb.pdf?site=pl');
    const link = await screen.findByRole('link', { name: 'Przejdź do formularza kontaktowego' });
    expect(screen.getByRole('main')).not.toHaveFocus();
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: contactHeading.pl });
    expect(where(router)).toBe('/contact?site=pl');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('the skip link', () => {
  it('moves the focus to the main content', async () => {
    const { default: userEvent } = await import('@testing-library/user-event');
    const user = userEvent.setup();
    const { router } = renderApp('/cancellation');
    await screen.findByRole('heading', { level: 1, name: 'Kaffee-Abo kündigen' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(where(router)).toBe('/cancellation');
  });
});
