/**
 * POST /service/customersupportfrontend/api/cancellation (shared decisions, "Submissions"): an
 * `application/json` cancellation request, validated with the browser's schema
 * (`validateCancellation`: DACH sites only, a reason for an extraordinary cancellation), then stored
 * (a repeat of one stored in the last 24 hours is that one); `201 { id, receivedAt }`.
 */
import type { FastifyPluginAsync } from 'fastify';
import { bodyCompressed, charsetOf } from './body-encoding';
import { storedEmail } from './email-address';
import { storedText } from './stored-text';
import { wellFormed } from '../../domain/text/well-formed';
import { validateCancellation } from '../../domain/support/cancellation-request';
import { resolveLocale } from '../../domain/support/sites';
import { sendCreated, sendFieldErrors, sendProblem } from './http-answers';
import type { SubmissionRepository } from './submission-repository';

export const CANCELLATION_API_PATH = '/service/customersupportfrontend/api/cancellation';

/** Largest JSON body read (the schema's texts fit many times over); a larger one is refused 413. */
export const CANCELLATION_BODY_MAX_BYTES = 64 * 1024;

/**
 * The body with each text well formed: a JSON client that cut a string between the two halves of an
 * emoji escapes the half it kept. The multipart parser of the contact route does the same.
 */
const wellFormedTexts = (body: unknown): unknown =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.fromEntries(Object.entries(body).map(([key, value]) => [key, typeof value === 'string' ? wellFormed(value) : value]))
    : body;

export interface CancellationRouteOptions {
  readonly repository: SubmissionRepository;
}

/** An error the error handler answers by its code (`error-handler.ts`). */
const bodyError = (statusCode: number, code: string): Error => Object.assign(new Error(code), { statusCode, code });

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export const cancellationRoute: FastifyPluginAsync<CancellationRouteOptions> = async (app, { repository }) => {
  // Fastify's JSON reading, stricter: bytes that are not UTF-8 (or compressed) are refused instead of
  // stored with replacement characters, and a `__proto__` or `constructor.prototype` key is dropped like
  // any key the schema does not know, instead of refusing the body as "not valid JSON".
  const readJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if ((charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') || bodyCompressed(request.headers)) {
      return done(bodyError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE'), undefined);
    }
    let text: string;
    try {
      text = UTF8.decode(body);
    } catch {
      return done(bodyError(400, 'SUPPORT_BODY_NOT_UTF8'), undefined);
    }
    readJson(request, text, done);
  });

  app.post(CANCELLATION_API_PATH, { bodyLimit: CANCELLATION_BODY_MAX_BYTES }, async (request, reply) => {
    const type = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
    if (type !== 'application/json') return sendProblem(reply, 415, 'body.unsupportedType');

    const result = validateCancellation(wellFormedTexts(request.body));
    if (!result.ok) return sendFieldErrors(reply, 400, result.errors);

    const cancellation = result.value;
    const { id, receivedAt } = await repository.saveCancellation({
      site: cancellation.site,
      locale: resolveLocale(request.headers['x-locale']),
      cancellationType: cancellation.cancellationType,
      reason: storedText(cancellation.reason),
      customerNumber: storedText(cancellation.customerNumber),
      subscriptionId: storedText(cancellation.subscriptionId),
      firstName: storedText(cancellation.firstName),
      lastName: storedText(cancellation.lastName),
      email: storedEmail(cancellation.email),
    });
    return sendCreated(reply, id, receivedAt);
  });
};
