/**
 * Whether the visitor has done anything on the page since its script started: a press, a key, an
 * input, a drop or a send. A page nobody touched reloads to the same screen (the new-build watch may
 * then reload it when hidden); one that was touched may show more than its address gives back.
 */
const INTERACTIONS = ['pointerdown', 'keydown', 'input', 'change', 'drop', 'paste', 'submit'] as const;

export interface Interaction {
  touched(): boolean;
  /** Counts as touched (input typed before the script started, adopted by the form). */
  mark(): void;
}

export function watchInteraction(target: EventTarget): Interaction {
  let touched = false;
  const mark = () => {
    touched = true;
    for (const type of INTERACTIONS) target.removeEventListener(type, mark, true);
  };
  for (const type of INTERACTIONS) target.addEventListener(type, mark, true);
  return { touched: () => touched, mark };
}
