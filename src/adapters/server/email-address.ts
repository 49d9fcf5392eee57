import { domainToUnicode } from 'node:url';

/**
 * The address as stored: a domain sent in its ASCII form (`xn--bcher-kva.de`, as Chromium sends what
 * the visitor typed as `bücher.de`) in the form typed, so one address is stored one way whatever the
 * browser. The part before the @ and any other domain are kept as sent.
 */
export function storedEmail(address: string): string {
  const at = address.lastIndexOf('@');
  const domain = address.slice(at + 1);
  if (at < 0 || !/(^|\.)xn--/i.test(domain)) return address;
  const typed = domainToUnicode(domain);
  return typed === '' ? address : `${address.slice(0, at + 1)}${typed}`;
}
