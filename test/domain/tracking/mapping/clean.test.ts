import fc from 'fast-check';
import { isBlankText, joinPipe, removeEmpty, toNumber, truncate } from '../../../../src/domain/tracking/mapping/clean';

const hasEmptyString = (value: unknown): boolean =>
  value === '' ||
  (Array.isArray(value) && value.some(hasEmptyString)) ||
  (value !== null && typeof value === 'object' && Object.values(value).some(hasEmptyString));

/** No half of a surrogate pair on its own (String#isWellFormed, which this project's lib target lacks). */
const isWellFormed = (text: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

describe('payload cleaning (spec §5)', () => {
  it('removes empty strings at any depth and keeps 0 and false', () => {
    expect(removeEmpty({ a: '', b: 0, c: false, d: { e: '', f: 'x' }, g: ['', 'y'] })).toEqual({
      b: 0,
      c: false,
      d: { f: 'x' },
      g: ['y'],
    });
  });

  it('cuts pipe-joined lists and texts to 100 characters', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `id${i}`);
    expect(joinPipe(['x'.repeat(60), 'y'.repeat(60)])).toBe(`${'x'.repeat(60)}|${'y'.repeat(39)}`);
    expect(joinPipe(ids)).toBe(ids.join('|').slice(0, 99)); // the 100th character is a '|'
    expect(joinPipe(['a', '', null, 'b'])).toBe('a|b');
    expect(joinPipe(['a', { toString: false }, { toString: {} }, 7])).toBe('a|7');
    expect(truncate('x'.repeat(101))).toHaveLength(100);
  });

  it('parses numbers from numbers and numeric strings, with the given fallback', () => {
    expect(toNumber('12,5')).toBe(12.5);
    expect(toNumber('abc', 0)).toBe(0);
    expect(toNumber(undefined)).toBeUndefined();
    expect(toNumber(Number.NaN, 0)).toBe(0);
  });

  it('reads decimal numbers only: hexadecimal, octal and binary texts are no amounts', () => {
    for (const text of ['0x10', '0o17', '0b11', '-0x1', 'Infinity', '1e', 'e3']) expect(toNumber(text), text).toBeUndefined();
    expect([' 5 ', '.5', '5.', '-3', '+2,5', '1e3'].map((text) => toNumber(text))).toEqual([5, 0.5, 5, -3, 2.5, 1000]);
  });

  it('reads thousands separators: the last of "." and "," is the decimal separator when both occur', () => {
    expect(toNumber('1.234,56')).toBe(1234.56);
    expect(toNumber('1,234.56')).toBe(1234.56);
    expect(toNumber('1.234.567')).toBe(1234567);
    // One separator alone is the decimal separator, as JavaScript reads it.
    expect(toNumber('1.234')).toBe(1.234);
    expect(toNumber('1,234')).toBe(1.234);
    for (const text of ['1.23,4', '1,234,5', '1.2.3', '1.234,56,7']) expect(toNumber(text)).toBeUndefined();
  });

  it('an amount written as any of the nine sites (or English) writes it reads back as the amount', () => {
    const locales = ['de-DE', 'de-AT', 'de-CH', 'fr-CH', 'pl-PL', 'cs-CZ', 'hu-HU', 'sk-SK', 'tr-TR', 'en-US'] as const;
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...locales), (cents, locale) => {
        const amount = cents / 100;
        const text = amount.toLocaleString(locale, { minimumFractionDigits: 2, useGrouping: true });
        expect(toNumber(text)).toBe(amount);
      }),
      { numRuns: 1000, examples: locales.map((locale) => [123456, locale] as [number, (typeof locales)[number]]) },
    );
  });

  it('reads spaces and apostrophes between groups of three digits as thousands separators, never as decimals', () => {
    expect(toNumber('1 234,50')).toBe(1234.5);
    expect(toNumber('1\u00a0234,50')).toBe(1234.5);
    expect(toNumber('12\u202f345,5')).toBe(12345.5);
    expect(toNumber("1'234.50")).toBe(1234.5);
    expect(toNumber('1’234’567')).toBe(1234567);
    expect(toNumber('1 234')).toBe(1234);
    for (const text of ['1 23', '12 34,5', "1'234,5'0", '1 234 56', '1 234.567.8']) expect(toNumber(text), text).toBeUndefined();
  });

  it('cleaned payloads never contain an empty string, whatever the input', () => {
    fc.assert(fc.property(fc.anything(), (input) => {
      expect(hasEmptyString(removeEmpty(input))).toBe(false);
    }), {
      numRuns: 500,
    });
  });

  it('never cuts a character in two: an emoji at the 100th place goes whole', () => {
    const emoji = '\u{1F600}';
    expect(truncate(`${'x'.repeat(99)}${emoji}`)).toBe('x'.repeat(99));
    expect(truncate(`${'x'.repeat(98)}${emoji}y`)).toBe(`${'x'.repeat(98)}${emoji}`);
    const ids = Array.from({ length: 30 }, (_, i) => `id${i}${emoji}`);
    expect(isWellFormed(joinPipe(ids))).toBe(true);
  });

  it('leaves out the entries with nothing visible, the blanks that pass for letters too', () => {
    expect(joinPipe(['a', '\u3164', ' \u2800 ', '\uFFA0', '\u200B', 'b'])).toBe('a|b');
  });

  it('a list cut right after a separator does not end with an empty entry', () => {
    expect(joinPipe(['x'.repeat(99), 'next'])).toBe('x'.repeat(99));
  });

  it('a cut list or text is well formed, at most 100 characters, and a prefix of the whole (its entries trimmed, blank ones left out)', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'grapheme' })), (values) => {
      const whole = values.map((v) => v.trim()).filter((v) => !isBlankText(v)).join('|');
      const cut = joinPipe(values);
      expect(cut.length).toBeLessThanOrEqual(100);
      expect(isWellFormed(cut)).toBe(true);
      expect(whole.startsWith(cut)).toBe(true);
      if (whole.length > 100) expect(cut.endsWith('|')).toBe(false);
    }), { numRuns: 300 });
  });

  it('joinPipe is never longer than 100 characters', () => {
    fc.assert(fc.property(fc.array(fc.anything()), (values) => {
      expect(joinPipe(values).length).toBeLessThanOrEqual(100);
    }), {
      numRuns: 300,
    });
  });
});
