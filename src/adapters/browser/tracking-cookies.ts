/**
 * The tracking library's cookies (spec §3 "Cookies and stored data"), read and written through the
 * CookieJar port; what a value means is decided by the domain's rules.
 */
import type { ConsentGroups } from '../../domain/tracking/consent-groups';
import { CONSENT_COOKIE, groupsFromConsentCookies } from '../../domain/tracking/consent-groups';
import {
  APP_CONTEXT_COOKIE,
  CASHBACK_COOKIE,
  CROSS_CHANNEL_APP_COOKIE,
  UNIQUE_USER_COOKIE,
  cashbackPartnerFromCookie,
  mayWriteUniqueUserCookie,
  type AppContextSignals,
} from '../../domain/tracking/consent';
import type { LogSink } from '../../domain/tracking/log-buffer';
import { parseLongTermToken, type LongTermToken } from '../../domain/tracking/mapping/long-term-token';
import type { Clock } from '../../ports/clock';
import type { CookieJar } from '../../ports/cookie-jar';
import type { IdGenerator } from '../../ports/random';

/** The short-term session cookie and its lifetime (spec §9: 1800 s). */
export const SESSION_COOKIE = 'cot_session';
export const SESSION_LIFETIME_SECONDS = 1800;
/**
 * At most one `cot_session` write a second: a burst of pushes writes it once, and the session ends at
 * most a second before 30 minutes without activity (once a minute, a visitor back after 29.5 minutes
 * found it gone; long-lived page QA pass).
 */
const SESSION_RENEWAL_MS = 1_000;
/** The long-term token cookie (set by the shop's login). Placeholder name: the spec does not show it. */
export const LONG_TERM_TOKEN_COOKIE = 'cot_long_term_token';
/** The affiliate device cookie (set by the affiliate tracker). Placeholder name: the spec does not show it. */
export const AFFILIATE_DEVICE_COOKIE = 'exactag_dc';
/** Suffix of the per-site desktop cookies, `DE_hun_dsk`, `CH_FR_hun_dsk`, ... */
export const DESKTOP_COOKIE_SUFFIX = '_hun_dsk';

/** The per-site desktop cookie's name: the site code in upper case plus {@link DESKTOP_COOKIE_SUFFIX}. */
export const desktopCookieName = (site: string): string => `${site.trim().toUpperCase()}${DESKTOP_COOKIE_SUFFIX}`;

const FALSE_VALUES = ['', '0', 'false', 'no', 'off'];

/** `ttruth_uid` is Secure and SameSite=None (spec §3); its removal names the same attributes. */
const UNIQUE_USER_ATTRIBUTES = { secure: true, sameSite: 'None' } as const;

/**
 * True when the visitor chose the desktop view of the site (its `<SITE>_hun_dsk` cookie is set to
 * anything but an empty, 0, false, no or off value), so a phone is served the desktop layout. A
 * function beside the class: the library does not read it, so its build leaves it out.
 */
export const desktopPreference = (jar: CookieJar, site: string): boolean => {
  const value = jar.get(desktopCookieName(site));
  return value !== undefined && !FALSE_VALUES.includes(value.trim().toLowerCase());
};

/** Reads and writes the library's cookies. Every method is total: an absent or broken cookie gives nothing. */
export class TrackingCookies {
  readonly #jar: CookieJar;
  readonly #clock: Clock;
  readonly #ids: IdGenerator;
  readonly #log: LogSink;
  /** When `cot_session` was last written. */
  #sessionWritten = Number.NEGATIVE_INFINITY;
  /** The session id this page's events carry now (see `keepSession`). */
  #session: string | undefined;
  /** The consent cookie as last read and its groups: while consent holds, every push reads it. */
  #consent: { readonly raw: string | undefined; readonly groups: ConsentGroups } | undefined;
  /**
   * The path of the collector's answers on this host (`/service/ttruth` for `/service/ttruth/publish`):
   * a `ttruth_uid` it sets without a Path lives there, unseen by the page but sent with every request to it.
   */
  readonly #collectorPath: string | undefined;
  constructor(jar: CookieJar, clock: Clock, ids: IdGenerator, log: LogSink, collectorPath?: string) {
    this.#jar = jar;
    this.#collectorPath = collectorPath;
    this.#clock = clock;
    this.#ids = ids;
    this.#log = log;
  }

  /** Whether the page has an `OptanonConsent` cookie at all. */
  hasConsentCookie(): boolean {
    return this.#jar.get(CONSENT_COOKIE) !== undefined;
  }

  /** The consent cookies' groups, or undefined without any such cookie; one read of the cookies. */
  consentReading(): ConsentGroups | undefined {
    const groups = this.consentGroups();
    return this.#consent?.raw === undefined ? undefined : groups;
  }

