/**
 * What the support pages import of the tracking library, as one chunk loaded after the first render:
 * `start` installs the library for the site and the page's host and returns the page's client.
 */
import { DocumentCookieJar } from '../../adapters/browser/document-cookie-jar';
import { CONSENT_COOKIE, groupsFromConsentCookie, hasStatisticsOrMarketing } from '../../domain/tracking/consent-groups';
import { environmentFromHost } from '../../domain/tracking/environment';
import { languageOfTag } from '../../domain/tracking/sites';
import { createClient, install } from '../tracker';
import { asOfPage, pageOfPushHandedOver } from '../tracker/direct-line';
import { documentViews } from './document-views';
import { supportTracker } from './support-tracker';
import { browserSpot, takeUnseenReload } from './unseen-reload';

/** The container the server names in the page (`SUPPORT_TAG_MANAGER_SCRIPT`). */
const tagManagerScript = (): string | undefined =>
  document.querySelector('meta[name="support-tag-manager"]')?.getAttribute('content') || undefined;

const cookies = new DocumentCookieJar();

/** The page a push was made on: the address of its call when it waited for this chunk (`asOf`), else the page's now. */
const pushSpot = {
  ...browserSpot,
  address: () => {
    const page = pageOfPushHandedOver();
    return page?.pathname === undefined ? browserSpot.address() : page.pathname + (page.search ?? '');
  },
};

export const start = supportTracker({
  install,
  createClient,
  environmentFromHost,
  languageOfTag,
  tagManagerScript,
  reloadedUnseen: () => takeUnseenReload(pushSpot),
  leaving: () => documentViews.leavingFor(pushSpot.address()),
  // Delivered once the consent cookie allows the tag manager (statistics or marketing), as the library
  // reads it: at the push, or later on this page (the banner answered), when the page reloads.
  viewTracked: () =>
    documentViews.tracked(pushSpot.address(), () =>
      hasStatisticsOrMarketing(groupsFromConsentCookie(cookies.get(CONSENT_COOKIE, { raw: true })))),
});

/** The pushes the page made before this chunk came go as made on the address of their call. */
export const asOf = asOfPage;
