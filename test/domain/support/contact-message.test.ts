import fc from 'fast-check';
import {
  ATTACHMENT_EXTENSIONS,
  CONTACT_FIELDS,
  CONTACT_MESSAGE_KEYS,
  CONTACT_TOPICS,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  NO_TOPIC,
  QUESTION_MAX_LENGTH,
  contactSchemaFor,
  validateContact,
  validateContactField,
  type FileDescriptor,
} from '../../../src/domain/support/contact-message';
import { SITE_CODES, type SiteCode } from '../../../src/domain/support/sites';

const valid = (site: SiteCode = 'de') => ({
  site: site.toUpperCase(),
  question: 'Wo bleibt meine Bestellung?',
  topic: 'delivery',
  articleNumber: '',
  firstName: 'Anna',
  lastName: 'Schmidt',
  email: 'anna.schmidt@example.com',
  legalConsent: site === 'tr',
  attachments: [] as FileDescriptor[],
});

const pdf = (over: Partial<FileDescriptor> = {}): FileDescriptor => ({
  name: 'rechnung.pdf',
  size: 1000,
  type: 'application/pdf',
  ...over,
});

const errorsOf = (site: SiteCode, input: unknown) => {
  const result = validateContact(site, input);
  return result.ok ? {} : result.errors;
};

describe('contact message constants', () => {
  it('has the eleven topics of spec §3 and the limits of §9', () => {
    expect(CONTACT_TOPICS).toEqual([
      'order',
      'delivery',
      'payment',
      'voucher',
      'loyaltyCard',
      'reclaim',
      'returnDelivery',
      'account',
      'product',
      'feedback',
      'accessibility',
    ]);
    expect(MAX_ATTACHMENTS).toBe(3);
    expect(MAX_ATTACHMENT_BYTES).toBe(5 * 1024 * 1024);
    expect(ATTACHMENT_EXTENSIONS).toEqual(['pdf', 'png', 'jpg', 'jpeg', 'jfif']);
  });

  it('lists every message key once', () => {
    expect(new Set(CONTACT_MESSAGE_KEYS).size).toBe(CONTACT_MESSAGE_KEYS.length);
    for (const key of [
      'required',
      'question.required',
      'topic.required',
      'firstName.required',
      'lastName.required',
      'email.required',
      'email.invalid',
      'legalConsent.required',
      'attachments.tooMany',
      'attachments.tooLarge',
      'attachments.wrongType',
      'articleNumber.required',
    ]) {
      expect(CONTACT_MESSAGE_KEYS).toContain(key);
    }
  });
});

