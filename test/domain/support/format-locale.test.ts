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

  it('is the texts language without a request locale', () => {
    expect(formatLocale(undefined, 'fr-CH')).toBe('fr-CH');
    expect(formatLocale('de-CH', 'de-CH')).toBe('de-CH');
  });
});
