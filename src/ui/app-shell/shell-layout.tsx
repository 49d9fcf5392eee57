import { useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { AppShell, MAIN_ID } from './app-shell';

/**
 * A navigation inside the app (a link on the error page, back and forward) swaps the screen without a
 * page load: the focused link is gone and a screen reader would hear nothing. The new screen starts
 * at the top, as a loaded page does, and the main landmark takes the focus. The first screen keeps
 * the browser's focus. A layout effect, so that it runs before the new screen's own effects: one that
 * focuses its heading (the success view, mounted with the route on Forward) keeps that focus.
 */
function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    document.documentElement.scrollTop = 0;
    document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The router's layout route: the page frame around the matched screen. */
export function ShellLayout() {
  useFocusMainOnNavigation();
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
