import { toUnicode } from 'punycode/punycode.es6.js';

/**
 * The address as the shopper typed it: Chromium hands the form a domain in other letters in its ASCII
 * form (`xn--bcher-kva.de` for `bücher.de`), which the server stores back in its letters. A Turkish
 * capital İ is `i` there, as the server stores it (src/adapters/server/email-address.ts).
 */
export function readableEmail(address: string): string {
  try {
    return toUnicode(address).replaceAll('i\u0307', 'i');
  } catch {
    return address; // not valid punycode: shown as it was sent
  }
}
