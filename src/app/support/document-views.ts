/**
 * What this document knows of its page views, shared by the new-build watch and the tracker's start
 * (two chunks): whether it has started a full load of the page it shows (the next document then shows
 * it and tracks its view), and the address whose view it tracked last (a reload of that address for a
 * missing chunk goes on with that view, as a reload for a new build does: `unseen-reload.ts`).
 */
let leaving = false;
let trackedAddress: string | undefined;

export const documentViews = {
  /** A full load has started: this document tracks no more views. */
  leave(): void {
    leaving = true;
  },
  leaving: (): boolean => leaving,
  /** This document tracked the view of `address` (or went on with the one tracked before its reload). */
  tracked(address: string): void {
    trackedAddress = address;
  },
  trackedAt: (address: string): boolean => trackedAddress === address,
};
