import { screen, waitFor } from '@testing-library/react';

// The error screen is a chunk of its own; here every load of it fails, as during a deploy race or on a
// flaky line, and each attempt is counted.
let attempts = 0;

beforeEach(() => {
  attempts = 0;
  vi.resetModules();
  vi.doMock('../../../src/ui/screens/error/error-screen', async () => {
    attempts += 1;
    throw new TypeError('Failed to fetch dynamically imported module: /assets/error-screen-1a2b3c.js');
  });
});

describe('the error screen when its own chunk cannot be loaded', () => {
  it('shows the site\'s load-failure text instead of an empty page, and asks for the chunk once per navigation, not in a loop', async () => {
    const { renderApp } = await import('../helpers/render-app');
    const { router } = renderApp('/x.pdf?site=de');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Seite nicht vollständig geladen');
    expect(
      screen.getByText('Ein Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite neu.'),
    ).toBeInTheDocument();
    // The title is set once the screen is shown (an effect).
    await waitFor(() => expect(document.title).toBe('Seite nicht vollständig geladen | Coffee & Home Kundenservice'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const settled = attempts;
    expect(settled).toBeLessThanOrEqual(2);

    // Another not-found path: the new navigation tries once more, and the text shows again.
    await router.navigate('/y.pdf?site=de');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(attempts - settled).toBeLessThanOrEqual(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Seite nicht vollständig geladen');
  });
});
