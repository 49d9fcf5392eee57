/**
 * A field's blur handler, held back while a mouse button or finger is down. Pressing the send button
 * blurs the field being edited; its error would appear at once and move the button from under the
 * pointer, so the click would miss it. Held back until the press ends (and its click has been
 * dispatched), the error appears after the click has reached the button.
 */

let pressed = false;
let held: Array<() => void> = [];
let tracked: Document | undefined;

function release(): void {
  pressed = false;
  // The click follows the mouseup in the same task: run what was held after it.
  setTimeout(() => {
    const tasks = held;
    held = [];
    for (const task of tasks) task();
  }, 0);
}

/** Starts following presses on the field's document (once; called when a field gets focus). */
export function followPresses(document: Document): void {
  if (tracked === document) return;
  tracked = document;
  // The main button or a finger only: macOS and Linux open the context menu at the other button's
  // mousedown, and the page never sees its mouseup.
  document.addEventListener('pointerdown', (event) => (pressed = !event.button), true);
  // Ended by the mouseup, not the pointerup: a finger's tap moves the focus only after it is lifted
  // (the mousedown that follows its pointerup), and its click follows its mouseup.
  document.addEventListener('mouseup', release, true);
  document.addEventListener('pointercancel', release, true);
  // macOS opens the context menu at a Ctrl+click's mousedown, with the main button: no mouseup follows.
  document.addEventListener('contextmenu', release, true);
}

/** Forgets the blurs held back: a submit validates every field anyway (and may show the server's errors). */
export function dropHeldBlurs(): void {
  held = [];
}

/** Runs `onBlur` now, or after the press that moved the focus away has ended. */
export const blurAfterPress =
  (onBlur: (() => void) | undefined) =>
  (): void => {
    if (!onBlur) return;
    if (pressed) held.push(onBlur);
    else onBlur();
  };

/** The focus and blur props of a field control: follow presses from the first focus, hold the blur back. */
export const pressAwareBlur = (onBlur: (() => void) | undefined) => ({
  onFocus: (event: { currentTarget: { ownerDocument: Document } }) => followPresses(event.currentTarget.ownerDocument),
  onBlur: blurAfterPress(onBlur),
});
