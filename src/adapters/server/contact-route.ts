/**
 * POST /service/customersupportfrontend/api/contact (shared decisions, "Submissions"): a
 * `multipart/form-data` contact message, validated with the browser's schema (`validateContact`),
 * its files checked again by count, size and content, stored with its files in one transaction.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { bodyCompressed } from './body-encoding';
import { sentCrossSite } from './cross-site';
import { storedEmail } from './email-address';
import { storedText } from './stored-text';
import {
  CONTACT_FIELDS,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  attachmentRefusal,
  PDF_HEADER_WINDOW,
  sniffFileType,
  storedAttachmentName,
  validateContact,
  type ContactMessage,
  type FileKind,
} from '../../domain/support/contact-message';
import { DEFAULT_SITE, parseSite, resolveLocale } from '../../domain/support/sites';
import { sendCreated, sendFieldErrors, sendProblem } from './http-answers';
import { readMultipartForm, type FormProblem, type UploadedFile } from './multipart-form';
import type { AttachmentRecord, SubmissionRepository } from './submission-repository';
import { dropRefusedBody } from './refused-body';
import { uploadBudget } from './upload-budget';

export const CONTACT_API_PATH = '/service/customersupportfrontend/api/contact';

/** Largest text field read; a longer one is refused 413 (the schema's own limits are far lower). */
export const CONTACT_FIELD_MAX_BYTES = 64 * 1024;
/** Largest request accepted by its Content-Length: three full files and the text fields. */
export const CONTACT_BODY_MAX_BYTES = MAX_ATTACHMENTS * MAX_ATTACHMENT_BYTES + 1024 * 1024;

export interface ContactRouteOptions {
  readonly repository: SubmissionRepository;
  /** The most bytes of contact messages received at once (`uploadBudget`). */
  readonly receivingBytes: number;
}

const ATTACHMENTS = 'attachments';
const TEXT_FIELDS = CONTACT_FIELDS.filter((field) => field !== ATTACHMENTS);

const TOO_LONG_KEY: Readonly<Record<string, string>> = {
  question: 'question.tooLong',
  articleNumber: 'articleNumber.tooLong',
  firstName: 'firstName.tooLong',
  lastName: 'lastName.tooLong',
  email: 'email.tooLong',
};

function answerProblem(reply: FastifyReply, problem: FormProblem): FastifyReply {
  switch (problem.kind) {
    case 'tooManyFiles':
      return sendFieldErrors(reply, 413, { attachments: 'attachments.tooMany' });
    case 'fileTooLarge':
      return sendFieldErrors(reply, 413, { attachments: 'attachments.tooLarge' });
    case 'fieldTooLarge':
      return Object.hasOwn(TOO_LONG_KEY, problem.field)
        ? sendFieldErrors(reply, 413, { [problem.field]: TOO_LONG_KEY[problem.field] ?? 'invalid' })
        : sendProblem(reply, 413, 'body.tooLarge');
    case 'tooManyParts':
      return sendProblem(reply, 413, 'body.tooManyParts');
    case 'malformed':
      return sendProblem(reply, 400, 'body.malformed');
    case 'notUtf8':
      return sendProblem(reply, 400, 'body.notUtf8');
    case 'unsupportedCharset':
      return sendProblem(reply, 415, 'body.unsupportedType');
  }
}

/**
 * The kind of each file's content, and the positions of the files whose content is none of the
 * allowed kinds. The name only has to be an allowed one (the schema checks it): a JPEG called `.png`
 * is a picture all the same, as phones and messengers often name them.
 */
function checkedKinds(files: readonly UploadedFile[]): { kinds: FileKind[]; refused: number[] } {
  const kinds: FileKind[] = [];
  const refused: number[] = [];
  files.forEach((file, index) => {
    const sniffed = sniffFileType(file.content.subarray(0, PDF_HEADER_WINDOW));
    if (sniffed === null) refused.push(index);
    else kinds.push(sniffed);
  });
  return { kinds, refused };
}

const toRecordAttachments = (files: readonly UploadedFile[], kinds: readonly FileKind[]): AttachmentRecord[] =>
  files.map((file, i) => ({ fileName: storedAttachmentName(file.fileName, kinds[i] as FileKind), kind: kinds[i] as FileKind, content: file.content }));

/** The content type the contact endpoint takes (the multipart plugin reads its boundary). */
const MULTIPART = /^\s*multipart\/form-data\s*(;|$)/i;

