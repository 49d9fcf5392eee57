/**
 * Paths under `/service/customersupportfrontend/api/` are never a page nor a redirect: an unknown one
 * answers a JSON 404, a known endpoint asked with another method a JSON 405 naming the allowed
 * methods in `Allow` (shared decisions: `{ "error": ..., "message": ... }`).
 */
import { CANCELLATION_URL, CONTACT_URL, startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const send = async (path: string, method = 'GET') => {
  const response = await fetch(server.url + path, { method, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    allow: response.headers.get('allow'),
    location: response.headers.get('location'),
    type: response.headers.get('content-type') ?? '',
    body: text === '' ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
};

describe('a submission endpoint asked with another method', () => {
  it.each([
    [CONTACT_URL, 'GET'],
    [CONTACT_URL, 'PUT'],
    [CONTACT_URL, 'DELETE'],
    [CANCELLATION_URL, 'GET'],
    [CANCELLATION_URL, 'PATCH'],
  ])('%s %s answers 405 with Allow: POST and the JSON error body', async (path, method) => {
    const answer = await send(path, method);
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('POST');
    expect(answer.location).toBeNull();
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: 'methodNotAllowed', message: expect.stringMatching(/\S/) });
  });

  it('HEAD gets the 405 and Allow header too, without a body', async () => {
    const answer = await send(CONTACT_URL, 'HEAD');
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('POST');
    expect(answer.body).toBeUndefined();
  });
});

describe('an unknown API path', () => {
  it.each([
    ['/service/customersupportfrontend/api/', 'GET'],
    ['/service/customersupportfrontend/api', 'GET'],
    ['/service/customersupportfrontend/api/feedback', 'GET'],
    ['/service/customersupportfrontend/api/contact/extra?site=tr', 'GET'],
    ['/Service/CustomerSupportFrontend/API/nothing', 'GET'],
    ['/service/customersupportfrontend/api/feedback', 'POST'],
  ])('%s (%s) answers a JSON 404, never a redirect', async (path, method) => {
    const answer = await send(path, method);
    expect(answer.status).toBe(404);
    expect(answer.location).toBeNull();
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.body).toEqual({ error: 'notFound', message: 'Not found.' });
  });
});

describe('other routes asked with another method', () => {
  it('answer 405 naming the methods they take; page paths keep their redirect', async () => {
    const health = await send('/healthz', 'POST');
    expect(health.status).toBe(405);
    expect(health.allow).toBe('GET, HEAD');
    const page = await send('/service/customersupportfrontend/foo');
    expect(page.status).toBe(302);
    expect(page.location).toBe('/contact');
  });

  it.each([
    ['/contact', 'POST'],
    ['/cancellation?site=de', 'PUT'],
    ['/m/contact', 'DELETE'],
    ['/service/customersupportfrontend/cancellation/success', 'PATCH'],
  ])('a page, %s asked with %s, answers 405 with Allow: GET, HEAD', async (path, method) => {
    const answer = await send(path, method);
    expect(answer.status).toBe(405);
    expect(answer.allow).toBe('GET, HEAD');
    expect(answer.body).toEqual({ error: 'methodNotAllowed', message: expect.stringMatching(/\S/) });
  });
});

describe('paths that only look like a probe', () => {
  const navigate = (path: string) => fetch(server.url + path, { redirect: 'manual', headers: { accept: 'text/html' } });
  it.each(['/status.html', '/health.pdf', '/ping.txt'])('%s is a missing file: a navigation gets the not-found page', async (path) => {
    const answer = await navigate(path);
    expect(answer.status).toBe(404);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
  });
  it.each(['/status/order-4711', '/health-insurance', '/statusbericht'])('%s is an unknown path: it redirects to the contact page', async (path) => {
    const answer = await navigate(path);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toMatch(/\/contact/);
  });
});

describe('the health check asked by another spelling', () => {
  // A probe set up as `/healthz/` or `/HEALTHZ` was redirected to the contact page, which answers 200:
  // it found the instance healthy whatever its store. It fails instead, and the operator sees why.
  // So is a probe set up with another platform's usual path (Kubernetes counts a 3xx as healthy).
  it.each([
    '/healthz/', '/HEALTHZ', '/Healthz/', '/healthz/ready', '//healthz', '/healthz;x', '/healthz.', '/healthz%20',
    '/health', '/health/ready', '/healthcheck', '/health-check', '/health_check', '/ready', '/readyz', '/readiness', '/live', '/livez',
    '/liveness', '/status', '/ping', '/up', '/heartbeat', '/_health', '/-/healthy', '/q/health', '/api/health', '/api/v1/health',
    '/actuator/health', '/service/customersupportfrontend/healthz', '/m/health',
  ])('%s answers a JSON 404, never a redirect to a page', async (path) => {
    const answer = await send(path);
    expect(answer.status).toBe(404);
    expect(answer.location).toBeNull();
    expect(answer.body).toEqual({ error: 'notFound', message: 'Not found.' });
  });
});