describe('validateContact', () => {
  it.each(SITE_CODES)('accepts a complete message on %s, trimmed and cleaned', (site) => {
    const result = validateContact(site, { ...valid(site), question: '  Frage  ', email: ' a@b.de ' });
    expect(result).toEqual({
      ok: true,
      value: {
        site,
        question: 'Frage',
        topic: 'delivery',
        firstName: 'Anna',
        lastName: 'Schmidt',
        email: 'a@b.de',
        legalConsent: site === 'tr',
        attachments: [],
      },
    });
  });

  it('drops fields it does not know', () => {
    const result = validateContact('de', { ...valid(), extra: 'x' });
    expect(result.ok && 'extra' in result.value).toBe(false);
  });

  it('requires the question (blank after trimming counts as missing)', () => {
    expect(errorsOf('de', { ...valid(), question: '   ' })).toEqual({ question: 'question.required' });
    expect(errorsOf('de', { ...valid(), question: undefined })).toEqual({ question: 'question.required' });
  });

  it('counts text of only invisible characters (zero-width, braille or Hangul blanks) as missing', () => {
    for (const invisible of ['\u200B\u200B', '\u2800', '\u200E\u200F', '\uFEFF', '\u3164']) {
      expect(errorsOf('tr', { ...valid(), question: invisible, firstName: invisible, lastName: invisible })).toMatchObject({
        question: 'question.required',
        firstName: 'firstName.required',
        lastName: 'lastName.required',
      });
    }
    expect(validateContact('de', { ...valid(), question: '\u200BJa', firstName: 'Zoë' }).ok).toBe(true);
  });

  it(`limits the question to ${QUESTION_MAX_LENGTH} characters`, () => {
    expect(validateContact('de', { ...valid(), question: 'x'.repeat(5000) }).ok).toBe(true);
    expect(errorsOf('de', { ...valid(), question: 'x'.repeat(5001) })).toEqual({ question: 'question.tooLong' });
  });

  it('refuses the default unselected topic and any unknown topic', () => {
    expect(NO_TOPIC).toBe('');
    expect(errorsOf('de', { ...valid(), topic: NO_TOPIC })).toEqual({ topic: 'topic.required' });
    expect(errorsOf('de', { ...valid(), topic: 'Order' })).toEqual({ topic: 'topic.required' });
    expect(errorsOf('de', { ...valid(), topic: undefined })).toEqual({ topic: 'topic.required' });
  });

  it.each(CONTACT_TOPICS)('accepts the topic %s', (topic) => {
    expect(validateContact('de', { ...valid(), topic }).ok).toBe(true);
  });

  it.each(SITE_CODES)('does not require the article number on %s', (site) => {
    const { articleNumber: _, ...rest } = valid(site);
    expect(validateContact(site, rest).ok).toBe(true);
    expect(validateContact(site, { ...rest, articleNumber: '   ' }).ok).toBe(true);
  });

  it('keeps a given article number, trimmed, up to 50 characters', () => {
    const result = validateContact('pl', { ...valid('pl'), articleNumber: ' 123456789 ' });
    expect(result.ok && result.value.articleNumber).toBe('123456789');
    expect(errorsOf('pl', { ...valid('pl'), articleNumber: '1'.repeat(51) })).toEqual({
      articleNumber: 'articleNumber.tooLong',
    });
  });

  it('requires first and last name, each with its own key, at most 100 characters', () => {
    expect(errorsOf('de', { ...valid(), firstName: '', lastName: ' ' })).toEqual({
      firstName: 'firstName.required',
      lastName: 'lastName.required',
    });
    expect(errorsOf('de', { ...valid(), firstName: 'x'.repeat(101), lastName: 'y'.repeat(101) })).toEqual({
      firstName: 'firstName.tooLong',
      lastName: 'lastName.tooLong',
    });
    expect(validateContact('de', { ...valid(), firstName: 'x'.repeat(100) }).ok).toBe(true);
  });

  it('says an over-long address is too long, not that it is invalid', () => {
    expect(errorsOf('de', { ...valid(), email: `${'a'.repeat(250)}@example` })).toEqual({ email: 'email.tooLong' });
  });

  it('requires an e-mail address matching the standard pattern', () => {
    expect(errorsOf('de', { ...valid(), email: '' })).toEqual({ email: 'email.required' });
    expect(errorsOf('de', { ...valid(), email: undefined })).toEqual({ email: 'email.required' });
    // Only characters that show nothing: missing, as in every required field, not an invalid address.
    for (const email of ['\u200B', '\uFE0F', '\u034F', '\u17B4\u17B5', '\u3164', '\u2800', ' \u{E0100} ']) {
      expect(errorsOf('de', { ...valid(), email })).toEqual({ email: 'email.required' });
    }
    for (const email of ['anna', 'anna@', '@example.com', 'anna@example', 'an na@example.com', 'anna@@example.com', 'anna@müller', 'anna@-müller.de', 'anna@müller.d€', 'anna@b.\u0301\u0301', 'max@mail.d', 'a@b.c']) {
      expect(errorsOf('de', { ...valid(), email })).toEqual({ email: 'email.invalid' });
    }
    // A domain in its own letters (an internationalized domain, as Firefox sends it): müller.de, örnek.com.tr.
    for (const email of ['a@b.de', 'anna.schmidt+shop@mail.example.co.uk', "o'neil@example.com", 'info@müller.de', 'cagla@örnek.com.tr', 'jan@żółw.pl', 'ivan@пример.рф', 'ivan@xn--e1afmkfd.xn--p1ai']) {
      expect(validateContact('de', { ...valid(), email }).ok).toBe(true);
    }
  });

  it('takes a Turkish capital İ before the @ (Caps Lock on a Turkish keyboard) as the i it stands for', () => {
    expect(validateContact('tr', { ...valid('tr'), email: 'İLKAY@GMAİL.COM' })).toMatchObject({ ok: true, value: { email: 'iLKAY@GMAİL.COM' } });
    expect(validateContact('tr', { ...valid('tr'), email: 'ali.İnce@ornek.com.tr' })).toMatchObject({ ok: true, value: { email: 'ali.ince@ornek.com.tr' } });
    // A dotless ı typed in lower case is no letter of an address: what was meant is not for the form to guess.
    expect(errorsOf('tr', { ...valid('tr'), email: 'ılgın@ornek.com.tr' })).toEqual({ email: 'email.invalid' });
  });

  it('drops the invisible characters a paste brings into one-line fields, and keeps those free text needs', () => {
    const result = validateContact('de', {
      ...valid(),
      email: 'max.mus\u00ADtermann\u200B@example.com\uFEFF',
      firstName: 'Max\u202Efdp.exe',
      lastName: '\u200BMuster\u2066mann\u2069',
      articleNumber: '\u200B123\u00AD456',
      question: 'Familie 👨\u200D👩\u200D👧 wartet',
    });
    expect(result).toMatchObject({
      ok: true,
      value: {
        email: 'max.mustermann@example.com',
        firstName: 'Maxfdp.exe',
        lastName: 'Mustermann',
        articleNumber: '123456',
        question: 'Familie 👨\u200D👩\u200D👧 wartet',
      },
    });
    // A line or paragraph break pasted into a one-line field becomes a space.
    expect(validateContact('de', { ...valid(), firstName: 'Anna\u2028Maria', lastName: 'Schmidt\r\nMüller' })).toMatchObject({
      ok: true,
      value: { firstName: 'Anna Maria', lastName: 'Schmidt Müller' },
    });
    // Control characters (a NUL, an escape sequence) go too; a tab becomes a space.
    expect(validateContact('de', { ...valid(), firstName: 'An\u0000na\u001b[31m', lastName: 'Schmidt\tMüller' })).toMatchObject({
      ok: true,
      value: { firstName: 'Anna[31m', lastName: 'Schmidt Müller' },
    });
    // The joiners some scripts write names with stay.
    expect(validateContact('de', { ...valid(), lastName: 'می\u200Cخواهم' })).toMatchObject({ ok: true, value: { lastName: 'می\u200Cخواهم' } });
    // Free text keeps its lines and tabs, but no control character: a NUL hid the rest of the text
    // from the shop's tools, and an escape sequence cleared an operator's terminal.
    expect(validateContact('de', { ...valid(), question: 'Umzug\u0000 nach Wien\r\n\u001b[2J\u0007Bitte\tdanke\u0085' })).toMatchObject({
      ok: true,
      value: { question: 'Umzug nach Wien\n[2JBitte\tdanke' },
    });
    // The line breaks of other programs are line breaks: PowerPoint's and Word's soft break (VT), a page
    // break (FF), NEL. Dropped, they joined the words on either side ('Zeile einsZeile zwei').
    expect(validateContact('de', { ...valid(), question: 'Zeile eins\u000BZeile zwei\u000CSeite zwei\u0085Ende' })).toMatchObject({
      ok: true,
      value: { question: 'Zeile eins\nZeile zwei\nSeite zwei\nEnde' },
    });
    expect(validateContact('de', { ...valid(), firstName: 'Anna\u000BMaria', lastName: 'Schmidt\u0085Müller' })).toMatchObject({
      ok: true,
      value: { firstName: 'Anna Maria', lastName: 'Schmidt Müller' },
    });
  });

  it('limits the e-mail address to 254 characters', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(at254).toHaveLength(254);
    expect(validateContact('de', { ...valid(), email: at254 }).ok).toBe(true);
    expect(errorsOf('de', { ...valid(), email: 'a' + at254 })).toEqual({ email: 'email.tooLong' });
  });

  it('requires the legal notice to be ticked on the Turkish site only', () => {
    expect(errorsOf('tr', { ...valid('tr'), legalConsent: false })).toEqual({ legalConsent: 'legalConsent.required' });
    expect(errorsOf('tr', { ...valid('tr'), legalConsent: undefined })).toEqual({ legalConsent: 'legalConsent.required' });
    expect(errorsOf('tr', { ...valid('tr'), legalConsent: 'false' })).toEqual({ legalConsent: 'legalConsent.required' });
    expect(errorsOf('tr', { ...valid('tr'), legalConsent: 'yes' })).toEqual({ legalConsent: 'legalConsent.required' });
    const multipart = validateContact('tr', { ...valid('tr'), legalConsent: 'true' });
    expect(multipart.ok && multipart.value.legalConsent).toBe(true);
    for (const site of SITE_CODES.filter((s) => s !== 'tr')) {
      expect(validateContact(site, { ...valid(site), legalConsent: false }).ok).toBe(true);
    }
  });

  it('requires the site of the schema', () => {
    expect(errorsOf('de', { ...valid(), site: undefined })).toEqual({ site: 'required' });
    expect(errorsOf('de', { ...valid(), site: 'AT' })).toEqual({ site: 'site.invalid' });
    expect(errorsOf('de', { ...valid(), site: 'xx' })).toEqual({ site: 'site.invalid' });
    expect(validateContact('ch_fr', { ...valid(), site: 'ch_fr' }).ok).toBe(true);
  });

  it('reports the first error of every failing field for an empty form', () => {
    expect(errorsOf('tr', {})).toEqual({
      site: 'required',
      question: 'question.required',
      topic: 'topic.required',
      firstName: 'firstName.required',
      lastName: 'lastName.required',
      email: 'email.required',
      legalConsent: 'legalConsent.required',
    });
    expect(errorsOf('de', null)).toEqual(errorsOf('de', {}));
  });
});

