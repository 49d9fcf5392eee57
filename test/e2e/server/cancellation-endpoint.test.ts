/**
 * POST /service/customersupportfrontend/api/cancellation over real HTTP: DACH requests are stored,
 * everything else is refused with the right status and nothing written.
 */
import { gzipSync } from 'node:zlib';
import { CANCELLATION_URL, VALID_CANCELLATION, startTestServer, type TestServer } from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (body: string, contentType = 'application/json', headers: Record<string, string> = {}) =>
  fetch(server.url + CANCELLATION_URL, { method: 'POST', body, headers: { 'content-type': contentType, ...headers } });

async function expectRefused(body: string, status: number, contentType?: string) {
  const before = server.counts();
  const response = await post(body, contentType);
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(text).not.toMatch(/<script|\bat .*\.(ts|js):\d+|SyntaxError|Unexpected token/);
  expect(server.counts()).toEqual(before);
  return JSON.parse(text) as Record<string, unknown>;
}

describe('a valid cancellation', () => {
  it('an ordinary one is stored before the 201 answer', async () => {
    const response = await post(JSON.stringify(VALID_CANCELLATION), 'application/json; charset=utf-8', { 'x-locale': 'de-CH' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT * FROM cancellation_submissions WHERE id = ?', id)).toEqual([
      expect.objectContaining({
        site: 'de',
        locale: 'de-CH',
        cancellation_type: 'ordinary',
        reason: null,
        customer_number: '40012345',
        subscription_id: 'ABO-778899',
        first_name: 'Erika',
        last_name: 'Mustermann',
        email: 'erika.mustermann@example.com',
      }),
    ]);
  });

  it('answers when it was stored, as the row says', async () => {
    const response = await post(JSON.stringify({ ...VALID_CANCELLATION, email: 'stored.at@example.com' }));
    expect(response.status).toBe(201);
    const { id, receivedAt } = (await response.json()) as { id: string; receivedAt: string };
    expect(server.query('SELECT received_at FROM cancellation_submissions WHERE id = ?', id)).toEqual([{ received_at: receivedAt }]);
    expect(Date.parse(receivedAt)).not.toBeNaN();
  });

  it('a cancellation sent again (its answer was lost) is the stored one: the same id and time, one row', async () => {
    const body = JSON.stringify({ ...VALID_CANCELLATION, email: 'sent.twice@example.com', cancellationType: 'extraordinary', reason: 'Umzug' });
    const first = (await (await post(body)).json()) as { id: string; receivedAt: string };
    const again = await post(body, 'application/json', { 'x-locale': 'de-AT' });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect(server.query('SELECT id FROM cancellation_submissions WHERE email = ?', 'sent.twice@example.com')).toEqual([{ id: first.id }]);
    // Another reason is another cancellation.
    const other = (await (await post(JSON.stringify({ ...JSON.parse(body), reason: 'Krankheit' }))).json()) as { id: string };
    expect(other.id).not.toBe(first.id);
  });

  it('an extraordinary cancellation after an ordinary one with the same details and reason is another cancellation, stored', async () => {
    const ordinary = { ...VALID_CANCELLATION, email: 'type.changed@example.com', cancellationType: 'ordinary', reason: 'Umzug' };
    const first = (await (await post(JSON.stringify(ordinary))).json()) as { id: string };
    const response = await post(JSON.stringify({ ...ordinary, cancellationType: 'extraordinary' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).not.toBe(first.id);
    const sql = 'SELECT cancellation_type FROM cancellation_submissions WHERE email = ? ORDER BY received_at, id';
    const stored = server.query(sql, 'type.changed@example.com');
    expect(stored).toEqual([{ cancellation_type: 'ordinary' }, { cancellation_type: 'extraordinary' }]);
  });

  it('an e-mail address on a domain sent in its ASCII form (Chromium) is stored in Unicode, as the contact form stores it', async () => {
    const response = await post(JSON.stringify({ ...VALID_CANCELLATION, email: 'mueller@xn--bcher-kva.de' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT email FROM cancellation_submissions WHERE id = ?', id)).toEqual([{ email: 'mueller@bücher.de' }]);
  });

  it('names typed or pasted in decomposed form are stored composed', async () => {
    const response = await post(JSON.stringify({ ...VALID_CANCELLATION, firstName: 'Jo\u0308rg', lastName: 'Mu\u0308ller' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT first_name, last_name FROM cancellation_submissions WHERE id = ?', id)).toEqual([
      { first_name: 'Jörg', last_name: 'Müller' },
    ]);
  });

  it('a customer number and subscription id sent as JSON numbers are stored as their digits', async () => {
    const response = await post(JSON.stringify({ ...VALID_CANCELLATION, customerNumber: 40012345, subscriptionId: 778899 }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT customer_number, subscription_id FROM cancellation_submissions WHERE id = ?', id)).toEqual([
      { customer_number: '40012345', subscription_id: '778899' },
    ]);
  });

  it('an extraordinary one with its reason, on each DACH site', async () => {
    for (const site of ['de', 'at', 'CH', 'ch_fr']) {
      const body = { ...VALID_CANCELLATION, site, cancellationType: 'extraordinary', reason: 'Umzug ins Ausland' };
      const response = await post(JSON.stringify(body));
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(server.query('SELECT site, cancellation_type, reason FROM cancellation_submissions WHERE id = ?', id)).toEqual([
        { site: site.toLowerCase(), cancellation_type: 'extraordinary', reason: 'Umzug ins Ausland' },
      ]);
    }
  });

  it('script tags in every text field are stored exactly as sent; the answer holds the id and the time only, none of them', async () => {
    const script = (name: string) => `<script>alert("${name}")</script>`;
    const body = {
      ...VALID_CANCELLATION,
      cancellationType: 'extraordinary',
      reason: script('reason'),
      customerNumber: script('nr'),
      subscriptionId: script('abo'),
      firstName: script('first'),
      lastName: script('last'),
    };
    const response = await post(JSON.stringify(body));
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const answer = (await response.json()) as { id: string };
    expect(Object.keys(answer)).toEqual(['id', 'receivedAt']);
    expect(
      server.query(
        'SELECT reason, customer_number, subscription_id, first_name, last_name FROM cancellation_submissions WHERE id = ?',
        answer.id,
      ),
    ).toEqual([
      {
        reason: body.reason,
        customer_number: body.customerNumber,
        subscription_id: body.subscriptionId,
        first_name: body.firstName,
        last_name: body.lastName,
      },
    ]);
  });

  it('stores a text cut in the middle of a character (a lone surrogate escaped in the JSON) as valid text, the lost half a replacement character', async () => {
    // As a JSON client that cut a string between the two halves of an emoji writes it (JSON.stringify escapes the half).
    const body = JSON.stringify({ ...VALID_CANCELLATION, cancellationType: 'extraordinary', reason: 'Umzug \ud83d', firstName: '\ud800Erika' });
    expect(body).toContain('"Umzug \\ud83d"');
    const response = await post(body);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT reason, first_name FROM cancellation_submissions WHERE id = ?', id)).toEqual([
      { reason: 'Umzug \uFFFD', first_name: '\uFFFDErika' },
    ]);
  });
});

describe('bad input is refused and nothing is written', () => {
  it('an extraordinary cancellation without a reason: 400 reason.required', async () => {
    for (const reason of [undefined, '', '   ']) {
      const body = JSON.stringify({ ...VALID_CANCELLATION, cancellationType: 'extraordinary', reason });
      expect(await expectRefused(body, 400)).toEqual({ errors: { reason: 'reason.required' } });
    }
  });

  it('a cancellation for a non-DACH site (pl, cz, hu, sk, tr): 400 site.notAllowed', async () => {
    for (const site of ['pl', 'cz', 'hu', 'sk', 'tr']) {
      expect(await expectRefused(JSON.stringify({ ...VALID_CANCELLATION, site }), 400)).toEqual({
        errors: { site: 'site.notAllowed' },
      });
    }
    expect(await expectRefused(JSON.stringify({ ...VALID_CANCELLATION, site: 'fr' }), 400)).toEqual({
      errors: { site: 'site.invalid' },
    });
  });

  it('invalid JSON: 400 body.invalidJson with a plain message, never a stack trace', async () => {
    for (const body of ['{"site": "de",', "{site: 'de'}", 'null}', '']) {
      expect(await expectRefused(body, 400)).toEqual({
        error: 'body.invalidJson',
        message: 'The request body is not valid JSON.',
      });
    }
  });

  it('JSON that is not an object: 400 with every required field', async () => {
    for (const body of ['[]', '"de"', '42', 'null']) {
      const answer = await expectRefused(body, 400);
      expect(answer.errors).toMatchObject({ site: 'required', cancellationType: 'required', email: 'email.required' });
    }
  });

  it('a prototype-poisoning key is dropped like any key the schema does not know: the rest is judged as it is', async () => {
    const refused = await expectRefused(`{"site":"de","__proto__":{"admin":true}}`, 400);
    expect(refused.errors).toMatchObject({ cancellationType: 'required', email: 'email.required' });
    const poisoned = JSON.stringify({ ...VALID_CANCELLATION, firstName: 'Proto' }).replace(
      /^\{/,
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}},',
    );
    const response = await post(poisoned);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT first_name FROM cancellation_submissions WHERE id = ?', id)).toEqual([{ first_name: 'Proto' }]);
  });

  it('a body that is not UTF-8: 400 body.notUtf8 (no name stored with replacement characters)', async () => {
    const before = server.counts();
    const latin1 = Buffer.from(JSON.stringify({ ...VALID_CANCELLATION, lastName: 'Müller' }), 'latin1');
    const response = await fetch(server.url + CANCELLATION_URL, { method: 'POST', body: latin1, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'body.notUtf8', message: 'The request body is not UTF-8 text.' });
    expect(server.counts()).toEqual(before);
  });

  it('UTF-8 named in any spelling, with or without a byte-order mark, is read', async () => {
    for (const [charset, bom] of [['UTF-8', '\ufeff'], ['"utf-8"', ''], ['utf8', '\ufeff']] as const) {
      const response = await post(bom + JSON.stringify({ ...VALID_CANCELLATION, lastName: `Müller ${charset}` }), `application/json;charset=${charset}`);
      expect(response.status).toBe(201);
    }
  });

  it('a compressed body (Content-Encoding): 415 body.unsupportedType, not "not UTF-8"', async () => {
    const before = server.counts();
    const body = gzipSync(JSON.stringify(VALID_CANCELLATION));
    const response = await fetch(server.url + CANCELLATION_URL, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'body.unsupportedType' });
    expect(server.counts()).toEqual(before);
  });

  it('a charset other than UTF-8: 415 body.unsupportedType', async () => {
    for (const charset of ['iso-8859-1', 'utf-16', '"windows-1252"']) {
      expect(await expectRefused(JSON.stringify(VALID_CANCELLATION), 415, `application/json; charset=${charset}`)).toMatchObject({
        error: 'body.unsupportedType',
      });
    }
  });

  it('a 1 MB reason, or a body just over 64 KiB: 413 body.tooLarge', async () => {
    const body = JSON.stringify({ ...VALID_CANCELLATION, cancellationType: 'extraordinary', reason: 'x'.repeat(1024 * 1024) });
    expect(await expectRefused(body, 413)).toEqual({ error: 'body.tooLarge', message: 'The request body is larger than allowed.' });
    const justOver = JSON.stringify({ ...VALID_CANCELLATION, cancellationType: 'extraordinary', reason: 'x'.repeat(64 * 1024) });
    expect(await expectRefused(justOver, 413)).toEqual({ error: 'body.tooLarge', message: 'The request body is larger than allowed.' });
  });

  it('a form-encoded, plain-text or multipart body: 415 body.unsupportedType', async () => {
    expect(await expectRefused('site=de', 415, 'application/x-www-form-urlencoded')).toMatchObject({ error: 'body.unsupportedType' });
    expect(await expectRefused('site=de', 415, 'text/plain')).toMatchObject({ error: 'body.unsupportedType' });
    // JSON only as application/json (decisions), not any type that ends in json.
    for (const type of ['text/json', 'application/merge-patch+json']) {
      expect(await expectRefused(JSON.stringify(VALID_CANCELLATION), 415, type), type).toMatchObject({ error: 'body.unsupportedType' });
    }
    const multipart = '--XyZ\r\nContent-Disposition: form-data; name="site"\r\n\r\nde\r\n--XyZ--\r\n';
    expect(await expectRefused(multipart, 415, 'multipart/form-data; boundary=XyZ')).toMatchObject({
      error: 'body.unsupportedType',
    });
  });
});
