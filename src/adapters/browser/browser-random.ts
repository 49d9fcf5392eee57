import type { IdGenerator, Random } from '../../ports/random';

/** `Math.random`. */
export class BrowserRandom implements Random {
  next(): number {
    return Math.random();
  }
}

type CryptoLike = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A version-4 UUID from 16 random bytes. */
export function uuidFromBytes(bytes: Uint8Array): string {
  const b = Uint8Array.from(bytes.subarray(0, 16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
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
    let crypto: CryptoLike | undefined;
    try {
      crypto = this.#getCrypto();
    } catch {
      crypto = undefined;
    }
    if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
    const bytes = new Uint8Array(16);
    if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
    else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(this.#random.next() * 256);
    return uuidFromBytes(bytes);
  }
}