describe('attachments', () => {
  const withFiles = (attachments: unknown) => validateContact('de', { ...valid(), attachments });

  it('accepts 3 files and refuses 4', () => {
    expect(withFiles([pdf(), pdf(), pdf()]).ok).toBe(true);
    expect(errorsOf('de', { ...valid(), attachments: [pdf(), pdf(), pdf(), pdf()] })).toEqual({
      attachments: 'attachments.tooMany',
    });
  });

  it('accepts 5 MB and refuses 5 MB + 1 byte', () => {
    expect(withFiles([pdf({ size: 5 * 1024 * 1024 })]).ok).toBe(true);
    expect(errorsOf('de', { ...valid(), attachments: [pdf({ size: 5 * 1024 * 1024 + 1 })] })).toEqual({
      attachments: 'attachments.tooLarge',
    });
  });

  it.each([
    ['beleg.pdf', 'application/pdf'],
    ['foto.png', 'image/png'],
    ['foto.jpg', 'image/jpeg'],
    ['FOTO.JPEG', 'image/jpeg'],
    ['scan.jfif', 'image/jpeg'],
    ['scan.jfif', ''],
    ['scan.jpg', 'image/pjpeg'],
    ['beleg.pdf', 'application/octet-stream'],
    // Names some systems' type tables still give (Citrix desktops, older Windows and macOS setups).
    ['beleg.pdf', 'application/x-pdf'],
    ['beleg.pdf', 'application/acrobat'],
    ['beleg.pdf', 'text/pdf'],
    ['beleg.pdf', 'text/x-pdf'],
    ['beleg.pdf', 'application/vnd.pdf'],
    ['urlaub.jpg', 'image/x-citrix-pjpeg'],
    ['foto.jpg', 'image/jpg'],
    ['foto.jpg', 'image/x-citrix-jpeg'],
    ['foto.png', 'image/x-png'],
    ['foto.png', 'image/x-citrix-png'],
    ['1000012345', 'image/jpg'],
    // No extension: the type the browser reports says what it is (the server checks the content).
    ['pdf', 'application/pdf'],
    ['1000012345', 'image/jpeg'],
  ])('accepts %s as %j', (name, type) => {
    expect(withFiles([pdf({ name, type })]).ok).toBe(true);
  });

  it.each([
    ['setup.exe', 'application/x-msdownload'],
    ['bild.gif', 'image/gif'],
    ['dokument.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pdf', ''],
    ['x.pdf', 'application/x-msdownload'],
    ['x.pdf', 'image/png'],
    ['foto.png', 'image/jpeg'],
    ['foto.jpg', 'image/x-png'],
    ['beleg.pdf', 'text/plain'],
  ])('refuses %s as %j', (name, type) => {
    expect(errorsOf('de', { ...valid(), attachments: [pdf({ name, type })] })).toEqual({
      attachments: 'attachments.wrongType',
    });
  });

  it('refuses what is not a file', () => {
    expect(errorsOf('de', { ...valid(), attachments: [{ name: 'a.pdf' }] })).toEqual({
      attachments: 'attachments.wrongType',
    });
    expect(errorsOf('de', { ...valid(), attachments: [pdf({ size: -1 })] })).toEqual({
      attachments: 'attachments.wrongType',
    });
    expect(errorsOf('de', { ...valid(), attachments: 'a.pdf' })).toEqual({ attachments: 'invalid' });
  });

  it('returns the given file objects themselves', () => {
    const file = pdf();
    const result = withFiles([file]);
    expect(result.ok && result.value.attachments?.[0]).toBe(file);
  });
});

