/**
 * Whether a reload of the page would lose nothing the visitor entered: the contact form's draft logic
 * registers its check while it keeps the form's input (its store loaded, the stored draft restored),
 * and the check saves what the form shows, in the same call, before it answers yes. Without a
 * registered check (no form, or its draft logic or store missing) the answer is no.
 */
let check: (() => boolean) | undefined;

/** Registers the check (or, without one, removes it: the form has gone or no longer keeps drafts). */
export function keepInput(kept?: () => boolean): void {
  check = kept;
}

/** True when everything entered on the page has just been saved where a reload brings it back. */
export const inputKept = (): boolean => check?.() === true;
