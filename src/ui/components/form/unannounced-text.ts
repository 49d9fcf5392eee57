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
 * (a click without a press: a screen reader's default action; a select's choice without either). At
 * a key it is taken over at once (no pointer to miss). Known limit: text entered without a key or a
 * click (dictation) takes nothing.
 */
import type { ChangeEvent, FocusEvent, KeyboardEvent, MouseEvent, PointerEvent } from 'react';
import { blurAfterPress, followPresses } from './blur-after-press';

// Presses are followed from the start: a press on a radio or checkbox before any field had the focus
// holds the takeover back too.
if (typeof document !== 'undefined') followPresses(document);

/** What the takeover needs of a form: its text fields' values. */
export interface TextFieldsForm<Field extends string> {
  getFieldValue(field: Field): unknown;
  setFieldValue(field: Field, value: string): void;
}

type FormTarget = { readonly currentTarget: HTMLFormElement };

/** The capture handlers of the form element, and `now` for its submit. */
export function unannouncedTextTakeover<Field extends string>(form: TextFieldsForm<Field>, fields: readonly Field[]) {
  /** What the fields show beside another state, taken over by the task answered (none when nothing is). */
  const shown = ({ currentTarget: element }: FormTarget, later?: boolean): (() => void) | undefined => {
    const texts = fields.flatMap((field) => {
      // Each text field is one input, textarea or select of that name.
      const control = element.elements.namedItem(field) as HTMLInputElement | null;
      const state = form.getFieldValue(field);
      // Read for later, an empty control beside a filled state is the form's own change not rendered
      // yet (a draft coming back, an early input adopted), not a tool's entry.
      return control && control.value !== state && (!later || control.value) ? [[field, control.value, state] as const] : [];
    });
    // Only over the state the text was read beside: a change made since (the shopper's next
    // keystroke, handled before a timer) is newer than the text read.
    if (texts.length > 0) return () => texts.forEach(([field, text, state]) => form.getFieldValue(field) === state && form.setFieldValue(field, text));
  };
  const now = (event: FormTarget) => shown(event)?.();
  const afterAPress = (event: FormTarget) => blurAfterPress(shown(event, true))();
  const afterAChange = (event: FormTarget) => {
    const take = shown(event, true);
    if (take) setTimeout(take);
  };
  return {
    now,
    handlers: {
      onKeyDownCapture: now as (event: KeyboardEvent<HTMLFormElement>) => void,
      // After the press (the document's listener, first, has marked it), as a field's blur is; the
      // focus leaving a field (or the error summary) at a press likewise.
      onPointerDownCapture: afterAPress as (event: PointerEvent<HTMLFormElement>) => void,
      onBlurCapture: afterAPress as (event: FocusEvent<HTMLFormElement>) => void,
      // A task of its own: microtasks run between the click's listeners, before React's change handler.
      onClickCapture: afterAChange as (event: MouseEvent<HTMLFormElement>) => void,
      // A choice without a press or a key (a screen reader's or the select's own list): as a click.
      // Not a text field's input: the field's own change takes it.
      onChangeCapture: (event: ChangeEvent<HTMLFormElement>) => (event.target as HTMLElement).matches('select') && afterAChange(event),
    },
  };
}
