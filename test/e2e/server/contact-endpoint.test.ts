/**
 * POST /service/customersupportfrontend/api/contact over real HTTP: what is stored for a valid
 * message, and how every kind of bad input is refused with nothing half-written.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import {
  CONTACT_URL,
  VALID_CONTACT,
  contactForm,
  fileBytes,
  startTestServer,
  type Counts,
  type TestServer,
  type Upload,
} from './server-fixture';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (body: FormData | string, headers: Record<string, string> = {}) =>
  fetch(server.url + CONTACT_URL, { method: 'POST', body, headers });

/** Posts, expects the status and the JSON answer, and that the database did not change. */
async function expectRefused(body: FormData | string, status: number, headers: Record<string, string> = {}) {
  const before: Counts = server.counts();
  const response = await post(body, headers);
  const text = await response.text();
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(text).not.toMatch(/<script|\bat .*\.(ts|js):\d+/);
  expect(server.counts()).toEqual(before);
  return JSON.parse(text) as Record<string, unknown>;
}

const pdf: Upload = { name: 'Rechnung März.pdf', type: 'application/pdf', bytes: fileBytes('pdf', 120_000) };
const png: Upload = { name: 'foto.PNG', type: 'image/png', bytes: fileBytes('png', 40_000) };
const jfif: Upload = { name: 'scan.jfif', type: '', bytes: fileBytes('jpeg', 3_000) };

