import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * The address as stored, one way whatever the browser: a domain that is not plain ASCII in the form
 * Chromium's ASCII form reads (`xn--bcher-kva.de`, sent for what the visitor typed as `BÜCHER.DE`, is
 * `bücher.de`; other browsers send it as typed, in capitals or decomposed). The part before the @
 * and a plain ASCII domain are kept as sent, as every browser sends them. The Turkish capital İ is
 * `i` plus a dot above in the Unicode rules domains follow; a shopper typing `İSTANBUL.COM.TR` means
 * `istanbul.com.tr` (no registry hands out the dotted form), so the dot is dropped. The capital ẞ is
 * taken as the ß it writes in capitals (`MAẞ.DE` is `maß.de`, not `mass.de`).
 */
export function storedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  if (at < 0 || !/(^|\.)xn--|[^\x00-\x7f]/i.test(domain)) return address;
  // The capital ẞ (Caps Lock on a German keyboard) is ß: the domain rules would make it ss, another domain.
  const typed = domainToUnicode(domainToASCII(domain.replaceAll('\u1e9e', '\u00df'))).replaceAll('i\u0307', 'i');
  return typed === '' ? address : `${address.slice(0, at + 1)}${typed}`;
}
