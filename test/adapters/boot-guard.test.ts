/**
 * The page's inline boot guard, run as a page runs it (sloppy script, its own globals): one reload
 * per path per 10 s when the entry script fails, never on a page the visitor has entered anything
 * into, and the note instead.
 */
import { BOOT_GUARD_SCRIPT, LOAD_FAILED_ID } from '../../src/adapters/server/boot-guard';
import { RELOADS_KEY } from '../../src/domain/support/reload-guard';

interface Control {
  type: string;
  tagName: string;
  value?: string;
  defaultValue?: string;
  checked?: boolean;
  defaultChecked?: boolean;
}

/** One page load: the script runs, then its module script fails to load. */
function loadPage(storage: Map<string, string>, now: number, controls: Control[] = []) {
  let listener: ((event: unknown) => void) | undefined;
  const note = { hidden: true };
  let reloads = 0;
  const run = new Function('addEventListener', 'location', 'sessionStorage', 'navigator', 'document', 'Date', BOOT_GUARD_SCRIPT);
  run(
    (_type: string, fn: (event: unknown) => void) => (listener = fn),
    { pathname: '/contact', reload: () => (reloads += 1) },
    { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v) },
    { onLine: true },
    { getElementById: (id: string) => (id === LOAD_FAILED_ID ? note : null), querySelectorAll: () => controls },
    { now: () => now },
  );
  listener?.({ target: { tagName: 'LINK' } });
  listener?.({ target: { tagName: 'SCRIPT', type: 'module' } });
  return { reloads, noteShown: !note.hidden };
}

describe('the boot guard', () => {
  it('reloads once when the entry script fails, then shows the note', () => {
    const storage = new Map<string, string>();
    expect(loadPage(storage, 1_000_000)).toEqual({ reloads: 1, noteShown: false });
    expect(loadPage(storage, 1_000_500)).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(storage, 1_011_000)).toEqual({ reloads: 1, noteShown: false });
  });

  it.each(['[]', '5', 'true', '"x"', 'null', '{broken'])('reloads at most once whatever the record holds (%s)', (stored) => {
    const storage = new Map([[RELOADS_KEY, stored]]);
    expect(loadPage(storage, 1_000_000).reloads).toBe(1);
    expect(loadPage(storage, 1_000_500)).toEqual({ reloads: 0, noteShown: true });
  });

  it('never reloads a page the visitor has typed into or ticked: the note is shown instead', () => {
    const typed: Control = { type: 'textarea', tagName: 'TEXTAREA', value: 'Meine Bestellung', defaultValue: '' };
    const ticked: Control = { type: 'checkbox', tagName: 'INPUT', checked: true, defaultChecked: false };
    const untouched: Control = { type: 'text', tagName: 'INPUT', value: '', defaultValue: '' };
    expect(loadPage(new Map(), 1_000_000, [untouched, typed])).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(new Map(), 1_000_000, [ticked])).toEqual({ reloads: 0, noteShown: true });
    expect(loadPage(new Map(), 1_000_000, [untouched]).reloads).toBe(1);
  });
});