describe('a valid contact message', () => {
  it('sent again (its answer lost) answers 201 with the first id and stores nothing more', async () => {
    const message = { ...VALID_CONTACT, question: 'Wo bleibt meine Bestellung 4711? Zweimal gesendet.' };
    const first = await post(contactForm(message, [png]));
    const before = server.counts();
    const again = await post(contactForm(message, [png]));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    expect(server.counts()).toEqual(before);
  });

  it('is stored with its three attachments as BLOBs before the 201 answer', async () => {
    const before = server.counts();
    const response = await post(contactForm(VALID_CONTACT, [pdf, png, jfif]), { 'x-locale': 'de-at' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    expect(server.counts()).toEqual({ ...before, contacts: before.contacts + 1, attachments: before.attachments + 3 });
    const [row] = server.query('SELECT * FROM contact_submissions WHERE id = ?', id);
    expect(row).toMatchObject({
      site: 'de',
      locale: 'de-AT',
      topic: 'delivery',
      question: VALID_CONTACT.question,
      article_number: '123456',
      first_name: 'Erika',
      last_name: 'Mustermann',
      email: 'erika.mustermann@example.com',
      legal_consent: null,
    });
    const files = server.query<{ position: number; file_name: string; media_type: string; size: number; sha256: string; content: Buffer }>(
      'SELECT * FROM contact_attachments WHERE submission_id = ? ORDER BY position',
      id,
    );
    expect(files.map((f) => [f.position, f.file_name, f.media_type, f.size])).toEqual([
      [0, 'Rechnung März.pdf', 'application/pdf', 120_000],
      [1, 'foto.PNG', 'image/png', 40_000],
      [2, 'scan.jfif', 'image/jpeg', 3_000],
    ]);
    [pdf, png, jfif].forEach((upload, i) => {
      expect(Buffer.compare(files[i]?.content ?? Buffer.alloc(0), Buffer.from(upload.bytes))).toBe(0);
      expect(files[i]?.sha256).toBe(createHash('sha256').update(upload.bytes).digest('hex'));
    });
  });

  it('counts a line break as one character, as the form does: the browser sends each as CRLF', async () => {
    // 5,000 characters in the text area, 40 of them line breaks: 5,040 as sent.
    const question = `${'Zeile der weitergeleiteten E-Mail. '.repeat(142).slice(0, 124)}\r\n`.repeat(40);
    expect(question.replace(/\r\n/g, '\n')).toHaveLength(5000);
    const response = await post(contactForm({ ...VALID_CONTACT, question }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    // Stored as the form shows it: '\n' line breaks, trimmed.
    expect(server.query('SELECT question FROM contact_submissions WHERE id = ?', id)).toEqual([{ question: question.replace(/\r\n/g, '\n').trim() }]);
  });

  it('a file of exactly 5 MB is within the limit', async () => {
    const exact = { name: 'genau.jpg', type: 'image/jpeg', bytes: fileBytes('jpeg', 5 * 1024 * 1024) };
    const response = await post(contactForm(VALID_CONTACT, [exact]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT size, media_type FROM contact_attachments WHERE submission_id = ?', id)).toEqual([
      { size: 5 * 1024 * 1024, media_type: 'image/jpeg' },
    ]);
  });

  it('on the Turkish site needs the legal notice ticked, and stores that it was', async () => {
    const turkish = { ...VALID_CONTACT, site: 'tr', articleNumber: undefined };
    expect(await expectRefused(contactForm(turkish), 400)).toEqual({ errors: { legalConsent: 'legalConsent.required' } });

    const response = await post(contactForm({ ...turkish, legalConsent: 'true' }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT site, legal_consent, article_number FROM contact_submissions WHERE id = ?', id)).toEqual([
      { site: 'tr', legal_consent: 1, article_number: null },
    ]);
  });
});

/** Sends one valid message per address (each must be taken) and reads each back as stored. */
async function storedEmails(emails: readonly string[]): Promise<unknown[]> {
  const stored: unknown[] = [];
  for (const email of emails) {
    const response = await post(contactForm({ ...VALID_CONTACT, email }));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    stored.push(server.query('SELECT email FROM contact_submissions WHERE id = ?', id)[0]);
  }
  return stored;
}

describe('what is stored is what the visitor typed, whatever the browser', () => {
  it('stores an address on a domain sent in its ASCII form (Chromium) as others send it typed: in Unicode, lower case and composed', async () => {
    expect(await storedEmails(['mueller@xn--bcher-kva.de', 'mueller@bücher.de', 'mueller@BÜCHER.DE', 'mueller@bu\u0308cher.de'])).toEqual([
      { email: 'mueller@bücher.de' },
      { email: 'mueller@bücher.de' },
      { email: 'mueller@bücher.de' },
      { email: 'mueller@bücher.de' },
    ]);
  });

  it('stores a domain typed in capitals on a Turkish keyboard as the domain meant: İSTANBUL is istanbul, not i + dot above', async () => {
    expect(await storedEmails(['ilkin@İSTANBUL.com.tr', 'ilkin@xn--istanbul-o0e.com.tr'])).toEqual([
      { email: 'ilkin@istanbul.com.tr' },
      { email: 'ilkin@istanbul.com.tr' },
    ]);
  });

  it('stores ß in a domain as ß, also typed as the capital ẞ (Caps Lock on a German keyboard): maß.de is not mass.de', async () => {
    expect(await storedEmails(['hans@maß.de', 'hans@MAẞ.DE', 'grete@STRAẞE.DE', 'hans@xn--ma-hia.de'])).toEqual([
      { email: 'hans@maß.de' },
      { email: 'hans@maß.de' },
      { email: 'grete@straße.de' },
      { email: 'hans@maß.de' },
    ]);
  });

  it('stores text and file names pasted or chosen in decomposed form (macOS, PDFs) composed, so a search for Müller finds them', async () => {
    const decomposed = { name: 'Rechnung Mu\u0308ller.pdf', type: 'application/pdf', bytes: fileBytes('pdf', 2_000) };
    const message = { ...VALID_CONTACT, question: 'Gru\u0308ße, wo bleibt die Ware?', firstName: 'Jo\u0308rg', lastName: 'Mu\u0308ller' };
    const response = await post(contactForm(message, [decomposed]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT question, first_name, last_name FROM contact_submissions WHERE id = ?', id)).toEqual([
      { question: 'Grüße, wo bleibt die Ware?', first_name: 'Jörg', last_name: 'Müller' },
    ]);
    expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id)).toEqual([{ file_name: 'Rechnung Müller.pdf' }]);
  });

  describe('text that is not UTF-8', () => {
    /** A text part's bytes, with the content type its header names, if any. */
    type RawPart = Buffer | { readonly bytes: Buffer; readonly type: string };
    /** A multipart body from raw bytes: each text part with its own header. */
    const rawForm = (parts: Record<string, RawPart>, file?: { readonly name: string; readonly bytes: Buffer }) =>
      Buffer.concat([
        ...Object.entries(parts).map(([name, part]) => {
          const { bytes, type } = Buffer.isBuffer(part) ? { bytes: part, type: undefined } : part;
          return Buffer.concat([
            Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`),
            bytes,
            Buffer.from('\r\n'),
          ]);
        }),
        ...(file
          ? [Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="attachments"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`), file.bytes, Buffer.from('\r\n')]
          : []),
        Buffer.from('--XyZ--\r\n'),
      ]);
    const textParts = (encoding: BufferEncoding, changes: Record<string, string>, type?: string): Record<string, RawPart> =>
      Object.fromEntries(
        Object.entries({ ...VALID_CONTACT, ...changes }).map(([name, value]) => [name, type ? { bytes: Buffer.from(value, encoding), type } : Buffer.from(value, encoding)]),
      );
    const send = (body: Buffer) =>
      fetch(server.url + CONTACT_URL, { method: 'POST', body: new Uint8Array(body), headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } });
    const storedLastName = async (response: Response) => {
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      return server.query<{ last_name: string }>('SELECT last_name FROM contact_submissions WHERE id = ?', id)[0]?.last_name;
    };
    /** Windows-1250 bytes of 'Łódź' (Polish, Czech and Hungarian legacy systems). */
    const LODZ_1250 = Buffer.from([0xa3, 0xf3, 0x64, 0x9f]);

    it('a Latin-1 client that names no charset: 400 body.notUtf8, nothing stored with U+FFFD', async () => {
      const before = server.counts();
      const response = await send(rawForm(textParts('latin1', { lastName: 'Müller', question: 'Frage über Größe' })));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'body.notUtf8' });
      expect(server.counts()).toEqual(before);
    });

    it('each part is judged by its own header: an unlabelled legacy part beside labelled UTF-8 ones is refused too', async () => {
      const before = server.counts();
      const parts = { ...textParts('utf8', {}, 'text/plain; charset=utf-8'), lastName: LODZ_1250 };
      const response = await send(rawForm(parts));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'body.notUtf8' });
      expect(server.counts()).toEqual(before);
    });

    it('parts that name their charset are read after it (windows-1252 with its € and š); a U+FFFD the customer typed is kept', async () => {
      for (const [encoding, type] of [
        ['latin1', 'text/plain; charset=ISO-8859-1'],
        ['utf8', 'text/plain; charset=utf-8'],
        ['utf8', 'text/plain; charset="UTF-8"'],
      ] as const) {
        expect(await storedLastName(await send(rawForm(textParts(encoding, { lastName: 'Müller' }, type))))).toBe('Müller');
      }
      const cp1252 = { ...textParts('utf8', {}), lastName: { bytes: Buffer.from([0x35, 0x20, 0x80, 0x20, 0x9a]), type: 'text/plain; charset=windows-1252' } };
      expect(await storedLastName(await send(rawForm(cp1252)))).toBe('5 € š');
      const typed = await post(contactForm({ ...VALID_CONTACT, question: 'Im Betreff stand nur \uFFFD\uFFFD – ł, ő, ş, 😀' }));
      expect(typed.status).toBe(201);
      const { id } = (await typed.json()) as { id: string };
      expect(server.query('SELECT question FROM contact_submissions WHERE id = ?', id)).toEqual([
        { question: 'Im Betreff stand nur \uFFFD\uFFFD – ł, ő, ş, 😀' },
      ]);
    });

    it('a part labelled UTF-8 whose bytes are not (a label set wrong): 400 body.notUtf8, not the letters lost behind a 201', async () => {
      const before = server.counts();
      const response = await send(rawForm({ ...textParts('utf8', {}), lastName: { bytes: Buffer.from('Müller', 'latin1'), type: 'text/plain; charset=utf-8' } }));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'body.notUtf8' });
      expect(server.counts()).toEqual(before);
    });

    it('a charset it cannot read (windows-1250, ISO-8859-2): 415 body.unsupportedType, not the letters lost behind a 201', async () => {
      for (const type of ['text/plain; charset=windows-1250', 'text/plain; charset=iso-8859-2']) {
        const before = server.counts();
        const response = await send(rawForm({ ...textParts('utf8', {}), lastName: { bytes: LODZ_1250, type } }));
        expect(response.status).toBe(415);
        expect(await response.json()).toMatchObject({ error: 'body.unsupportedType' });
        expect(server.counts()).toEqual(before);
      }
    });

    it('a file name whose bytes are not UTF-8 (a Latin-1 client): 400 body.notUtf8, not a name stored with U+FFFD', async () => {
      const before = server.counts();
      const text = rawForm(textParts('utf8', {}));
      const filePart = Buffer.concat([
        Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="attachments"; filename="'),
        Buffer.from('Rückgabe.pdf', 'latin1'),
        Buffer.from('"\r\nContent-Type: application/pdf\r\n\r\n'),
        Buffer.from(fileBytes('pdf', 2_000)),
        Buffer.from('\r\n'),
      ]);
      // The file part before the closing delimiter of the text parts' body.
      const response = await send(Buffer.concat([text.subarray(0, text.length - '--XyZ--\r\n'.length), filePart, Buffer.from('--XyZ--\r\n')]));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'body.notUtf8' });
      expect(server.counts()).toEqual(before);
      // The same name in UTF-8 is taken as sent.
      const utf8 = await send(rawForm(textParts('utf8', {}), { name: 'Rückgabe.pdf', bytes: Buffer.from(fileBytes('pdf', 2_000)) }));
      expect(utf8.status).toBe(201);
      const { id } = (await utf8.json()) as { id: string };
      expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id)).toEqual([{ file_name: 'Rückgabe.pdf' }]);
      // A U+FFFD that is in the name itself (left by an archive unpacked wrongly), as a browser sends it in UTF-8, is kept.
      const kept = await send(rawForm(textParts('utf8', {}), { name: 'Rechnung M\uFFFDrz.pdf', bytes: Buffer.from(fileBytes('pdf', 2_000)) }));
      expect(kept.status).toBe(201);
      const keptId = ((await kept.json()) as { id: string }).id;
      expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', keptId)).toEqual([{ file_name: 'Rechnung M\uFFFDrz.pdf' }]);
      // An extended name (RFC 6266) whose bytes are no UTF-8 is refused too.
      const extended = (disposition: string) => {
        const part = Buffer.concat([
          Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="attachments"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`),
          Buffer.from(fileBytes('pdf', 2_000)),
          Buffer.from('\r\n--XyZ--\r\n'),
        ]);
        return send(Buffer.concat([text.subarray(0, text.length - '--XyZ--\r\n'.length), part]));
      };
      expect((await extended(`filename*=utf-8''R%FCckgabe.pdf`)).status).toBe(400);
    });

    it("a file whose bytes read like a part header naming a charset changes nothing for the text parts", async () => {
      const file = { name: 'a.pdf', bytes: Buffer.concat([Buffer.from('%PDF-1.7\r\nContent-Type: text/plain; charset=iso-8859-1\r\n'), Buffer.from(fileBytes('pdf', 2_000))]) };
      const response = await send(rawForm(textParts('latin1', { lastName: 'Müller' }), file));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'body.notUtf8' });
      expect(await storedLastName(await send(rawForm(textParts('utf8', { lastName: 'Łódź' }), file)))).toBe('Łódź');
    });
  });

  it('takes a PDF whose header follows a line break, as PDF readers do', async () => {
    const bytes = new Uint8Array([0x0d, 0x0a, ...fileBytes('pdf', 2_000)]);
    const response = await post(contactForm(VALID_CONTACT, [{ name: 'kontoauszug.pdf', type: 'application/pdf', bytes }]));
    expect(response.status).toBe(201);
  });
});

describe('an allowed content under another allowed name', () => {
  it('is stored as the kind its content shows: a JPEG called screenshot.png, a PNG called bild.pdf', async () => {
    const jpegAsPng = { name: 'screenshot.png', type: 'image/png', bytes: fileBytes('jpeg', 5_000) };
    const pngAsPdf = { name: 'bild.pdf', type: 'application/pdf', bytes: fileBytes('png', 4_000) };
    const response = await post(contactForm(VALID_CONTACT, [jpegAsPng, pngAsPdf]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const files = server.query<{ file_name: string; media_type: string }>(
      'SELECT file_name, media_type FROM contact_attachments WHERE submission_id = ? ORDER BY position',
      id,
    );
    expect(files).toEqual([
      { file_name: 'screenshot.png', media_type: 'image/jpeg' },
      { file_name: 'bild.pdf', media_type: 'image/png' },
    ]);
  });
});

describe('bad input is refused and nothing is written', () => {
  it('four files: 413 attachments.tooMany', async () => {
    const four = [pdf, png, jfif, { ...pdf, name: 'vierte.pdf' }];
    expect(await expectRefused(contactForm(VALID_CONTACT, four), 413)).toEqual({
      errors: { attachments: 'attachments.tooMany' },
    });
  });

  it('more text parts than the form has fields (twice its eight): 413 body.tooManyParts, not a size error', async () => {
    const extra = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`extra${i}`, 'x']));
    expect(await expectRefused(contactForm({ ...VALID_CONTACT, ...extra }), 413)).toEqual({
      error: 'body.tooManyParts',
      message: 'The form has more parts than this endpoint reads: send its fields and files only.',
    });
  });

  it('a text field sent twice: 400 with that field\'s generic error, not a missing field', async () => {
    const form = contactForm(VALID_CONTACT);
    form.append('question', 'Noch eine Frage');
    expect(await expectRefused(form, 400)).toEqual({ errors: { question: 'invalid' } });
  });

  it('a 6 MB file: 413 attachments.tooLarge', async () => {
    const big = { name: 'gross.pdf', type: 'application/pdf', bytes: fileBytes('pdf', 6 * 1024 * 1024) };
    expect(await expectRefused(contactForm(VALID_CONTACT, [png, big]), 413)).toEqual({
      errors: { attachments: 'attachments.tooLarge' },
    });
  });

  it('a renamed executable called x.pdf: 400 attachments.content (its name is allowed, its content is not)', async () => {
    for (const bytes of [fileBytes('exe'), fileBytes('elf')]) {
      const renamed = { name: 'x.pdf', type: 'application/pdf', bytes };
      expect(await expectRefused(contactForm(VALID_CONTACT, [pdf, renamed]), 400)).toEqual({
        errors: { attachments: 'attachments.content' },
        refusedAttachments: [1],
      });
    }
  });

  it('says which files are refused, by their position: the contents that are no pdf, png or jpeg', async () => {
    const textAsPdf = { name: 'fake.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('only text, no PDF') };
    const exeAsPng = { name: 'bild.png', type: 'image/png', bytes: fileBytes('exe') };
    expect(await expectRefused(contactForm(VALID_CONTACT, [png, textAsPdf]), 400)).toEqual({
      errors: { attachments: 'attachments.content' },
      refusedAttachments: [1],
    });
    expect(await expectRefused(contactForm(VALID_CONTACT, [textAsPdf, png, exeAsPng]), 400)).toEqual({
      errors: { attachments: 'attachments.content' },
      refusedAttachments: [0, 2],
    });
    const empty = { name: 'leer.pdf', type: 'application/pdf', bytes: new Uint8Array(0) };
    expect(await expectRefused(contactForm(VALID_CONTACT, [png, empty]), 400)).toEqual({
      errors: { attachments: 'attachments.empty' },
      refusedAttachments: [1],
    });
  });

  it('an .exe name: 400 attachments.wrongType; a text called fake.pdf: 400 attachments.content', async () => {
    const exeName = { name: 'setup.exe', type: 'application/octet-stream', bytes: fileBytes('exe') };
    const textAsPdf = { name: 'fake.pdf', type: 'application/pdf', bytes: new TextEncoder().encode('only text, no PDF') };
    expect(await expectRefused(contactForm(VALID_CONTACT, [exeName]), 400)).toMatchObject({ errors: { attachments: 'attachments.wrongType' } });
    expect(await expectRefused(contactForm(VALID_CONTACT, [textAsPdf]), 400)).toMatchObject({ errors: { attachments: 'attachments.content' } });
  });

  it('a name that would be saved as .exe or .html once cleaned is stored with its content\'s extension added; as the page, the server judges the name as sent', async () => {
    const cases: [string, string][] = [
      ['Rechnung.exe ', 'Rechnung.exe.pdf'],
      ['Rechnung.exe\u200B', 'Rechnung.exe.pdf'],
      ['Rechnung.exe\t', 'Rechnung.exe.pdf'],
      ['Rechnung.html\u00AD', 'Rechnung.html.pdf'],
      ['Rechnung.exe.', 'Rechnung.exe.pdf'],
      ['Rechnung.exe. .', 'Rechnung.exe.pdf'],
      ['Bericht.final.', 'Bericht.final.pdf'],
      [`${'x'.repeat(251)}.exe${'y'.repeat(20)}`, `${'x'.repeat(251)}.pdf`],
      [`${'x'.repeat(250)}.exe ${'y'.repeat(20)}`, `${'x'.repeat(250)}.pdf`],
      // No extension at all (a phone's photo): kept as it is.
      ['1000012345', '1000012345'],
    ];
    for (const [name, stored] of cases) {
      const response = await post(contactForm({ ...VALID_CONTACT, question: `Frage zu ${name.length} ${stored}` }, [{ name, type: 'application/pdf', bytes: fileBytes('pdf', 2_000) }]));
      expect(response.status, name).toBe(201);
      const { id } = (await response.json()) as { id: string };
      expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id), name).toEqual([{ file_name: stored }]);
    }
  });

  it('a form another site posts through the visitor\'s browser: 403 request.crossSite; the support page\'s own send is taken', async () => {
    const crossSite = { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' };
    expect(await expectRefused(contactForm(VALID_CONTACT), 403, crossSite)).toEqual({
      error: 'request.crossSite',
      message: 'This endpoint takes requests from the support pages only.',
    });
    for (const own of ['same-origin', 'same-site', 'none']) {
      expect((await post(contactForm(VALID_CONTACT), { 'sec-fetch-site': own })).status, own).toBe(201);
    }
  });

  it('an empty file with a name: 400 attachments.empty', async () => {
    const empty = { name: 'leer.pdf', type: 'application/pdf', bytes: new Uint8Array(0) };
    expect(await expectRefused(contactForm(VALID_CONTACT, [pdf, empty]), 400)).toMatchObject({
      errors: { attachments: 'attachments.empty' },
    });
  });

  it('a file under another field name: 400 attachments.wrongType', async () => {
    const form = contactForm(VALID_CONTACT);
    form.append('upload', new Blob([fileBytes('pdf')], { type: 'application/pdf' }), 'a.pdf');
    expect(await expectRefused(form, 400)).toEqual({ errors: { attachments: 'attachments.wrongType' } });
  });

  it('a missing field: 400 with that field\'s key only', async () => {
    const cases: [string, Record<string, string>][] = [
      ['email', { email: 'email.required' }],
      ['question', { question: 'question.required' }],
      ['topic', { topic: 'topic.required' }],
      ['firstName', { firstName: 'firstName.required' }],
      ['lastName', { lastName: 'lastName.required' }],
      ['site', { site: 'required' }],
    ];
    for (const [field, errors] of cases) {
      expect(await expectRefused(contactForm({ ...VALID_CONTACT, [field]: undefined }), 400)).toEqual({ errors });
    }
  });

  it('a 1 MB question: 413 question.tooLong (a 6,000-character one: 400 question.tooLong)', async () => {
    const huge = contactForm({ ...VALID_CONTACT, question: 'x'.repeat(1024 * 1024) });
    expect(await expectRefused(huge, 413)).toEqual({ errors: { question: 'question.tooLong' } });
    const long = contactForm({ ...VALID_CONTACT, question: 'x'.repeat(6000) });
    expect(await expectRefused(long, 400)).toEqual({ errors: { question: 'question.tooLong' } });
  });

  it('script tags in every field: 400 for site, topic and e-mail, never reflected', async () => {
    const script = '<script>alert(document.cookie)</script>';
    const fields = Object.fromEntries(Object.keys(VALID_CONTACT).map((name) => [name, script]));
    const answer = await expectRefused(contactForm(fields), 400);
    expect(answer).toEqual({ errors: { site: 'site.invalid', topic: 'topic.required', email: 'email.invalid' } });
  });

  it('a body marked compressed (Content-Encoding): 415 body.unsupportedType, as the cancellation endpoint answers', async () => {
    const fields = Object.entries(VALID_CONTACT).map(
      ([name, value]) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const body = `${fields.join('')}--XyZ--\r\n`;
    for (const encoding of ['gzip', 'br', 'deflate, identity']) {
      const headers = { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-encoding': encoding };
      expect(await expectRefused(body, 415, headers)).toMatchObject({ error: 'body.unsupportedType' });
    }
    // Not compressed: taken.
    const plain = await post(body, { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-encoding': 'identity' });
    expect(plain.status).toBe(201);
  });

  it('not multipart: 415; a body cut off inside a file: 400 body.malformed', async () => {
    expect(await expectRefused(JSON.stringify(VALID_CONTACT), 415, { 'content-type': 'application/json' })).toMatchObject({
      error: 'body.unsupportedType',
    });
    // A long one too: the type is what is wrong, not the size (its body is never read).
    const long = JSON.stringify({ ...VALID_CONTACT, question: 'x'.repeat(100_000) });
    for (const type of ['application/json', 'text/plain']) {
      expect(await expectRefused(long, 415, { 'content-type': type })).toMatchObject({ error: 'body.unsupportedType' });
    }
    const fields = Object.entries(VALID_CONTACT).map(
      ([name, value]) => `--XyZ\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const cut = `${fields.join('')}--XyZ\r\nContent-Disposition: form-data; name="attachments"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 the rest never came`;
    expect(await expectRefused(cut, 400, { 'content-type': 'multipart/form-data; boundary=XyZ' })).toMatchObject({
      error: 'body.malformed',
    });
    // Cut between two parts, after a whole file: nothing is stored, the later file is not lost behind a 201.
    const file = (name: string) =>
      `--XyZ\r\nContent-Disposition: form-data; name="attachments"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7 ${name}\r\n`;
    const betweenParts = `${fields.join('')}${file('eins.pdf')}`;
    expect(await expectRefused(`${betweenParts}--XyZ`, 400, { 'content-type': 'multipart/form-data; boundary=XyZ' })).toMatchObject({
      error: 'body.malformed',
    });
    // The same body whole, with its closing delimiter (and an epilogue), is stored.
    const whole = await post(`${betweenParts}${file('zwei.pdf')}--XyZ--\r\nepilogue`, { 'content-type': 'multipart/form-data; boundary="XyZ"' });
    expect(whole.status).toBe(201);
  });

  it('a multipart body in which no part can be read (LF line ends, only the closing delimiter, an empty boundary): 400 body.malformed', async () => {
    const lfOnly = Object.entries(VALID_CONTACT).map(([name, value]) => `--QAB\nContent-Disposition: form-data; name="${name}"\n\n${value}\n`).join('') + '--QAB--\n';
    for (const [body, contentType] of [
      [lfOnly, 'multipart/form-data; boundary=QAB'],
      ['--QAB--\r\n', 'multipart/form-data; boundary=QAB'],
      ['x', 'multipart/form-data; boundary='],
    ] as const) {
      expect(await expectRefused(body, 400, { 'content-type': contentType }), JSON.stringify(body)).toMatchObject({ error: 'body.malformed' });
    }
  });

  it('a body announced larger than three full files: 413 before it is read', async () => {
    const before = server.counts();
    const { port } = new URL(server.url);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: CONTACT_URL,
          headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'content-length': String(40 * 1024 * 1024) },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.write('--XyZ\r\n');
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'body.tooLarge' });
    expect(server.counts()).toEqual(before);
  });

  it('a database failure while storing the files: 500 without details, and no message row left', async () => {
    // A trigger on a second connection makes the third file's insert fail after the first two.
    const admin = new Database(server.dbFile);
    admin.exec(`CREATE TRIGGER fail_third BEFORE INSERT ON contact_attachments WHEN NEW.position = 2
                BEGIN SELECT RAISE(ABORT, 'simulated disk failure /var/secret/path'); END`);
    try {
      // Words of its own: the same message as one stored before would be that message (201).
      const answer = await expectRefused(contactForm({ ...VALID_CONTACT, question: 'Beim Speichern geht etwas schief.' }, [pdf, png, jfif]), 500);
      expect(answer).toEqual({ error: 'internal', message: 'Internal Server Error' });
    } finally {
      admin.exec('DROP TRIGGER fail_third');
      admin.close();
    }
  });
});

