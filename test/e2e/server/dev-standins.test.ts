/** The DEV STAND-INS for the shop services the tracking library calls, over real HTTP. */
import { startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const getJson = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(server.url + path, { headers: { accept: 'application/json', ...headers } });
  expect(response.headers.get('x-dev-stand-in')).not.toBeNull();
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as Record<string, any> };
};

describe('psdata', () => {
  const PSDATA = '/service/customerfrontenddata/api/v1/psdata';

  it('answers an anonymous visitor by default', async () => {
    const { status, body } = await getJson(PSDATA, { 'x-site': 'DE' });
    expect(status).toBe(200);
    expect(body).toEqual({ customer: null, tracking: { loginStatus: 'LOGGED_OUT', customerTypes: [], channelCode: 'WEB' } });
  });

  it('answers a logged-in visitor for the dev_visitor cookie, and the visitor query wins over it', async () => {
    const loggedIn = await getJson(PSDATA, { cookie: 'OptanonConsent=x; dev_visitor=logged-in' });
    expect(loggedIn.body.tracking.loginStatus).toBe('LOGGED_IN');
    expect(loggedIn.body.customer).toMatchObject({ salutation: 'MRS', cardStatus: 'GOLD', age: 41 });

    expect((await getJson(`${PSDATA}?visitor=logged-in`)).body.tracking.loginStatus).toBe('LOGGED_IN');
    const overridden = await getJson(`${PSDATA}?visitor=anonymous`, { cookie: 'dev_visitor=logged-in' });
    expect(overridden.body.tracking.loginStatus).toBe('LOGGED_OUT');
  });

  it('/json/psdata answers the same visitor', async () => {
    expect((await getJson('/json/psdata')).body.tracking.loginStatus).toBe('LOGGED_OUT');
    expect((await getJson('/json/psdata', { cookie: 'dev_visitor=logged-in' })).body.tracking.loginStatus).toBe('LOGGED_IN');
  });
});

describe('product-id lookups', () => {
  it('single: a nine-digit id maps to 1 followed by it; any other id is a 404', async () => {
    expect(await getJson('/service/productdata/api/new-product-id?old_product_id=123456789')).toEqual({
      status: 200,
      body: { productId: '1123456789' },
    });
    for (const id of ['12345678', '1234567890', 'abcdefghi', '']) {
      expect((await getJson(`/service/productdata/api/new-product-id?old_product_id=${id}`)).status).toBe(404);
    }
  });

  it('batch: mappings for the nine-digit ids only, each once', async () => {
    const { status, body } = await getJson(
      '/service/productdata/api/new-product-ids?old_product_ids=123456789,42,987654321,123456789',
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      mappings: [
        { oldProductId: '123456789', newProductId: '1123456789' },
        { oldProductId: '987654321', newProductId: '1987654321' },
      ],
    });
    expect((await getJson('/service/productdata/api/new-product-ids')).body).toEqual({ mappings: [] });
  });
});

describe('switched off (DEV_STAND_INS=off)', () => {
  it('the paths answer a JSON 404, never a redirect to a page the tracking library would read as JSON', async () => {
    const bare = await startTestServer({ config: { devStandIns: false } });
    try {
      for (const path of [
        '/service/customerfrontenddata/api/v1/psdata',
        '/json/psdata',
        '/service/productdata/api/new-product-id?old_product_id=123456789',
        '/service/productdata/api/new-product-ids?old_product_ids=123456789',
      ]) {
        const response = await fetch(bare.url + path, { redirect: 'manual', headers: { accept: 'application/json' } });
        expect(response.status, path).toBe(404);
        expect(response.headers.get('x-dev-stand-in'), path).toBeNull();
        expect(await response.json(), path).toEqual({ error: 'notFound', message: 'Not found.' });
      }
      const collector = await fetch(bare.url + '/service/ttruth/publish', { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(collector.status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
