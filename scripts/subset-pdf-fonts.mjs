/**
 * Writes the PDF confirmation's fonts (src/adapters/browser/fonts): Noto Sans regular and bold, cut
 * down to Latin with its extensions, combining marks, Greek, Cyrillic, punctuation, currency and
 * letter-like signs, without hinting or layout tables (jsPDF uses neither), keeping the licence's
 * name entries (13, 14: the SIL Open Font License, OFL.txt beside the fonts). Run once when the set
 * should change:
 *
 *   npm i --no-save subset-font@2.9.0 @expo-google-fonts/noto-sans@0.4.2 && node scripts/subset-pdf-fonts.mjs
 */
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

export const PDF_FONT_RANGES = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0x2ff], // Latin-1 Supplement, Latin Extended-A and -B, IPA (ə, ɔ, ɛ), spacing modifier letters
  [0x300, 0x36f], // combining marks (a name typed with a mark no letter has precomposed: ọ̀)
  [0x370, 0x3ff], // Greek
  [0x400, 0x4ff], // Cyrillic
  [0x1e00, 0x1eff], // Latin Extended Additional
  [0x2c60, 0x2c7f], // Latin Extended-C
  [0x2000, 0x206f], // general punctuation
  [0x20a0, 0x20cf], // currency signs
  [0x2100, 0x214f], // letter-like signs
];

let text = '';
for (const [from, to] of PDF_FONT_RANGES) for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
const source = 'node_modules/@expo-google-fonts/noto-sans';
for (const [file, target] of [
  ['400Regular/NotoSans_400Regular.ttf', 'noto-sans-regular.ttf'],
  ['700Bold/NotoSans_700Bold.ttf', 'noto-sans-bold.ttf'],
]) {
  const font = await subsetFont(readFileSync(`${source}/${file}`), text, {
    targetFormat: 'truetype',
    noHinting: true,
    noLayoutClosure: true,
    dropTables: ['GPOS', 'GSUB', 'GDEF', 'kern', 'DSIG', 'STAT'],
    preserveNameIds: [13, 14],
  });
  writeFileSync(`src/adapters/browser/fonts/${target}`, font);
  console.log(target, font.length, 'bytes');
}