describe('a database another process has locked', () => {
  it('keeps answering pages; a send that cannot be stored within 5 s gets 503 with Retry-After, and /healthz then says unavailable', async () => {
    const other = new Database(server.dbFile);
    other.exec('BEGIN EXCLUSIVE');
    try {
      const sending = post(contactForm({ ...VALID_CONTACT, question: 'Gesperrt?' }));
      const page = Date.now();
      expect((await fetch(server.url + '/contact')).status).toBe(200);
      expect(Date.now() - page).toBeLessThan(1000);
      // A save would still wait for the lock: healthy until it has been held as long as a save waits.
      expect((await fetch(server.url + '/healthz')).status).toBe(200);
      const answer = await sending;
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({ error: 'unavailable', message: 'The service is unavailable.' });
      expect((await fetch(server.url + '/healthz')).status).toBe(503);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await fetch(server.url + '/healthz')).status).toBe(200);
    expect((await post(contactForm({ ...VALID_CONTACT, question: 'Gesperrt?' }))).status).toBe(201);
  });
});

describe('a database file deleted under the running server', () => {
  it('answers a send 503 unavailable instead of storing it where the next restart loses it', async () => {
    const own = await startTestServer();
    try {
      const send = () => fetch(own.url + CONTACT_URL, { method: 'POST', body: contactForm({ ...VALID_CONTACT, question: 'Noch da?' }) });
      expect((await send()).status).toBe(201);
      for (const suffix of ['', '-wal', '-shm']) rmSync(own.dbFile + suffix, { force: true });
      const answer = await send();
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ error: 'unavailable', message: 'The service is unavailable.' });
    } finally {
      await own.close();
    }
  });
});

