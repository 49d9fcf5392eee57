import { useHydrated } from '../../hooks/use-hydrated';

/**
 * The form's send button: disabled in the server's HTML and until the page's script has taken it
 * over (a send before that could not be handled), `aria-disabled` while a send is under way (it stays
 * focusable; a second click sends nothing). A component of its own, so that enabling it after
 * hydration re-renders only the button.
 */
export function SendButton({ label, sending }: { label: string; sending: boolean }) {
  const hydrated = useHydrated();
  return (
    <button className="button-primary" type="submit" disabled={!hydrated} aria-disabled={sending ? true : undefined}>
      {label}
    </button>
  );
}
