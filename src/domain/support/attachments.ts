/**
 * The contact form's attachment rules (support spec §5, §9): at most 3 files of at most 5 MB each, of
 * the types pdf, png, jpg, jpeg, jfif. They work on plain descriptors, so a browser `File` and a
 * server-side upload are judged alike, by the name as sent; the server also checks the content by its
 * magic number, and stores a name that is safe to save (`storedAttachmentName`).
 */
import { UNSEEN } from '../text/visible';

export const MAX_ATTACHMENTS = 3;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'jfif'] as const;

export type FileKind = 'pdf' | 'png' | 'jpeg';

/** What the rules read of a file (a browser `File` has these three properties). */
export interface FileDescriptor {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export const ATTACHMENT_MESSAGE_KEYS = [
  'attachments.tooMany',
  'attachments.tooLarge',
  'attachments.wrongType',
  'attachments.empty',
  // Ours, from the server only: an allowed name whose content is none of the kinds (a HEIC photo
  // renamed .jpg by a messenger), where 'choose a jpg, png or pdf' would contradict the name shown.
  'attachments.content',
  // Ours, for the browser only: a file deleted or moved on disk after it was chosen, and a file
  // chosen again.
  'attachments.unreadable',
  'attachments.duplicate',
] as const;
export type AttachmentMessageKey = (typeof ATTACHMENT_MESSAGE_KEYS)[number];

const KIND_OF_EXTENSION: Readonly<Record<string, FileKind>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  jfif: 'jpeg',
};

/** The standard MIME type of each kind, for an upload whose type the browser left empty. */
export const MIME_TYPE_OF_KIND: Readonly<Record<FileKind, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
};

/** The kind a file name's extension names (case-insensitive); `undefined` for any other name. */
export function kindOfFileName(name: unknown): FileKind | undefined {
  if (typeof name !== 'string') return undefined;
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = name.slice(dot + 1).toLowerCase();
  return Object.hasOwn(KIND_OF_EXTENSION, extension) ? KIND_OF_EXTENSION[extension] : undefined;
}

export const isFileDescriptor = (value: unknown): value is FileDescriptor => {
  if (value === null || typeof value !== 'object') return false;
  const { name, size, type } = value as Record<string, unknown>;
  return (
    typeof name === 'string' && typeof type === 'string' && typeof size === 'number' && Number.isFinite(size) && size >= 0
  );
};

/**
 * The kind each MIME type names, with the names some systems' type tables still give (Citrix desktops,
 * older Windows and macOS setups): the server checks the content whatever the name.
 */
const KIND_OF_MIME_TYPE: Readonly<Record<string, FileKind>> = {
  'application/pdf': 'pdf',
  'application/x-pdf': 'pdf',
  'application/acrobat': 'pdf',
  'application/vnd.pdf': 'pdf',
  'text/pdf': 'pdf',
  'text/x-pdf': 'pdf',
  'image/png': 'png',
  'image/x-png': 'png',
  'image/x-citrix-png': 'png',
  'image/jpeg': 'jpeg',
  'image/pjpeg': 'jpeg',
  'image/jpg': 'jpeg',
  'image/x-citrix-jpeg': 'jpeg',
  'image/x-citrix-pjpeg': 'jpeg',
};

/** An extension: a last dot and up to 5 letters and digits, one a letter ('12.03' or 'v.2 final' have none). */
const EXTENSION = /\.[a-z\d]{0,4}[a-z][a-z\d]{0,4}$/i;

/**
 * Whether a file has an allowed extension and a MIME type that fits it. A name without an extension
 * (some Android apps hand photos over as '1000012345') is judged by the type the browser reports.
 */
export function hasAllowedType(file: FileDescriptor): boolean {
  const mime = file.type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const kind = kindOfFileName(file.name) ?? (EXTENSION.test(file.name) ? undefined : ownKind(mime));
  // '' and application/octet-stream are what browsers and multipart parsers report for a type they do
  // not know (often .jfif): such a file with an allowed extension passes, judged by its content on the server.
  return kind !== undefined && (mime === '' || mime === 'application/octet-stream' || ownKind(mime) === kind);
}

const ownKind = (mime: string): FileKind | undefined => (Object.hasOwn(KIND_OF_MIME_TYPE, mime) ? KIND_OF_MIME_TYPE[mime] : undefined);

/** What is wrong with a list of attachments, and the position of the file it is about (none for too many files). */
export interface AttachmentRefusal {
  readonly key: AttachmentMessageKey;
  readonly index?: number;
}

/**
 * The first thing wrong with a list of attachments, or `undefined` when it is fine: per file in order a
 * wrong type (also for something that is not a file), no content at all (an empty file is none of the
 * allowed kinds, and says so more plainly than the type text) or a size over 5 MB; then more than 3
 * files. A file wrong on its own is named so: it would be refused again once there is room.
 */
export function attachmentRefusal(files: readonly unknown[]): AttachmentRefusal | undefined {
  for (const [index, file] of files.entries()) {
    if (!isFileDescriptor(file) || !hasAllowedType(file)) return { key: 'attachments.wrongType', index };
    if (file.size === 0) return { key: 'attachments.empty', index };
    if (file.size > MAX_ATTACHMENT_BYTES) return { key: 'attachments.tooLarge', index };
  }
  return files.length > MAX_ATTACHMENTS ? { key: 'attachments.tooMany' } : undefined;
}