describe('script tags in the free-text fields', () => {
  it('are stored exactly as sent and the answer is JSON with the id only', async () => {
    const fields = {
      ...VALID_CONTACT,
      question: '<script>alert(1)</script><img src=x onerror=alert(2)>',
      articleNumber: '<script>a</script>',
      firstName: '<script>alert("first")</script>',
      lastName: '"><script>alert(\'last\')</script>',
    };
    const upload = { name: '<img src=x onerror=alert(3)>.pdf', type: 'application/pdf', bytes: fileBytes('pdf') };
    const response = await post(contactForm(fields, [upload]));
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.text();
    expect(Object.keys(JSON.parse(body) as object)).toEqual(['id']);
    const { id } = JSON.parse(body) as { id: string };
    expect(server.query('SELECT question, article_number, first_name, last_name FROM contact_submissions WHERE id = ?', id)).toEqual([
      { question: fields.question, article_number: fields.articleNumber, first_name: fields.firstName, last_name: fields.lastName },
    ]);
    expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id)).toEqual([
      { file_name: upload.name },
    ]);
  });
});

describe('file names with a backslash', () => {
  it('are stored whole: a phone may name a file "Faktura 1\\2.pdf", and browsers send no paths', async () => {
    const upload = { name: 'Faktura 1\\2 marzec.pdf', type: 'application/pdf', bytes: fileBytes('pdf') };
    const response = await post(contactForm(VALID_CONTACT, [upload]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id)).toEqual([{ file_name: 'Faktura 1\\2 marzec.pdf' }]);
  });
});

