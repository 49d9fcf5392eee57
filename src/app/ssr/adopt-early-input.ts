/**
 * What a visitor entered into the server-rendered page before its script took the page over: the
 * browser shows it, but the form's state (filled only by React's change events) does not know it.
 * Once the page is hydrated, each such control announces its value again, as if entered now; a
 * control left as the server rendered it is not touched.
 */

const nativeSetter = (element: Element, property: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element) as object, property)?.set;

/** Sets `property` to the server's value through React's value tracker, then to the entered one around it. */
function reannounce(control: HTMLInputElement | HTMLTextAreaElement, entered: string): void {
  control.value = control.defaultValue;
  nativeSetter(control, 'value')?.call(control, entered);
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

const defaultSelection = (select: HTMLSelectElement): string =>
  Array.from(select.options).find((option) => option.defaultSelected)?.value ?? select.options[0]?.value ?? '';

/**
 * Whether the server-rendered page was typed into (a text, a tick, a file) before its script started:
 * such a page counts as touched from the start, so a failed chunk does not reload what was entered away.
 */
export const enteredBeforeStart = (root: ParentNode): boolean =>
  [...root.querySelectorAll<HTMLInputElement>('input, textarea')].some((control) =>
    // A checkbox's value is 'on' without a value attribute (its default value then is empty).
    /^(checkbox|radio)$/.test(control.type) ? control.checked !== control.defaultChecked : control.value !== control.defaultValue,
  );

/** The server's controls and the one with the focus, as taken before hydrating (none when the page was not hydrated). */
let rendered: readonly Element[] = [];
let focused: EventTarget | null | undefined;

/**
 * Takes the server's controls, and follows the focus among them (the page was typed into before its
 * script ran, and may be while React takes it over); call before hydrating.
 */
export function watchEarlyInput(root: HTMLElement): void {
  rendered = [...root.querySelectorAll('input, textarea, select')];
  focused = document.activeElement;
  root.addEventListener('focusin', (event) => (focused = event.target));
}

/**
 * Once the page is hydrated, replays the controls {@link watchEarlyInput} took whose input differs
 * from the server's rendering; answers how many. React renders the page anew when its markup does
 * not match (an extension or a translator added to it first): each such control's input then goes
 * to its counterpart by id, and the focus with it.
 */
export function adoptEarlyInput(): number {
  let adopted = 0;
  for (const server of rendered) {
    // The same tag and id: the same control of the same markup.
    const control = (server.isConnected ? server : document.getElementById(server.id)) as typeof server | null;
    if (control?.tagName !== server.tagName) continue;
    if (server instanceof HTMLSelectElement) {
      if (server.multiple || server.value === defaultSelection(server)) continue;
      (control as HTMLSelectElement).value = server.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (server instanceof HTMLInputElement && (server.type === 'checkbox' || server.type === 'radio')) {
      if (server.checked === server.defaultChecked) continue;
      // React hears checkboxes by their click: set the server's state through its tracker, then click.
      (control as HTMLInputElement).checked = server.defaultChecked;
      (control as HTMLInputElement).click();
    } else if (server instanceof HTMLInputElement && server.type === 'file') {
      if ((server.files?.length ?? 0) === 0) continue;
      (control as HTMLInputElement).files = server.files;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (server instanceof HTMLInputElement || server instanceof HTMLTextAreaElement) {
      if (server.value === server.defaultValue) continue;
      // Setting the value puts the caret at its end: the shopper may be typing in the middle of it. Put
      // back once React has written the value (it first resets the control, then renders it anew).
      const { selectionStart: start, selectionEnd: end } = server;
      reannounce(control as HTMLInputElement, server.value);
      if (server === focused && start !== null) queueMicrotask(() => (control as HTMLInputElement).setSelectionRange(start, end));
    } else continue;
    adopted += 1;
  }
  if (focused instanceof HTMLElement && !focused.isConnected) document.getElementById(focused.id)?.focus();
  return adopted;
}
