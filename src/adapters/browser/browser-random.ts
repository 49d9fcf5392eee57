import type { IdGenerator, Random } from '../../ports/random';
import { attempt } from './attempt';

/** `Math.random`. */
export class BrowserRandom implements Random {
  next(): number {
    return Math.random();
  }
}

type CryptoLike = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

/**
 * A version-4 UUID from 16 random bytes. A plain loop: Prototype.js replaces `Array.from` with its
 * `$A`, which ignores a mapping function.
 */
export function uuidFromBytes(bytes: Uint8Array): string {
  let hex = '';
  for (let i = 0; i < 16; i += 1) {
    const byte = bytes[i] ?? 0;
    hex += (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte).toString(16).padStart(2, '0');
  }
  return hex.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-');
}

/**
 * Ids as UUIDs: `crypto.randomUUID` (secure contexts), else a v4 UUID from `crypto.getRandomValues`,
 * else from the injected Random (very old browsers).
 */
export class BrowserIdGenerator implements IdGenerator {
  readonly #getCrypto: () => CryptoLike | undefined;
  readonly #random: { next(): number };
  constructor(
    getCrypto: () => CryptoLike | undefined = () => globalThis.crypto,
    random: { next(): number } = new BrowserRandom(),
  ) {
    this.#getCrypto = getCrypto;
    this.#random = random;
  }

  next(): string {
    const crypto = attempt(this.#getCrypto);
    if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
    else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(this.#random.next() * 256);
    return uuidFromBytes(bytes);
  }
}
