/**
 * The long-term token cookie (tracking spec §3 cookies): it holds sub, lid and tid. Accepted encodings:
 * plain JSON (also URL-encoded), a JWT-like `header.payload.signature` with a base64url JSON payload,
 * or the base64url JSON alone.
 */
import * as Warnings from '../warnings';
import { LogLevel, type LogSink } from '../log-buffer';
import { asRecord, toText } from './clean';
import { decodeBase64Url } from './base64url';

/** The token fields the first-party payload carries. */
export type LongTermToken = { sub?: string; lid?: string; tid?: string };

const TOKEN_KEYS = ['sub', 'lid', 'tid'] as const;

/**
 * sub, lid and tid of the cookie value (only those keys, only non-empty texts). An absent cookie gives
 * `{}`; an unparseable one logs 'The long-term token cookie could not be parsed.' and gives `{}`.
 * Never throws.
 */
export function parseLongTermToken(cookieValue: unknown, log: LogSink): LongTermToken {
  if (cookieValue === undefined || cookieValue === null || cookieValue === '') return {};
  const token = typeof cookieValue === 'string' ? pickToken(decodeToken(cookieValue.trim())) : {};
  if (Object.keys(token).length === 0) log(LogLevel.warn, Warnings.tokenCookieUnparseable);
  return token;
}

function decodeToken(text: string): unknown {
  for (const candidate of [text, decodeUriSafely(text)]) {
    if (candidate === undefined) continue;
    if (candidate.startsWith('{')) return readJson(candidate);
    const parts = candidate.split('.');
    const encoded = parts.length === 3 ? parts[1] : parts.length === 1 ? parts[0] : undefined;
    const decoded = encoded === undefined ? undefined : decodeBase64Url(encoded);
    if (decoded?.trimStart().startsWith('{')) return readJson(decoded);
  }
  return undefined;
}

function pickToken(parsed: unknown): LongTermToken {
  const record = asRecord(parsed);
  const token: LongTermToken = {};
  for (const key of TOKEN_KEYS) {
    const value = toText(record[key]);
    if (value !== undefined) token[key] = value;
  }
  return token;
}

function readJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function decodeUriSafely(text: string): string | undefined {
  try {
    const decoded = decodeURIComponent(text);
    return decoded === text ? undefined : decoded;
  } catch {
    return undefined;
  }
}
