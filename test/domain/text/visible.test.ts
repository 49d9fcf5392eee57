import fc from 'fast-check';
import { blankRunsAsOne, hasVisible } from '../../../src/domain/text/visible';

/** Characters a browser draws as nothing: white space, format characters and the other default-ignorable ones, blanks that pass for letters. */
const UNSHOWN = [
  ' ', '\t', '\n', '\u00A0', '\u3000', // white space
  '\u200B', '\u200C', '\u200D', '\u200E', '\u2066', '\uFEFF', '\u00AD', // format characters
  '\u034F', '\uFE0F', '\uFE00', '\u17B4', '\u17B5', '\u180B', '\u{E0100}', // default-ignorable, not format
  '\u2800', '\u115F', '\u1160', '\u3164', '\uFFA0', // braille and Hangul blanks
];

describe('hasVisible', () => {
  it('finds nothing visible in text made only of characters a browser draws as nothing', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...UNSHOWN), { minLength: 1, maxLength: 20 }), (parts) => !hasVisible(parts.join(''))));
  });

  it('finds the visible character among them: a letter, a digit, an emoji with its variation selector', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...UNSHOWN), { maxLength: 10 }),
        fc.constantFrom('a', 'ß', 'ş', '7', '❤\uFE0F', '漢', '-'),
        fc.array(fc.constantFrom(...UNSHOWN), { maxLength: 10 }),
        (before, shown, after) => hasVisible(before.join('') + shown + after.join('')),
      ),
    );
  });
});

describe('blankRunsAsOne', () => {
  it('keeps every line that shows, in order, with at most one empty line between them', () => {
    const line = fc.oneof(fc.array(fc.constantFrom(...UNSHOWN.filter((sign) => sign !== '\n')), { maxLength: 4 }).map((signs) => signs.join('')), fc.constantFrom('Anfang', 'Ende', 'a b', 'Ⓐ'));
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const out = blankRunsAsOne(lines.join('\n')).split('\n');
        expect(out.filter(hasVisible)).toEqual(lines.filter(hasVisible));
        for (let i = 1; i < out.length; i += 1) expect(out[i] === '' && out[i - 1] === '').toBe(false);
      }),
    );
  });
});
