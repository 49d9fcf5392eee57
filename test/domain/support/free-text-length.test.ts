import fc from 'fast-check';
import { optionalText, requiredText } from '../../../src/domain/support/form-fields';
import { freeTextLength } from '../../../src/domain/support/free-text';

const MAX = 20;
/** Texts near the limit with what makes counting hard: emoji (two code units), combining marks, controls, breaks, spaces. */
const hardText = fc
  .array(fc.constantFrom('a', 'ß', '😀', 'e\u0301', ' ', '\t', '\n', '\r\n', '\u000B', '\u0000', '\u2028', '👨‍👩‍👧'), { maxLength: 30 })
  .map((parts) => parts.join(''));

describe('the length a free text is counted at (the character count under the question and the reason)', () => {
  it('is over the limit exactly when the rule calls the text too long', () => {
    const required = requiredText('required', MAX, 'tooLong');
    const optional = optionalText(MAX, 'tooLong');
    fc.assert(
      fc.property(hardText, (text) => {
        const over = freeTextLength(text) > MAX;
        const requiredIssue = required.safeParse(text).error?.issues[0]?.message;
        const optionalIssue = optional.safeParse(text).error?.issues[0]?.message;
        expect(optionalIssue === 'tooLong').toBe(over);
        // A required text with nothing visible is missing before it can be too long.
        if (requiredIssue !== 'required') expect(requiredIssue === 'tooLong').toBe(over);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts an emoji once, and neither the spaces around the text nor its control characters', () => {
    expect(freeTextLength('😀'.repeat(3))).toBe(3);
    expect(freeTextLength('  Danke\u0007!  ')).toBe(6);
    // A soft line break (VT, from PowerPoint or Word) is a line break: one character, as '\n'.
    expect(freeTextLength('  Danke\u000B!  ')).toBe(7);
    expect(freeTextLength('a\r\nb')).toBe(3);
    // A letter and its accent apart (NFD, as a Mac's copy from a PDF) are one character, as stored.
    expect(freeTextLength('Sch\u00f6n'.normalize('NFD'))).toBe(5);
  });
});