  /** The active consent groups of the `OptanonConsent` cookies (none when absent or unreadable; see `groupsFromConsentCookies`). */
  consentGroups(): ConsentGroups {
    const values = this.#jar.getAll(CONSENT_COOKIE, { raw: true });
    const raw = values.length <= 1 ? values[0] : values.join('\n');
    if (!this.#consent || this.#consent.raw !== raw) this.#consent = { raw, groups: groupsFromConsentCookies(values) };
    return this.#consent.groups;
  }

  /** The partner id of the `cashback_attribution` JSON cookie, read as stored first (raw JSON may hold `%22`), then decoded. */
  cashbackPartner(): string | undefined {
    return cashbackPartnerFromCookie(this.#jar.get(CASHBACK_COOKIE, { raw: true }));
  }

  /** The long-term token cookie's raw value (sent as a header to the customer-data service). */
  longTermTokenValue(): string | undefined {
    return this.#jar.get(LONG_TERM_TOKEN_COOKIE, { raw: true }) || undefined;
  }

  /** sub, lid and tid of the long-term token cookie; an unparseable cookie is logged and yields `{}`. */
  longTermToken(): LongTermToken {
    return parseLongTermToken(this.#jar.get(LONG_TERM_TOKEN_COOKIE), this.#log);
  }

  /** The session id of `cot_session`: the existing one, else a new one; either way it lives 1800 s from now. */
  sessionId(write = true): string {
    const id = this.#jar.get(SESSION_COOKIE)?.trim() || this.#ids.next();
    this.#session = id;
    return write ? this.#writeSession(id) : id;
  }

  /** The session id this page's events carry now: the page's, until `keepSession` moved on. */
  get session(): string | undefined {
    return this.#session;
  }

  /**
   * Keeps `cot_session` alive while the page is used (a push): written again, at most once a second,
   * so it lives 1800 s from the visitor's last activity, not from the page load. It keeps the id it
   * holds (another tab may have begun a session). None, 30 minutes after this page last wrote it: it
   * expired (no activity in any tab), and a new session begins. None sooner (the browser keeps no
   * cookie, a cookie wiper removed it): the page's session goes on. None ever written (a prerendered
   * page shown): the page's `id`.
   */
  keepSession(id: string): void {
    // A write "in the future" (the device clock was set back since) counts as long ago.
    const since = this.#clock.now() - this.#sessionWritten;
    if (since >= 0 && since < SESSION_RENEWAL_MS) return;
    const expired = this.#sessionWritten !== Number.NEGATIVE_INFINITY && !(since >= 0 && since < SESSION_LIFETIME_SECONDS * 1000);
    const kept = this.#jar.get(SESSION_COOKIE)?.trim() || (expired ? this.#ids.next() : (this.#session ?? id));
    this.#session = this.#writeSession(kept);
  }

  #writeSession(id: string): string {
    this.#jar.set(SESSION_COOKIE, id, { maxAgeSeconds: SESSION_LIFETIME_SECONDS });
    this.#sessionWritten = this.#clock.now();
    return id;
  }

  /**
   * Keeps `ttruth_uid` in line with statistics consent (C0003). With it, the unique-user id (the
   * existing one, else a new one) is written again, so it lives 30 days from this visit (Secure,
   * SameSite=None); `write` false (app context) leaves the cookie as it is. Without the consent an
   * existing cookie is removed (consent withdrawn): `undefined`. `consentKnown` false (no consent cookie
   * seen, no answer heard) withdraws nothing: the cookie stays, unused.
   */
  writeUniqueUserId(groups: ConsentGroups, write = true, consentKnown = true): string | undefined {
    const existing = this.#jar.get(UNIQUE_USER_COOKIE)?.trim();
    if (!mayWriteUniqueUserCookie(groups)) {
      if (!consentKnown) return undefined;
      if (existing !== undefined) this.#jar.remove(UNIQUE_USER_COOKIE, UNIQUE_USER_ATTRIBUTES);
      // Unseen from here: removed whether or not one is there.
      if (this.#collectorPath) this.#jar.remove(UNIQUE_USER_COOKIE, { ...UNIQUE_USER_ATTRIBUTES, path: this.#collectorPath });
      return undefined;
    }
    if (!write) return existing || undefined;
    const id = existing || this.#ids.next();
    this.#jar.set(UNIQUE_USER_COOKIE, id, UNIQUE_USER_ATTRIBUTES);
    return id;
  }

  /** The app-context cookies (`platform` and the cross-channel cookie), plus the page's platform attribute when given. */
  appContextSignals(platformAttribute?: string): AppContextSignals {
    return {
      platformCookie: this.#jar.get(APP_CONTEXT_COOKIE),
      crossChannelCookie: this.#jar.get(CROSS_CHANNEL_APP_COOKIE),
      platformAttribute,
    };
  }

  /** The affiliate device cookie's value, read for affiliate tracking. */
  affiliateDeviceId(): string | undefined {
    return this.#jar.get(AFFILIATE_DEVICE_COOKIE) || undefined;
  }
}
