/**
 * DEV STAND-INS. In production these paths belong to the shop's own services; the reference backend
 * answers them only in development and tests, so the tracking library has something to call. Every
 * answer carries `x-dev-stand-in` and is never cached.
 *
 * - GET /service/customerfrontenddata/api/v1/psdata: an anonymous visitor, or a logged-in one when
 *   the cookie `dev_visitor=logged-in` is sent (a `?visitor=logged-in|anonymous` query wins over it).
 * - GET /json/psdata: the same customer data in the page-data form.
 * - GET /service/productdata/api/new-product-id?old_product_id=: `{ productId }`, 404 for an id that
 *   is not nine digits.
 * - GET /service/productdata/api/new-product-ids?old_product_ids=a,b: `{ mappings: [{ oldProductId,
 *   newProductId }] }` for the nine-digit ids among them.
 * The new id of a nine-digit id is '1' followed by it (`123456789` -> `1123456789`), always.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { NEW_PRODUCT_IDS_PATH, NEW_PRODUCT_ID_PATH } from '../../domain/tracking/product-id-lookup';
import { isConvertibleProductId } from '../../domain/tracking/product-ids';
import { sendProblem } from './http-answers';

export const PSDATA_PATH = '/service/customerfrontenddata/api/v1/psdata';
export const JSON_PSDATA_PATH = '/json/psdata';
export const VISITOR_COOKIE = 'dev_visitor';
export type DevVisitor = 'anonymous' | 'logged-in';

/** Most ids one batch lookup answers (the library sends 24). */
const MAX_BATCH_IDS = 100;

export const ANONYMOUS_VISITOR = {
  customer: null,
  tracking: { loginStatus: 'LOGGED_OUT', customerTypes: [], channelCode: 'WEB' },
} as const;

// Invented data of an invented customer (a stand-in, not a person).
export const LOGGED_IN_VISITOR = {
  customer: {
    age: 41,
    salutation: 'MRS',
    anonymousZip: '20095',
    identifiers: { partnerGuid: 'dev-standin-partner-guid-0001' },
    email: { base64: 'ZGV2LnN0YW5kaW5AZXhhbXBsZS5jb20=', sha256: 'dev-standin-email-sha256' },
    statuses: { isScoutUser: false, isCommunityMember: true, isNewsletterSubscriber: true, isAppUser: false },
    cardStatus: 'GOLD',
  },
  tracking: {
    loginStatus: 'LOGGED_IN',
    customerTypes: ['coffee-subscriber'],
    customerValueSegments: { overall: 'A', coffee: 'A', cafissimo: 'C', mobil: 'none', nonfood: 'B', travel: 'none' },
    channelCode: 'WEB',
  },
} as const;

/** The stand-in's new id for a nine-digit old id; `undefined` for any other value. */
export const standInProductId = (oldId: unknown): string | undefined =>
  isConvertibleProductId(oldId) ? `1${oldId}` : undefined;

const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const pair of header?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
};

/** Which visitor a request asks for: the `visitor` query, else the `dev_visitor` cookie, else anonymous. */
export function visitorOf(request: FastifyRequest): DevVisitor {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = typeof query?.visitor === 'string' ? query.visitor : cookieValue(request.headers.cookie, VISITOR_COOKIE);
  return asked === 'logged-in' ? 'logged-in' : 'anonymous';
}

const standIn = (reply: FastifyReply, name: string): FastifyReply =>
  reply.header('x-dev-stand-in', name).header('cache-control', 'no-store');

const visitorData = (request: FastifyRequest) =>
  visitorOf(request) === 'logged-in' ? LOGGED_IN_VISITOR : ANONYMOUS_VISITOR;

export const devStandIns: FastifyPluginAsync = async (app) => {
  app.get(PSDATA_PATH, async (request, reply) => standIn(reply, 'psdata').send(visitorData(request)));

  app.get(JSON_PSDATA_PATH, async (request, reply) => standIn(reply, 'json-psdata').send(visitorData(request)));

  app.get(NEW_PRODUCT_ID_PATH, async (request, reply) => {
    const { old_product_id: oldId } = (request.query ?? {}) as Record<string, unknown>;
    const productId = standInProductId(oldId);
    standIn(reply, 'product-id');
    return productId === undefined ? sendProblem(reply, 404, 'notFound') : reply.send({ productId });
  });

  app.get(NEW_PRODUCT_IDS_PATH, async (request, reply) => {
    const { old_product_ids: list } = (request.query ?? {}) as Record<string, unknown>;
    const ids = typeof list === 'string' ? list.split(',', MAX_BATCH_IDS).map((id) => id.trim()) : [];
    const mappings = [...new Set(ids)].flatMap((oldProductId) => {
      const newProductId = standInProductId(oldProductId);
      return newProductId === undefined ? [] : [{ oldProductId, newProductId }];
    });
    return standIn(reply, 'product-ids').send({ mappings });
  });
};
