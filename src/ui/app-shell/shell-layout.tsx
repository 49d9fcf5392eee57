import { Outlet } from 'react-router-dom';
import { AppShell } from './app-shell';

/** The router's layout route: the page frame around the matched screen. */
export function ShellLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  );
}