describe('validateContactField', () => {
  it('gives the key of one field only', () => {
    const values = { ...valid(), email: 'nope', question: '' };
    expect(validateContactField('de', 'email', values)).toBe('email.invalid');
    expect(validateContactField('de', 'question', values)).toBe('question.required');
    expect(validateContactField('de', 'firstName', values)).toBeUndefined();
  });

  it('applies the site rules', () => {
    expect(validateContactField('tr', 'legalConsent', { legalConsent: false })).toBe('legalConsent.required');
    expect(validateContactField('de', 'legalConsent', { legalConsent: false })).toBeUndefined();
    expect(validateContactField('tr', 'legalConsent', { legalConsent: true })).toBeUndefined();
  });
});

describe('contact properties', () => {
  const site = fc.constantFrom(...SITE_CODES);

  it('validateContact never throws and answers only known fields and keys', () => {
    fc.assert(
      fc.property(site, fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...CONTACT_FIELDS), fc.anything())), (s, input) => {
        const result = validateContact(s, input);
        if (!result.ok) {
          for (const [field, key] of Object.entries(result.errors)) {
            expect(CONTACT_FIELDS).toContain(field);
            expect(CONTACT_MESSAGE_KEYS).toContain(key);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it('validateContact never throws on a hostile object', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); }, has: () => { throw new Error('boom'); } });
    expect(validateContact('de', hostile).ok).toBe(false);
  });

  const validMessage = site.chain((s) =>
    fc.record({
      site: fc.constant(s as string),
      question: fc.string({ maxLength: 200 }).map((q) => `Frage ${q}`),
      topic: fc.constantFrom(...CONTACT_TOPICS),
      articleNumber: fc.constantFrom('', '123456789', ' 42 '),
      firstName: fc.constantFrom('Anna', 'Łukasz', ' Jan ', "O'Neil", 'Zoë'),
      lastName: fc.constantFrom('Wójcik-Şahin', 'Weber', 'Nagy ', 'Dvořák'),
      email: fc.constantFrom('a@b.de', 'kunde@example.com.tr', 'x.y+z@mail.example.pl'),
      legalConsent: s === 'tr' ? fc.constant(true) : fc.boolean(),
      attachments: fc.array(
        fc.record({
          name: fc.constantFrom('a.pdf', 'b.PNG', 'c.jpg', 'd.jpeg', 'e.jfif'),
          size: fc.integer({ min: 1, max: 5 * 1024 * 1024 }),
          type: fc.constant(''),
        }),
        { maxLength: 3 },
      ),
    }),
  );

  it('a valid message stays valid when optional fields are removed', () => {
    fc.assert(
      fc.property(validMessage, fc.subarray(['articleNumber', 'attachments', 'legalConsent'] as const), (message, drop) => {
        const s = message.site as SiteCode;
        expect(validateContact(s, message).ok).toBe(true);
        const reduced: Record<string, unknown> = { ...message };
        for (const field of drop) if (!(field === 'legalConsent' && s === 'tr')) delete reduced[field];
        expect(validateContact(s, reduced).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the schema of each site is built once', () => {
    expect(contactSchemaFor('hu')).toBe(contactSchemaFor('hu'));
    expect(contactSchemaFor('hu')).not.toBe(contactSchemaFor('tr'));
  });
});
