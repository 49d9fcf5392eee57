/** Base64 / base64url to UTF-8 text without browser or Node globals (the domain has neither `atob` nor `Buffer`). */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/**
 * The UTF-8 text encoded in base64 or base64url (padding optional), or `undefined` when the input is
 * not valid base64 or its bytes are not valid UTF-8. Never throws.
 */
export function decodeBase64Url(encoded: string): string | undefined {
  const normalized = encoded.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (normalized.length % 4 === 1 || !/^[A-Za-z0-9+/]*$/.test(normalized)) return undefined;
  let percentEncoded = '';
  let buffer = 0;
  let bits = 0;
  for (const char of normalized) {
    // The pattern test above admits only alphabet characters, so every index is found.
    buffer = (buffer << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      percentEncoded += '%' + ((buffer >> bits) & 0xff).toString(16).padStart(2, '0');
    }
  }
  try {
    return decodeURIComponent(percentEncoded);
  } catch {
    return undefined;
  }
}
