/**
 * The affiliate provider's touch-point request (tracking spec §7.6): a cross-origin GET with
 * `uk={user key}`, sent for purchases with a corporate-benefits coupon on the German site.
 */
import { wellFormed } from '../../text/well-formed';
import * as Warnings from '../warnings';
import { LogLevel, type LogSink } from '../log-buffer';
import { isOrderEvent } from '../entities/fields';
import { asArray, asRecord, toText } from './clean';
import { touchPointUrlMissing } from './payload-texts';

export interface TouchPointInput {
  /** Site key; only 'de' sends touch points. */
  site?: unknown;
  /** The e-commerce event; only purchase and purchase_ga4 count. */
  ecommerceEvent?: unknown;
  /** The corporate-benefits user key. */
  userKey?: unknown;
  /** Base URL of the touch point (configuration; the spec does not show it). */
  touchPointUrl?: unknown;
}

/** A GET the HTTP client can send as it is (the `HttpRequest` shape of the ports). */
export type TouchPointRequest = { method: 'GET'; url: string };

/** A coupon type naming corporate benefits, compared without case and separators. */
const CORPORATE_BENEFITS = 'corporatebenefits';

/** True when `coupon_types` (a list, or a text separated by , | ;) names corporate benefits. */
export const hasCorporateBenefitsCoupon = (ecommerceEvent: unknown): boolean => {
  const types = asRecord(asRecord(ecommerceEvent).ecommerce).coupon_types;
  const list = typeof types === 'string' ? types.split(/[,|;]/) : asArray(types).map(toText);
  return list.some((type) => type?.toLowerCase().replace(/[^a-z0-9]/g, '') === CORPORATE_BENEFITS);
};

/** The field of the e-commerce event that carries the corporate-benefits user key. */
export const USER_KEY_FIELD = 'user_key';

/** The trimmed user key of an e-commerce event; undefined when it has none. */
export const userKeyOf = (ecommerceEvent: unknown): string | undefined =>
  toText(asRecord(ecommerceEvent)[USER_KEY_FIELD]);

/** True when the event is a purchase with a corporate-benefits coupon on the German site. */
export const needsTouchPoint = (site: unknown, ecommerceEvent: unknown): boolean =>
  toText(site)?.toLowerCase() === 'de' &&
  isOrderEvent(asRecord(ecommerceEvent).event) &&
  hasCorporateBenefitsCoupon(ecommerceEvent);

/**
 * The touch-point GET, or null when none is due. When one is due but the user key is missing, warns
 * 'UserKey has not been passed. Exactag touch point request has not been sent' and gives null.
 */
export function toTouchPointRequest(input: TouchPointInput, log: LogSink): TouchPointRequest | null {
  try {
    const record = asRecord(input);
    if (!needsTouchPoint(record.site, record.ecommerceEvent)) return null;
    const userKey = toText(record.userKey);
    if (!userKey) {
      log(LogLevel.warn, Warnings.userKeyMissing);
      return null;
    }
    const base = toText(record.touchPointUrl);
    if (!base) {
      log(LogLevel.warn, touchPointUrlMissing);
      return null;
    }
    const separator = base.includes('?') ? '&' : '?';
    return { method: 'GET', url: `${base}${separator}uk=${encodeURIComponent(wellFormed(userKey))}` };
  } catch (error) {
    log(LogLevel.error, Warnings.exactagFailed, error);
    return null;
  }
}

