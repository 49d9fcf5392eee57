/**
 * What this document knows of its page views, shared by the new-build watch and the tracker's start
 * (two chunks): whether it has started a full load of the page it shows (the next document then shows
 * it and tracks its view), and the page whose view it delivered last (a reload of that page goes on
 * with that view: `unseen-reload.ts`).
 */
const pathOf = (address: string): string => address.replace(/[?#].*/, '');

let leavingFor: string | undefined;
let trackedAddress: string | undefined;

export const documentViews = {
  /**
   * A full load of `address` (path and query) has started: this document tracks no view of it. Only of
   * it: a load the visitor stops leaves the document showing the page and tracking the next ones.
   */
  leave(address: string): void {
    leavingFor = address;
  },
  leavingFor: (address: string): boolean => leavingFor === address,
  /**
   * This document delivered the view of `address` (or went on with the one tracked before its reload).
   * A view waiting for consent is not told: it dies with the document, and the reloaded page tracks it.
   */
  tracked(address: string): void {
    trackedAddress = pathOf(address);
  },
  /** By path: a switch to another site (`?site=`) on the same page tracks no view of its own. */
  trackedAt: (address: string): boolean => trackedAddress === pathOf(address),
};
