import { toUnicode } from 'punycode/punycode.es6.js';

/** Signs a domain shown to the shopper must not hold (the server refuses such a domain and keeps its ASCII form). */
const UNSEEN = /[\p{Cf}\p{Cc}]/u;

/**
 * The address as the shopper typed it: Chromium hands the form a domain in other letters in its ASCII
 * form (`xn--bcher-kva.de` for `bücher.de`), which the server stores back in its letters (its rule:
 * src/adapters/server/email-address.ts). A Turkish capital İ is `i` there, as the server stores it.
 */
export function readableEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  if (at < 0 || !/(^|\.)xn--/i.test(domain)) return address;
  try {
    const typed = toUnicode(domain.toLowerCase()).replaceAll('i\u0307', 'i');
    return UNSEEN.test(typed) ? address : `${address.slice(0, at + 1)}${typed}`;
  } catch {
    return address; // not valid punycode: shown as it was sent
  }
}
