import { attachmentProblem } from '../../../domain/support/contact-fields';
import type { DraftAttachment, FormDraft } from '../../../ports/draft-store';
import { TEXT_FIELDS, type ContactFormValues } from './contact-values';

const kept = new WeakMap<File, Promise<DraftAttachment>>();
/** The files whose bytes have been read: a draft of them can be made at once (on pagehide). */
const read = new WeakMap<File, DraftAttachment>();

/** A file as the draft store keeps it: bytes, name, type (read once per file, as soon as it is asked for). */
export function toDraftAttachment(file: File): Promise<DraftAttachment> {
  let pending = kept.get(file);
  if (!pending) {
    pending = file.arrayBuffer().then((buffer) => {
      const attachment = { name: file.name, type: file.type, lastModified: file.lastModified, bytes: new Uint8Array(buffer) };
      read.set(file, attachment);
      return attachment;
    });
    // A file that cannot be read is asked for again (and then fails the draft that needs it).
    pending.catch(() => kept.delete(file));
    kept.set(file, pending);
  }
  return pending;
}

// The Turkish legal notice is confirmed by the shopper each time, never by a restored draft.
const draftOf = (values: ContactFormValues, attachments: DraftAttachment[]): FormDraft => ({
  values: Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])),
  attachments,
});

/** The draft of the form's values, files included. */
export async function toDraft(values: ContactFormValues): Promise<FormDraft> {
  return draftOf(values, await Promise.all(values.attachments.map(toDraftAttachment)));
}

/**
 * The draft of the form's values made at once, with the files whose bytes have been read already and
 * the names of the others as missing (a page left before they were read asks for them again, as for
 * files the store could not keep); `complete` tells whether that is every file (the reading of the
 * missing ones is started).
 */
export function draftNow(values: ContactFormValues): { readonly draft: FormDraft; readonly complete: boolean } {
  const attachments: DraftAttachment[] = [];
  const missingFiles: string[] = [];
  for (const file of values.attachments) {
    const attachment = read.get(file);
    if (attachment) attachments.push(attachment);
    else {
      missingFiles.push(file.name);
      void toDraftAttachment(file).catch(() => {});
    }
  }
  const draft = draftOf(values, attachments);
  return { draft: missingFiles.length > 0 ? { ...draft, missingFiles } : draft, complete: missingFiles.length === 0 };
}

/**
 * The form values a stored draft gives back: its texts and choice (not the legal notice's tick, also
 * from a draft stored before it was left out), and its files rebuilt from their
 * bytes, as far as the domain's attachment rules let them in (a draft never brings in more than the
 * form would accept).
 */
export function fromDraft(draft: FormDraft): Partial<ContactFormValues> {
  const values: Partial<ContactFormValues> = {};
  for (const field of TEXT_FIELDS) {
    const value = draft.values[field];
    if (typeof value === 'string') values[field] = value;
  }
  const files: File[] = [];
  for (const stored of draft.attachments) {
    const file = new File([stored.bytes as Uint8Array<ArrayBuffer>], stored.name, {
      type: stored.type,
      lastModified: stored.lastModified,
    });
    if (attachmentProblem([...files, file]) === undefined) {
      files.push(file);
      const attachment = { name: stored.name, type: stored.type, lastModified: stored.lastModified, bytes: stored.bytes };
      read.set(file, attachment);
      kept.set(file, Promise.resolve(attachment));
    }
  }
  if (files.length > 0) values.attachments = files;
  return values;
}
