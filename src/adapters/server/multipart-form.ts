/**
 * Reads a `multipart/form-data` request through @fastify/multipart into its text fields and its files
 * (held in memory: they are small and capped), turning the plugin's limit errors into outcomes a route
 * can answer. The limits are set where the plugin is registered.
 */
import type { FastifyRequest } from 'fastify';
import { decodeTextPart, watchPartHeaders, type PartCharsets } from './multipart-charsets';

export interface UploadedFile {
  readonly fieldName: string;
  readonly fileName: string;
  /** The content type the client declared; never trusted for the file's kind. */
  readonly declaredType: string;
  readonly content: Buffer;
}

export type FormProblem =
  | { readonly kind: 'tooManyFiles' }
  | { readonly kind: 'fileTooLarge' }
  | { readonly kind: 'fieldTooLarge'; readonly field: string }
  | { readonly kind: 'tooManyParts' }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'notUtf8' }
  | { readonly kind: 'unsupportedCharset' };

export type FormReading =
  | {
      readonly ok: true;
      /** Text fields by name; a name sent twice holds every value in order. */
      readonly fields: ReadonlyMap<string, string | string[]>;
      readonly files: readonly UploadedFile[];
    }
  | { readonly ok: false; readonly problem: FormProblem };

const PROBLEM_OF_CODE: Readonly<Record<string, FormProblem>> = {
  FST_FILES_LIMIT: { kind: 'tooManyFiles' },
  FST_REQ_FILE_TOO_LARGE: { kind: 'fileTooLarge' },
  FST_FIELDS_LIMIT: { kind: 'tooManyParts' },
  FST_PARTS_LIMIT: { kind: 'tooManyParts' },
  FST_PROTO_VIOLATION: { kind: 'malformed' },
  FST_INVALID_JSON_FIELD_ERROR: { kind: 'malformed' },
};

const problemOf = (error: unknown): FormProblem | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && Object.hasOwn(PROBLEM_OF_CODE, code)) return PROBLEM_OF_CODE[code];
  // busboy's own errors for a broken body ("Unexpected end of form", a missing boundary, ...); a
  // programming error (TypeError, ...) is not the client's fault and goes on to the error handler.
  const programming = error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError;
  if (error instanceof Error && code === undefined && !programming) return { kind: 'malformed' };
  return undefined;
};

const addField = (fields: Map<string, string | string[]>, name: string, value: string): void => {
  const previous = fields.get(name);
  if (previous === undefined) fields.set(name, value);
  else fields.set(name, Array.isArray(previous) ? [...previous, value] : [previous, value]);
};

/**
 * Reads every part; a file part is buffered before the next part is read. Never throws for bad input.
 * After a problem the rest of the body is read and dropped, so the answer reaches the client and the
 * connection stays usable (the plugin stops reading at a limit, which would stall a kept-alive socket).
 */
export async function readMultipartForm(request: FastifyRequest): Promise<FormReading> {
  const closed = watchForClosingDelimiter(request);
  const headers = watchPartHeaders(request, boundaryOf(request.headers['content-type']));
  const reading = await readParts(request);
  if (!reading.ok) request.raw.resume();
  // The plugin ends the parts quietly at an unexpected end of the body: a form cut off between two
  // parts (a proxy's fault, a client gone) would be taken as whole, its later parts lost behind a 201.
  if (reading.ok && !closed()) return { ok: false, problem: { kind: 'malformed' } };
  // A form always has parts (a browser sends its empty fields too): none read means a body framed
  // wrongly (LF line ends, an empty boundary), not a form whose every field is missing.
  if (reading.ok && reading.fields.size === 0 && reading.files.length === 0) return { ok: false, problem: { kind: 'malformed' } };
  if (!reading.ok) return reading;
  const { fileNameNotUtf8, charsets } = headers();
  // Refused as a text part's bytes are, not a name stored with the letters lost (U+FFFD).
  if (fileNameNotUtf8 && reading.files.some((file) => file.fileName.includes('\ufffd'))) return { ok: false, problem: { kind: 'notUtf8' } };
  return decodedTexts(reading, charsets);
}

/**
 * The text fields decoded after their parts' charsets (`multipart-charsets.ts`); a part whose bytes
 * are no text in its charset, or that names a charset not read here, refuses the form.
 */
function decodedTexts(reading: Extract<FormReading, { ok: true }>, charsets: PartCharsets): FormReading {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of reading.fields) {
    const labels = charsets.get(name) ?? [];
    const texts: string[] = [];
    for (const [index, text] of (Array.isArray(value) ? value : [value]).entries()) {
      const decoded = decodeTextPart(text, labels[index]);
      if ('problem' in decoded) return { ok: false, problem: { kind: decoded.problem } };
      texts.push(decoded.text);
    }
    fields.set(name, Array.isArray(value) ? texts : texts[0]!);
  }
  return { ...reading, fields };
}

/** How much of the body's end is kept to find the closing delimiter (and a short epilogue after it). */
const TAIL_BYTES = 1024;

/** The boundary of a `multipart/form-data` content type (quoted or not), if it names one. */
const boundaryOf = (contentType: string | undefined): string | undefined =>
  /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '')?.slice(1).find((value) => value !== undefined);

/**
 * Keeps the last bytes of the body as it is read; answers whether they hold the closing delimiter
 * (`--<boundary>--`), the mark of a body that arrived whole.
 */
function watchForClosingDelimiter(request: FastifyRequest): () => boolean {
  const boundary = boundaryOf(request.headers['content-type']);
  // Without a boundary the plugin refuses the body itself.
  if (boundary === undefined) return () => true;
  const delimiter = Buffer.from(`--${boundary}--`, 'latin1');
  const keep = delimiter.length + TAIL_BYTES;
  let tail = Buffer.alloc(0);
  request.raw.on('data', (chunk: Buffer) => {
    tail = Buffer.concat([tail, chunk.subarray(-keep)]).subarray(-keep);
  });
  return () => tail.includes(delimiter);
}

/**
 * A part's file name as the browser read it: the HTML form encoding writes '"', CR and LF in the part
 * header as %22, %0D and %0A ('Rechnung "März".pdf' arrives as 'Rechnung %22März%22.pdf') and nothing
 * else, so exactly these three are turned back (a '%' of the name itself is sent as it is).
 */
const headerFileName = (name: string): string =>
  name.replace(/%(22|0D|0A)/gi, (_, code: string) => String.fromCharCode(Number.parseInt(code, 16)));

async function readParts(request: FastifyRequest): Promise<FormReading> {
  const fields = new Map<string, string | string[]>();
  const files: UploadedFile[] = [];
  try {
    // Text parts as bytes, decoded by decodedTexts (busboy would put U+FFFD for bytes that are no UTF-8).
    for await (const part of request.parts({ defCharset: 'latin1' })) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // An empty file input is sent as a nameless, empty part: no file was chosen.
        if (part.filename === '' && content.byteLength === 0) continue;
        files.push({ fieldName: part.fieldname, fileName: headerFileName(part.filename), declaredType: part.mimetype, content });
      } else {
        if (part.fieldnameTruncated) return { ok: false, problem: { kind: 'malformed' } };
        if (part.valueTruncated) return { ok: false, problem: { kind: 'fieldTooLarge', field: part.fieldname } };
        addField(fields, part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
      }
    }
  } catch (error) {
    const problem = problemOf(error);
    if (problem) return { ok: false, problem };
    throw error;
  }
  return { ok: true, fields, files };
}