/** The message key of {@link attachmentRefusal}. */
export const attachmentProblem = (files: readonly unknown[]): AttachmentMessageKey | undefined => attachmentRefusal(files)?.key;

const PDF_HEADER = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const MARKUP_OPEN = 0x3c; // <
const UTF8_BOM = [0xef, 0xbb, 0xbf];
const BLANK_BYTES = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/** Where a text's first character that is not white space is (after a UTF-8 byte order mark). */
const startOfText = (bytes: Uint8Array): number => {
  let at = hasAt(bytes, UTF8_BOM, 0) ? UTF8_BOM.length : 0;
  while (at < bytes.length && BLANK_BYTES.has(bytes[at] as number)) at += 1;
  return at;
};
const MAGIC_NUMBERS: readonly (readonly [FileKind, readonly number[]])[] = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]], // \x89PNG\r\n\x1a\n
  ['jpeg', [0xff, 0xd8, 0xff]],
];
/** PDF readers look for the header within the first 1024 bytes: some writers put a line or more before it. */
export const PDF_HEADER_WINDOW = 1024;

const hasAt = (bytes: Uint8Array, magic: readonly number[], at: number): boolean => magic.every((byte, i) => bytes[at + i] === byte);

/**
 * The kind a file's first bytes show (at least 8 bytes are needed for a PNG; a PDF's header may start
 * anywhere in the first {@link PDF_HEADER_WINDOW} bytes, unless the file starts as markup, with a `<`); `null` for any other content.
 */
export function sniffFileType(firstBytes: Uint8Array): FileKind | null {
  if (!(firstBytes instanceof Uint8Array)) return null;
  const match = MAGIC_NUMBERS.find(([, magic]) => hasAt(firstBytes, magic, 0));
  if (match) return match[0];
  const last = Math.min(firstBytes.length, PDF_HEADER_WINDOW) - PDF_HEADER.length;
  for (let at = 0; at <= last; at += 1) {
    // A line or a binary header may come first, never a document of markup: an HTML or SVG page
    // naming %PDF- in a comment would be stored as a PDF for whichever tool opens it.
    if (hasAt(firstBytes, PDF_HEADER, at)) {
      const text = startOfText(firstBytes);
      return text < at && firstBytes[text] === MARKUP_OPEN ? null : 'pdf';
    }
  }
  return null;
}

/** How many UTF-8 bytes a stored file name may take (the limit of common file systems, which count bytes). */
export const STORED_FILE_NAME_MAX_BYTES = 255;

const utf8Length = (text: string): number => {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
};

/** The longest start of `text` within `bytes` UTF-8 bytes that never cuts a letter from its marks or an emoji sequence apart. */
function startWithin(text: string, bytes: number): string {
  let start = '';
  let used = 0;
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)) {
    used += utf8Length(segment);
    if (used > bytes) break;
    start += segment;
  }
  return start;
}

/**
 * A file name as it is stored: without control and format characters (a NUL, an escape sequence, or a
 * direction override that makes 'Rechnung\u202Efdp.exe' read 'Rechnungexe.pdf' in the shop's tools),
 * trimmed, without final dots, composed (macOS names files decomposed), at most
 * {@link STORED_FILE_NAME_MAX_BYTES} bytes with its extension kept, so that a file system takes its
 * length and a tool does not save it as another type; 'attachment' when nothing is left. Characters
 * Windows refuses in names (`<>"|?*`, a backslash) and its device names (`CON.pdf`) are kept as typed:
 * a tool saving the file on Windows has to replace them.
 */
export function storedFileName(name: string): string {
  // A part up to a '/' is a path, never a name; a backslash is a character of the name. A ':' is '_':
  // Windows reads what follows it as a stream of the file before it ('Rechnung.html::$DATA' is saved
  // as 'Rechnung.html').
  const clean = withoutFinalDots(name.slice(name.lastIndexOf('/') + 1).replace(UNSEEN, '').replace(/:/g, '_').normalize('NFC'));
  if (clean === '') return 'attachment';
  if (utf8Length(clean) <= STORED_FILE_NAME_MAX_BYTES) return clean;
  const dot = clean.lastIndexOf('.');
  const extension = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  // The cut may end in a dot or a space again ('….exe yyy' cut after 'exe ').
  const start = withoutFinalDots(startWithin(clean.slice(0, clean.length - extension.length), STORED_FILE_NAME_MAX_BYTES - utf8Length(extension)));
  // One letter with hundreds of marks leaves nothing to keep.
  return `${start === '' ? 'attachment' : start}${extension}`;
}

/**
 * The name an attachment is stored by: {@link storedFileName}, with the extension of its content's kind
 * added when the name's own extension is none of the allowed ones ('Rechnung.exe.' as sent has none,
 * is judged by its type and content, and would be saved as 'Rechnung.exe'; it is stored as
 * 'Rechnung.exe.pdf'). A name without an extension (a phone's '1000012345') stays as it is.
 */
export function storedAttachmentName(name: string, kind: FileKind): string {
  const stored = storedFileName(name);
  return EXTENSION.test(stored) && kindOfFileName(stored) === undefined ? storedFileName(`${stored}.${kind === 'jpeg' ? 'jpg' : kind}`) : stored;
}

/** Trimmed, without final dots: Windows drops them as it saves a file, so 'Rechnung.exe.' would be saved runnable. */
const withoutFinalDots = (name: string): string => name.trim().replace(/[.\s]+$/, '');
