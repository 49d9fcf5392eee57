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

/** Replays the controls under `root` that differ from the server's rendering; answers how many. */
export function adoptEarlyInput(root: ParentNode): number {
  let adopted = 0;
  for (const control of root.querySelectorAll('input, textarea, select')) {
    if (control instanceof HTMLSelectElement) {
      if (control.multiple || control.value === defaultSelection(control)) continue;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      if (control.checked === control.defaultChecked) continue;
      // React hears checkboxes by their click: set the server's state through its tracker, then click.
      control.checked = control.defaultChecked;
      control.click();
    } else if (control instanceof HTMLInputElement && control.type === 'file') {
      if ((control.files?.length ?? 0) === 0) continue;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) {
      if (control.value === control.defaultValue) continue;
      reannounce(control, control.value);
    } else continue;
    adopted += 1;
  }
  return adopted;
}
