/**
 * What this document knows of its page views, shared by the new-build watch and the tracker's start
 * (two chunks): whether it has started a full load of the page it shows (the next document then shows
 * it and tracks its view), and the page whose view it delivered last (a reload of that page goes on
 * with that view: `unseen-reload.ts`).
 */
const pathOf = (address: string): string => address.replace(/[?#].*/, '');

let leavingFor: string | undefined;
let trackedAddress: string | undefined;
// Once delivered, the view stays so (a later withdrawal takes nothing back).
let deliveredOnce = false;
let deliveredNow: () => boolean = () => false;

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
   * This document pushed the view of `address` (or went on with the one tracked before its reload);
   * `delivered` says whether the view has gone (it may wait for consent). Asked again when the page
   * reloads: a view given consent on the page has gone by then, and the reloaded page must not track
   * it again; one still waiting dies with the document, and the reloaded page tracks it.
   */
  tracked(address: string, delivered: () => boolean = () => true): void {
    trackedAddress = pathOf(address);
    deliveredNow = delivered;
    deliveredOnce = delivered();
  },
  /** By path: a switch to another site (`?site=`) on the same page tracks no view of its own. */
  trackedAt: (address: string): boolean => trackedAddress === pathOf(address) && (deliveredOnce ||= deliveredNow()),
};
