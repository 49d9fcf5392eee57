/**
 * The `cotcs` source parameter (spec §2, §5): comma-separated source level 1, source level 2 and
 * feature, read into the matching fields of a product-history source record (sl1, sl2, sf).
 */
import { LogLevel, type LogSink } from './log-buffer';
import * as Warnings from './warnings';
import { toText } from './mapping/clean';
import { classifyReferrer, hostOf } from './referrer';
import { INTERNAL_HOSTS } from './sites';

/** The part of a product-history source record that cotcs (or its referrer fallback) provides. */
export interface CotcsSource {
  sl1: string;
  sl2?: string;
  sf?: string;
}

/**
 * The source from the referrer: sl1 is its class ('direct', 'internal', 'external'), sl2 its host
 * (absent when there is no parseable referrer).
 */
export const sourceFromReferrer = (referrer: unknown, internalHosts: readonly unknown[] = INTERNAL_HOSTS): CotcsSource => {
  const sl1 = classifyReferrer(referrer, internalHosts);
  const host = sl1 === 'direct' ? undefined : hostOf(referrer);
  return host === undefined ? { sl1 } : { sl1, sl2: host };
};

/**
 * Reads cotcs ("sl1,sl2[,feature]"; values trimmed, further values ignored). The first two values must
 * be non-empty; otherwise the cotcs-too-short warning is logged and the referrer is used. An absent or
 * blank cotcs falls back to the referrer without a warning: most pages carry none.
 */
export const parseCotcs = (
  value: unknown,
  referrer: unknown,
  log: LogSink,
  internalHosts: readonly unknown[] = INTERNAL_HOSTS,
): CotcsSource => {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return sourceFromReferrer(referrer, internalHosts);
  }
  const text = toText(value) ?? '';
  const [sl1 = '', sl2 = '', sf = ''] = text.split(',').map((part) => part.trim());
  if (sl1 === '' || sl2 === '') {
    log(LogLevel.warn, Warnings.cotcsTooShort(text), { cotcs: value });
    return sourceFromReferrer(referrer, internalHosts);
  }
  return sf === '' ? { sl1, sl2 } : { sl1, sl2, sf };
};