describe('file names with quotation marks', () => {
  it('are stored as the shopper named them: a browser sends " as %22 in the part header, and the server turns it back', async () => {
    const upload = { name: 'Rechnung "März" 50%.pdf', type: 'application/pdf', bytes: fileBytes('pdf') };
    const response = await post(contactForm(VALID_CONTACT, [upload]));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(server.query('SELECT file_name FROM contact_attachments WHERE submission_id = ?', id)).toEqual([{ file_name: 'Rechnung "März" 50%.pdf' }]);
  });
});

describe('file names that disguise themselves', () => {
  it('are stored without control and direction characters, and cut to 255 characters with their extension', async () => {
    const uploads = [
      { name: 'Rechnung\u202Efdp.exe.pdf', type: 'application/pdf', bytes: fileBytes('pdf') },
      { name: `scan\u0000\u001b${'x'.repeat(300)}.pdf`, type: 'application/pdf', bytes: fileBytes('pdf') },
    ];
    const response = await post(contactForm(VALID_CONTACT, uploads));
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const names = server.query<{ file_name: string }>('SELECT file_name FROM contact_attachments WHERE submission_id = ? ORDER BY position', id);
    expect(names.map((row) => row.file_name)).toEqual(['Rechnungfdp.exe.pdf', `scan${'x'.repeat(247)}.pdf`]);
  });
});
