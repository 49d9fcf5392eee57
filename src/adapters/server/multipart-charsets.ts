/**
 * The charsets of a multipart form's text parts. Browsers send every text part in UTF-8 and name no
 * charset; other programs may name one in the part's header (`Content-Type: text/plain;
 * charset=ISO-8859-1`, a Java client's default). busboy reads a part after its label but knows only
 * a few (any other it reads as UTF-8, putting U+FFFD for each byte it cannot read) and hands over no
 * label, so the part headers are read here as the body passes, and each text part is decoded after
 * its own label: bytes that are no text in it are refused, never stored with U+FFFD.
 */
import type { FastifyRequest } from 'fastify';
import { charsetOf } from './body-encoding';

/** The charset each text part names (undefined: none), by part name, in the order of the body. */
export type PartCharsets = ReadonlyMap<string, readonly (string | undefined)[]>;

/** What the part headers say: the text parts' charsets, and whether a file's name is bytes that are no UTF-8. */
export interface PartHeaders {
  readonly charsets: PartCharsets;
  /**
   * A file part's name whose bytes are no UTF-8 (a Latin-1 client's `Rückgabe.pdf`): busboy reads it
   * with U+FFFD, which it cannot be told from a U+FFFD in the name itself by the name it hands over.
   */
  readonly fileNameNotUtf8: boolean;
}

/** A part header block longer than this is no form's (busboy refuses the body): it is not waited for. */
const MAX_HEADER_CHARS = 16 * 1024;

/** Labels busboy reads one character per byte (its Latin-1 reading): decoded again here after the label. */
const READ_AS_BYTES = new Set([
  'latin1', 'ascii', 'us-ascii', 'iso-8859-1', 'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987',
  'windows-1252', 'cp1252', 'x-cp1252',
]);
/** Labels busboy decodes right itself. */
const DECODED_BY_BUSBOY = new Set(['utf-8', 'utf8', 'utf16le', 'utf-16le', 'ucs2', 'ucs-2']);

/**
 * Watches the body for the part headers (after each `--<boundary>` line) and answers, once it has been
 * read, the charset each text part named, and whether a file's name is no UTF-8. Parts with a file name
 * are files: their bytes are theirs.
 */
export function watchPartHeaders(request: FastifyRequest, boundary: string | undefined): () => PartHeaders {
  const charsets = new Map<string, (string | undefined)[]>();
  let fileNameNotUtf8 = false;
  const answer = (): PartHeaders => ({ charsets, fileNameNotUtf8 });
  if (boundary === undefined) return answer;
  const delimiter = `--${boundary}\r\n`;
  let pending = '';
  request.raw.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    for (;;) {
      const start = pending.indexOf(delimiter);
      if (start < 0) {
        pending = pending.slice(-(delimiter.length - 1));
        return;
      }
      // A part without headers ends its header block at once: the delimiter's CRLF is the first of two.
      const end = pending.indexOf('\r\n\r\n', start + delimiter.length - 2);
      if (end < 0) {
        pending = pending.length - start > MAX_HEADER_CHARS ? '' : pending.slice(start);
        return;
      }
      if (notePart(charsets, pending.slice(start + delimiter.length, end)) === 'fileNameNotUtf8') fileNameNotUtf8 = true;
      pending = pending.slice(end + 4);
    }
  });
  return answer;
}

function notePart(charsets: Map<string, (string | undefined)[]>, head: string): 'fileNameNotUtf8' | undefined {
  const lines = head.split('\r\n');
  const disposition = lines.find((line) => /^content-disposition\s*:/i.test(line));
  if (disposition === undefined) return undefined;
  if (/;\s*filename\*?\s*=/i.test(disposition)) return fileNameBytesAreUtf8(disposition) ? undefined : 'fileNameNotUtf8';
  const name = /;\s*name\s*=\s*(?:"([^"]*)"|([^;\s]+))/i.exec(disposition)?.slice(1).find((value) => value !== undefined);
  if (name === undefined) return undefined;
  const type = lines.find((line) => /^content-type\s*:/i.test(line));
  charsets.set(name, [...(charsets.get(name) ?? []), charsetOf(type)]);
  return undefined;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const isUtf8 = (bytes: Buffer): boolean => {
  try {
    UTF8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether the file names the header gives (their bytes, one character each here) are UTF-8: the plain
 * `filename`, and an extended `filename*=utf-8''…` (percent-decoded). A name in another charset it
 * names is busboy's to read.
 */
function fileNameBytesAreUtf8(disposition: string): boolean {
  const extended = /;\s*filename\*\s*=\s*([^';\s]*)'[^']*'([^;\s]*)/i.exec(disposition);
  if (extended && /^utf-?8$/i.test(extended[1] ?? '')) {
    const bytes = Buffer.from((extended[2] ?? '').replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1');
    if (!isUtf8(bytes)) return false;
  }
  const plain = /;\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/i.exec(disposition);
  return isUtf8(Buffer.from(plain?.[1] ?? plain?.[2] ?? '', 'latin1'));
}

/**
 * The characters of the bytes 0x80-0x9F in windows-1252 (the five it leaves undefined stay as they
 * are). Node's TextDecoder reads that label as ISO-8859-1, control characters there, so a `€` was lost.
 */
const CP1252_80_9F = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/** Bytes (one character each) read as windows-1252, as WHATWG reads every Latin-1 label and a browser a page so labelled. */
const windows1252 = (bytes: string): string =>
  bytes.replace(/[\u0080-\u009f]/g, (char) => CP1252_80_9F[char.charCodeAt(0) - 0x80] ?? char);

/** Why a text part cannot be read: bytes that are no text in its charset, or a charset not read here. */
export type TextProblem = 'notUtf8' | 'unsupportedCharset';

/**
 * A text part's value as busboy handed it (a part without a label one character per byte: the form's
 * reading sets `defCharset` latin1), decoded after the part's label.
 */
export function decodeTextPart(value: string, charset: string | undefined): { readonly text: string } | { readonly problem: TextProblem } {
  if (charset === undefined) {
    try {
      return { text: UTF8.decode(Buffer.from(value, 'latin1')) };
    } catch {
      return { problem: 'notUtf8' };
    }
  }
  // busboy puts U+FFFD for bytes that are no text in the label (Latin-1 bytes labelled UTF-8, a cut
  // UTF-16 pair); in a labelled part it cannot be told from one the sender meant, and is refused.
  if (DECODED_BY_BUSBOY.has(charset)) return value.includes('\ufffd') ? { problem: 'notUtf8' } : { text: value };
  if (READ_AS_BYTES.has(charset)) return { text: windows1252(value) };
  return { problem: 'unsupportedCharset' };
}
