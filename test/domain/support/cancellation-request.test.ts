import fc from 'fast-check';
import {
  CANCELLATION_FIELDS,
  CANCELLATION_MESSAGE_KEYS,
  CANCELLATION_TYPES,
  MIN_COFFEE_DELIVERIES_WITH_MACHINE,
  ORDINARY_CANCELLATION_WINDOW_DAYS,
  validateCancellation,
  validateCancellationField,
} from '../../../src/domain/support/cancellation-request';

const valid = {
  site: 'DE',
  cancellationType: 'ordinary',
  reason: '',
  customerNumber: '12345678',
  subscriptionId: 'ABO-4711',
  firstName: 'Jonas',
  lastName: 'Weber',
  email: 'jonas.weber@example.de',
};

const errorsOf = (input: unknown) => {
  const result = validateCancellation(input);
  return result.ok ? {} : result.errors;
};

describe('validateCancellation', () => {
  it('accepts an ordinary cancellation without a reason, trimmed and cleaned', () => {
    expect(validateCancellation({ ...valid, firstName: ' Jonas ' })).toEqual({
      ok: true,
      value: {
        site: 'de',
        cancellationType: 'ordinary',
        customerNumber: '12345678',
        subscriptionId: 'ABO-4711',
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas.weber@example.de',
      },
    });
    const { reason: _, ...withoutReason } = valid;
    expect(validateCancellation(withoutReason).ok).toBe(true);
  });

  it('keeps the reason\'s lines but no control character (a NUL hid the rest from the shop\'s tools)', () => {
    const result = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason: 'Umzug\u0000 nach Wien\n\u001b[31mROT' });
    expect(result).toMatchObject({ ok: true, value: { reason: 'Umzug nach Wien\n[31mROT' } });
    // Its line breaks are one '\n' each, as the contact question's: a lone CR overwrote a line in a terminal.
    const breaks = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason: 'Ende\r\nZeile2\tTab\nZeile3\rZ4\u2028L5\u2029L6' });
    expect(breaks).toMatchObject({ ok: true, value: { reason: 'Ende\nZeile2\tTab\nZeile3\nZ4\nL5\nL6' } });
  });

  it('sends no reason with an ordinary cancellation when the reason shows nothing (a pasted direction mark, a zero-width space)', () => {
    for (const blank of ['  \u200B ', '\n\u200E\n', '\u2800', '\u00AD\t', '\u034F', '\uFE0F\uFE0F']) {
      const result = validateCancellation({ ...valid, reason: blank });
      expect(result.ok ? result.value.reason : 'refused').toBeUndefined();
    }
  });

  it('keeps the line breaks of a reason written in paragraphs', () => {
    const result = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason: 'Umzug ins Ausland.\n\nAb Juli wohne ich in Spanien.' });
    expect(result.ok && result.value.reason).toBe('Umzug ins Ausland.\n\nAb Juli wohne ich in Spanien.');
  });

  it('takes a customer number and subscription id as one line without invisible signs (a pasted zero-width space or tab)', () => {
    const result = validateCancellation({ ...valid, customerNumber: '1234\u200B5678\t', subscriptionId: '\tABO-\u200B4711' });
    expect(result.ok && [result.value.customerNumber, result.value.subscriptionId]).toEqual(['12345678', 'ABO-4711']);
  });

  it('has the two cancellation types; anything else fails the generic rule', () => {
    expect(CANCELLATION_TYPES).toEqual(['ordinary', 'extraordinary']);
    expect(errorsOf({ ...valid, cancellationType: '' })).toEqual({ cancellationType: 'required' });
    expect(errorsOf({ ...valid, cancellationType: 'immediate' })).toEqual({ cancellationType: 'required' });
  });

  it('requires a reason for an extraordinary cancellation only', () => {
    expect(errorsOf({ ...valid, cancellationType: 'extraordinary' })).toEqual({ reason: 'reason.required' });
    expect(errorsOf({ ...valid, cancellationType: 'extraordinary', reason: '   ' })).toEqual({ reason: 'reason.required' });
    // A reason that shows nothing is none: zero-width space, braille blank, Hangul filler, combining
    // grapheme joiner, variation selector, Khmer inherent vowels.
    for (const blank of ['\u200b', '\u2800', '\u3164', '\u00a0\u200b', '\u034f\u034f', '\ufe0f', '\u17b4\u17b5']) {
      expect(errorsOf({ ...valid, cancellationType: 'extraordinary', reason: blank })).toEqual({ reason: 'reason.required' });
    }
    const result = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason: ' Umzug ins Ausland ' });
    expect(result.ok && result.value.reason).toBe('Umzug ins Ausland');
    expect(errorsOf({ ...valid, reason: 'x'.repeat(5001) })).toEqual({ reason: 'reason.tooLong' });
  });

  it('takes a reason of up to 5000 characters (decisions: question and reason 5000)', () => {
    const reason = 'Umzug '.repeat(833) + 'xx';
    expect(reason).toHaveLength(5000);
    const result = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason });
    expect(result.ok && result.value.reason).toBe(reason);
    expect(errorsOf({ ...valid, cancellationType: 'extraordinary', reason: `${reason}x` })).toEqual({ reason: 'reason.tooLong' });
  });

  it('counts names and the reason as they are stored, letters with their accents composed (as a copy from a PDF on a Mac brings them apart)', () => {
    const apart = 'Sch\u00f6n'.normalize('NFD');
    expect(apart).toHaveLength(6);
    // 4,800 visible characters, 5,600 code points taken apart: under the 5,000 the shopper sees.
    const reason = `${apart} `.repeat(800);
    const result = validateCancellation({ ...valid, cancellationType: 'extraordinary', reason, lastName: 'e\u0301'.repeat(100) });
    expect(result.ok && [result.value.reason?.length, result.value.lastName]).toEqual([4799, '\u00e9'.repeat(100)]);
    expect(errorsOf({ ...valid, lastName: 'e\u0301'.repeat(101) })).toEqual({ lastName: 'lastName.tooLong' });
  });

  it('shows the reason error together with the other fields', () => {
    expect(errorsOf({ cancellationType: 'extraordinary' })).toEqual({
      site: 'required',
      reason: 'reason.required',
      customerNumber: 'required',
      subscriptionId: 'required',
      firstName: 'firstName.required',
      lastName: 'lastName.required',
      email: 'email.required',
    });
  });

  it.each(['de', 'at', 'ch', 'ch_fr', 'CH_FR', 'At'])('accepts the DACH site %s', (site) => {
    const result = validateCancellation({ ...valid, site });
    expect(result.ok && result.value.site).toBe(site.toLowerCase());
  });

  it.each(['pl', 'cz', 'hu', 'sk', 'tr', 'TR'])('refuses the non-DACH site %s', (site) => {
    expect(errorsOf({ ...valid, site })).toEqual({ site: 'site.notAllowed' });
  });

  it('tells an unknown site from a missing one', () => {
    expect(errorsOf({ ...valid, site: 'xx' })).toEqual({ site: 'site.invalid' });
    expect(errorsOf({ ...valid, site: 3 })).toEqual({ site: 'site.invalid' });
    expect(errorsOf({ ...valid, site: undefined })).toEqual({ site: 'required' });
  });

  it('requires customer number and subscription id by the generic rule, at most 50 characters', () => {
    expect(errorsOf({ ...valid, customerNumber: ' ', subscriptionId: undefined })).toEqual({
      customerNumber: 'required',
      subscriptionId: 'required',
    });
    expect(errorsOf({ ...valid, customerNumber: '1'.repeat(51) })).toEqual({ customerNumber: 'tooLong' });
  });

  it('takes a customer number and subscription id a JSON client sends as whole numbers, as their digits', () => {
    const result = validateCancellation({ ...valid, customerNumber: 12345678, subscriptionId: 4711 });
    expect(result.ok && [result.value.customerNumber, result.value.subscriptionId]).toEqual(['12345678', '4711']);
    expect(errorsOf({ ...valid, customerNumber: 1.5, subscriptionId: -3 })).toEqual({ customerNumber: 'required', subscriptionId: 'required' });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (number) => {
        const checked = validateCancellation({ ...valid, customerNumber: number });
        return checked.ok && checked.value.customerNumber === String(number);
      }),
    );
  });

  it('requires names and a valid e-mail address with their own keys', () => {
    expect(errorsOf({ ...valid, firstName: '', lastName: '', email: 'weber@' })).toEqual({
      firstName: 'firstName.required',
      lastName: 'lastName.required',
      email: 'email.invalid',
    });
    expect(errorsOf({ ...valid, email: ' ' })).toEqual({ email: 'email.required' });
  });

  it('gives one field on blur', () => {
    const values = { ...valid, cancellationType: 'extraordinary' };
    expect(validateCancellationField('reason', values)).toBe('reason.required');
    expect(validateCancellationField('email', values)).toBeUndefined();
  });

  it('never throws and answers only known fields and keys', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...CANCELLATION_FIELDS), fc.anything())), (input) => {
        const result = validateCancellation(input);
        if (!result.ok) {
          for (const [field, key] of Object.entries(result.errors)) {
            expect(CANCELLATION_FIELDS).toContain(field);
            expect(CANCELLATION_MESSAGE_KEYS).toContain(key);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('cancellation facts', () => {
  it('the ordinary-cancellation window is 5 days in Germany, 6 in Austria, 7 in Switzerland', () => {
    expect(ORDINARY_CANCELLATION_WINDOW_DAYS).toEqual({ de: 5, at: 6, ch: 7, ch_fr: 7 });
  });

  it('French Switzerland states a minimum of 4 coffee deliveries with a machine', () => {
    expect(MIN_COFFEE_DELIVERIES_WITH_MACHINE).toEqual({ ch_fr: 4 });
  });
});
