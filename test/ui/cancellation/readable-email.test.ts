import { readableEmail } from '../../../src/ui/screens/cancellation/readable-email';

describe('the e-mail address as the shopper typed it', () => {
  it("turns a domain in its ASCII form back into its letters, as the server stores it", () => {
    expect(readableEmail('mueller@xn--bcher-kva.de')).toBe('mueller@bücher.de');
    expect(readableEmail('Info@XN--BCHER-KVA.DE')).toBe('Info@bücher.de');
    // A Turkish capital İ typed in the domain: 'i', as the server stores it.
    expect(readableEmail('ali@xn--istanbul-o0e.com.tr')).toBe('ali@istanbul.com.tr');
  });

  it('leaves a plain address, an invalid label and a label with format signs as sent', () => {
    expect(readableEmail('Erika.Muster@Example.DE')).toBe('Erika.Muster@Example.DE');
    expect(readableEmail('a@xn--zz.de')).toBe('a@xn--zz.de');
    expect(readableEmail('a@xn--99999999999999.de')).toBe('a@xn--99999999999999.de');
    expect(readableEmail('a@xn--ab-s1t.de')).toBe('a@xn--ab-s1t.de');
  });
});
