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

/** Whether the visitor changed the control from the server's rendering (a choice, a tick, a file, text). */
function entered(control: Element): boolean {
  if (control instanceof HTMLSelectElement) return !control.multiple && control.value !== defaultSelection(control);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLInputElement && control.type === 'file') return (control.files?.length ?? 0) > 0;
  return (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && control.value !== control.defaultValue;
}

/**
 * Whether the server-rendered page was typed into (or a choice made) before its script started: such
 * a page counts as touched from the start, so a failed chunk does not reload what was entered away.
 */
export function enteredBeforeStart(root: ParentNode): boolean {
  return [...root.querySelectorAll('input, textarea, select')].some(entered);
}

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
    if (control?.tagName !== server.tagName || !entered(server)) continue;
    if (server instanceof HTMLSelectElement) {
      (control as HTMLSelectElement).value = server.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (server instanceof HTMLInputElement && (server.type === 'checkbox' || server.type === 'radio')) {
      // React hears checkboxes by their click: set the server's state through its tracker, then click.
      (control as HTMLInputElement).checked = server.defaultChecked;
      (control as HTMLInputElement).click();
    } else if (server instanceof HTMLInputElement && server.type === 'file') {
      (control as HTMLInputElement).files = server.files;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (server instanceof HTMLInputElement || server instanceof HTMLTextAreaElement) {
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