export const contactRoute: FastifyPluginAsync<ContactRouteOptions> = async (app, { repository, receivingBytes }) => {
  const budget = uploadBudget(receivingBytes, CONTACT_BODY_MAX_BYTES);
  // Registered here, so only this route accepts multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    // A name as the browser sent it: busboy would cut 'Faktura 1\2.pdf' (a phone's file) at the
    // backslash as if it were a Windows path; no browser sends paths ('/' is cut by storedFileName).
    preservePath: true,
    limits: {
      files: MAX_ATTACHMENTS,
      fileSize: MAX_ATTACHMENT_BYTES,
      fields: TEXT_FIELDS.length * 2,
      fieldSize: CONTACT_FIELD_MAX_BYTES,
      fieldNameSize: 100,
      parts: TEXT_FIELDS.length * 2 + MAX_ATTACHMENTS + 1,
      headerPairs: 100,
    },
  });

  app.post(CONTACT_API_PATH, {
    onRequest: async (request, reply) => {
      if (sentCrossSite(request)) return sendProblem(reply, 403, 'request.crossSite');
      // The type before the size, and before any parser reads the body: a long JSON body was
      // answered 'too large' by the JSON parser's limit, not 'not multipart'.
      if (!MULTIPART.test(request.headers['content-type'] ?? '')) {
        dropRefusedBody(request);
        return sendProblem(reply, 415, 'body.unsupportedType');
      }
      const length = Number(request.headers['content-length']);
      if (Number.isFinite(length) && length > CONTACT_BODY_MAX_BYTES) {
        dropRefusedBody(request);
        return sendProblem(reply, 413, 'body.tooLarge');
      }
      return budget.admit(request, reply);
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) return sendProblem(reply, 415, 'body.unsupportedType');
      if (bodyCompressed(request.headers)) {
        request.raw.resume();
        return sendProblem(reply, 415, 'body.unsupportedType');
      }
      const form = await readMultipartForm(request);
      if (!form.ok) return answerProblem(reply, form.problem);

      const input: Record<string, unknown> = {};
      // A browser sends each line break of a text area as CRLF: counted and stored as the form has it, one '\n'.
      const unifyLineBreaks = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);
      for (const field of TEXT_FIELDS) if (form.fields.has(field)) input[field] = unifyLineBreaks(form.fields.get(field));
      const attachments = form.files.filter((file) => file.fieldName === ATTACHMENTS);
      const strayFile = attachments.length !== form.files.length || form.fields.has(ATTACHMENTS);
      // Judged by the name as sent, as the page judges it; the name stored is made safe to save (storedAttachmentName).
      input[ATTACHMENTS] = attachments.map((file) => ({
        name: file.fileName,
        size: file.content.byteLength,
        type: file.declaredType,
      }));

      const site = parseSite(input.site) ?? DEFAULT_SITE;
      const result = validateContact(site, input);
      const errors: Record<string, string> = result.ok ? {} : { ...result.errors };
      const { kinds, refused: refusedContent } = checkedKinds(attachments);
      let refused: readonly number[] = [];
      if (errors.attachments !== undefined) {
        const refusal = attachmentRefusal(input[ATTACHMENTS] as unknown[]);
        if (refusal?.key === errors.attachments && refusal.index !== undefined) refused = [refusal.index];
      } else if (strayFile) {
        errors.attachments = 'attachments.wrongType';
      } else if (refusedContent.length > 0) {
        errors.attachments = 'attachments.content';
        refused = refusedContent;
      }
      // A field sent twice is neither value: its error says so, where the schema would call it missing.
      for (const field of TEXT_FIELDS) if (Array.isArray(form.fields.get(field))) errors[field] = 'invalid';
      if (!result.ok || Object.keys(errors).length > 0) {
        return sendFieldErrors(reply, 400, errors, refused);
      }

      const message: ContactMessage = result.value;
      const id = await repository.saveContact({
        site: message.site,
        locale: resolveLocale(request.headers['x-locale']),
        topic: message.topic,
        question: storedText(message.question),
        articleNumber: storedText(message.articleNumber),
        firstName: storedText(message.firstName),
        lastName: storedText(message.lastName),
        email: storedEmail(message.email),
        legalConsent: message.legalConsent,
        attachments: toRecordAttachments(attachments, kinds),
      });
      return sendCreated(reply, id);
    },
  });
};
