/**
 * Whether the visitor has done anything on the screen shown: a press, a key, an input, a drop or a
 * send. A screen nobody touched reloads to the same screen (the new-build watch may then reload it
 * when hidden; a chunk that fails to load reloads it); one that was touched may show more than its
 * address gives back. A navigation to another page starts untouched (`untouch`): the screen it shows
 * is the one its address loads.
 */
const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'change', 'drop', 'paste', 'submit'] as const;

export interface Interaction {
  touched(): boolean;
  /** Counts as touched (input typed before the script started, adopted by the form). */
  mark(): void;
  /** Counts as untouched again (a navigation showed another page). */
  untouch(): void;
}

export function watchInteraction(target: EventTarget): Interaction {
  let touched = false;
  const mark = () => {
    touched = true;
  };
  for (const type of INTERACTIONS) target.addEventListener(type, mark, true);
  return {
    touched: () => touched,
    mark,
    untouch() {
      touched = false;
    },
  };
}
