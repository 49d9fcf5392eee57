/**
 * Text an autofill tool (some password managers) put into fields without the input events React
 * listens to: shown, but not in the form's state. Taken over before the rules run (a send), and
 * before anything the shopper does renders the form anew, which would write the fields' state back
 * over such text (an error shown or cleared re-renders the fields).
 *
 * Never rendered in the middle of a press or a click: an error appearing or going away between a
 * press and its release moves the page, and the click misses the control pressed (a radio below a
 * shrinking error summary); rendered during a click, a checkbox or radio is set back. So what the
 * fields show is read at once and taken over after the press, or after the click's own change
 * (a click without a press: a screen reader's default action). At a key it is taken over at once
 * (no pointer to miss). Known limit: an input without a key or a click (dictation) takes nothing.
 */
import type { FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { afterPress, blurAfterPress } from './blur-after-press';

/** What the takeover needs of a form: its text fields' values. */
export interface TextFieldsForm<Field extends string> {
  getFieldValue(field: Field): unknown;
  setFieldValue(field: Field, value: string): void;
}

type FormTarget = { readonly currentTarget: HTMLFormElement };
/** A field whose control shows another text than the form's state: the text, and the state it replaces. */
type Shown<Field> = readonly [field: Field, text: string, state: unknown];

/** The capture handlers of the form element, and `now` for its submit. */
export function unannouncedTextTakeover<Field extends string>(form: TextFieldsForm<Field>, fields: readonly Field[]) {
  const shown = (element: HTMLFormElement): Shown<Field>[] =>
    fields.flatMap((field) => {
      // Each text field is one input, textarea or select of that name.
      const control = element.elements.namedItem(field) as HTMLInputElement | null;
      const state = form.getFieldValue(field);
      return control && control.value !== state ? [[field, control.value, state] as const] : [];
    });
  // Only over the state the text was read beside: a change made since (the shopper's next keystroke,
  // handled before a timer) is newer than the text read.
  const take = (texts: readonly Shown<Field>[]) => {
    for (const [field, text, state] of texts) if (form.getFieldValue(field) === state) form.setFieldValue(field, text);
  };
  const now = ({ currentTarget }: FormTarget) => take(shown(currentTarget));
  /**
   * Read now, taken over later: only text. An empty control beside a filled state is the form's own
   * change not rendered yet (a draft coming back, an early input adopted), not a tool's entry.
   */
  const later = (element: HTMLFormElement, run: (take: () => void) => void) => {
    const texts = shown(element).filter(([, text]) => text !== '');
    if (texts.length > 0) run(() => take(texts));
  };
  return {
    now,
    handlers: {
      onKeyDownCapture: now as (event: KeyboardEvent<HTMLFormElement>) => void,
      onPointerDownCapture: (event: PointerEvent<HTMLFormElement>) => later(event.currentTarget, (task) => afterPress(event, task)),
      // The focus leaving a field (or the error summary) at a press: after it, as the field's own blur.
      onBlurCapture: (event: FocusEvent<HTMLFormElement>) => later(event.currentTarget, (task) => blurAfterPress(task)()),
      // A task of its own: microtasks run between the click's listeners, before React's change handler.
      onClickCapture: (event: MouseEvent<HTMLFormElement>) => later(event.currentTarget, (task) => setTimeout(task, 0)),
    },
  };
}
