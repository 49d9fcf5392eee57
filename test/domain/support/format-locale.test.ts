import fc from 'fast-check';
import { formatLocale } from '../../../src/domain/support/sites';

const language = fc.constantFrom('de', 'fr', 'tr', 'pl', 'cs', 'hu', 'sk', 'en');
const region = fc.constantFrom('DE', 'CH', 'AT', 'FR', 'TR', 'US');

describe('formatLocale (numbers on the support pages)', () => {
  it('is the request locale when it is of the texts language, else the texts language', () => {
    fc.assert(
      fc.property(language, region, language, fc.boolean(), (requestLanguage, requestRegion, textLanguage, textHasRegion) => {
        const request = `${requestLanguage}-${requestRegion}`;
        const text = textHasRegion ? `${textLanguage}-CH` : textLanguage;
        expect(formatLocale(request, text)).toBe(requestLanguage === textLanguage ? request : text);
      }),
    );
  });

  it('is the texts language without a request locale, or with one naming the language alone (it says nothing of the country)', () => {
    expect(formatLocale(undefined, 'fr-CH')).toBe('fr-CH');
    expect(formatLocale('de-CH', 'de-CH')).toBe('de-CH');
    // A Swiss page asked for with `x-locale: de` wrote 5.000, not 5'000 (verification pass).
    expect(formatLocale('de', 'de-CH')).toBe('de-CH');
    expect(formatLocale('fr', 'fr-CH')).toBe('fr-CH');
    expect(formatLocale('tr', 'tr')).toBe('tr');
    expect(formatLocale('de-Latn', 'de-AT')).toBe('de-AT');
    // With a script between, the browser's number data knows no country either: it wrote 5.000 on ch.
    expect(formatLocale('de-Latn-CH', 'de-CH')).toBe('de-CH');
    expect(formatLocale('de-Latn-CH', 'de-AT')).toBe('de-AT');
    expect(formatLocale('de-419', 'de-CH')).toBe('de-CH');
  });
});
