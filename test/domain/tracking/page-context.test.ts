import fc from 'fast-check';
import { derivePagePath, deviceType, isMobilePath, recordedPageUrl } from '../../../src/domain/tracking/page-context';

const lastSegment = (path: string): string => {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
};

const pathLike = fc.array(fc.constantFrom('/', 'm', '@', 'a', 'kaffee', '?', '#', '1', '/m/', '.'), { maxLength: 12 }).map((parts) => parts.join(''));

describe('page path derivation (spec §2)', () => {
  it("turns '/m' into '/'", () => {
    expect(derivePagePath('/m')).toBe('/');
    expect(derivePagePath('/m/')).toBe('/');
  });

  it("removes the mobile '/m/' prefix", () => {
    expect(derivePagePath('/m/kaffee/x')).toBe('/kaffee/x');
    expect(derivePagePath('/m/contact')).toBe('/contact');
  });

  it("keeps paths that only start with the letter m", () => {
    expect(derivePagePath('/mode/schuhe')).toBe('/mode/schuhe');
    expect(derivePagePath('/kaffee/m/x')).toBe('/kaffee/m/x');
  });

  it("strips a last segment containing '@'", () => {
    expect(derivePagePath('/a/b/c@123')).toBe('/a/b');
    expect(derivePagePath('/m/kaffee/bohne@400087')).toBe('/kaffee');
    expect(derivePagePath('/c@123')).toBe('/');
    expect(derivePagePath('/a/c@1/')).toBe('/a');
    // As the browser's location has it, percent-encoded: an e-mail address is still one.
    expect(derivePagePath('/m/docs/max.geheim%40example.org.pdf')).toBe('/docs');
  });

  it("strips an address segment that is not the last, with the segments under it (a newsletter confirmation's address)", () => {
    expect(derivePagePath('/newsletter/hilde.quast@quastmeyer-mail.de/bestaetigen')).toBe('/newsletter');
    expect(derivePagePath('/m/konto/max%40example.org/rechnungen/4711')).toBe('/konto');
    expect(derivePagePath('/a@b/c')).toBe('/');
  });

  it('strips an address a link builder encoded twice or more (%2540, %252540)', () => {
    expect(derivePagePath('/shop/unsub/max%2540example.org')).toBe('/shop/unsub');
    expect(derivePagePath('/konto/max%252540example.org/daten')).toBe('/konto');
    expect(recordedPageUrl('https://www.shop.de/shop/unsub/max%2540example.org?x=1')).toBe('https://www.shop.de/shop/unsub?x=1');
  });

  it("keeps a path without '@' as it is", () => {
    expect(derivePagePath('/kaffee/espresso/bohne-400087')).toBe('/kaffee/espresso/bohne-400087');
  });

  it('cuts off a query and a fragment and adds the leading slash', () => {
    expect(derivePagePath('/kaffee?x=@1')).toBe('/kaffee');
    expect(derivePagePath('/kaffee#top')).toBe('/kaffee');
    expect(derivePagePath('kaffee/x')).toBe('/kaffee/x');
    expect(derivePagePath('')).toBe('/');
  });

  it("gives '/' for anything that is not a string", () => {
    for (const input of [undefined, null, 42, {}, [], true, Symbol('x')]) expect(derivePagePath(input)).toBe('/');
  });

  it("never throws and always starts with '/', never with '/m/', and holds no '@' in any segment", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), pathLike, fc.anything()), (input) => {
        const path = derivePagePath(input);
        expect(path.startsWith('/')).toBe(true);
        expect(path.startsWith('/m/')).toBe(false);
        expect(path).not.toBe('/m');
        expect(lastSegment(path)).not.toContain('@');
        expect(path).not.toMatch(/@|%(25)*40/i);
      }),
      { numRuns: 1000 },
    );
  });

  it('is idempotent: a derived path derives to itself', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), pathLike), (input) => {
        const path = derivePagePath(input);
        expect(derivePagePath(path)).toBe(path);
      }),
      { numRuns: 500 },
    );
  });
});

describe('device type (spec §9: mobile or no mobile)', () => {
  const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
  const androidPhone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36';
  const androidTablet = 'Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';
  const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36';

  it("is 'mobile' for phones and for the '/m' paths", () => {
    expect(deviceType({ userAgent: iphone })).toBe('mobile');
    expect(deviceType({ userAgent: androidPhone })).toBe('mobile');
    expect(deviceType({ userAgent: desktop, pathname: '/m/contact' })).toBe('mobile');
    expect(deviceType({ pathname: '/m' })).toBe('mobile');
  });

  it("is 'no mobile' for desktops, tablets and missing input", () => {
    expect(deviceType({ userAgent: desktop, pathname: '/contact' })).toBe('no mobile');
    expect(deviceType({ userAgent: androidTablet })).toBe('no mobile');
    // An iPad's browser and in-app web views name a 'Mobile/…' build, as an iPhone's do.
    expect(deviceType({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1' })).toBe('no mobile');
    expect(deviceType({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148' })).toBe('no mobile');
    expect(deviceType({ pathname: '/mode' })).toBe('no mobile');
    expect(deviceType(undefined)).toBe('no mobile');
    expect(deviceType(null)).toBe('no mobile');
  });

  it("recognises the mobile path only for '/m' and '/m/...'", () => {
    expect(isMobilePath('/m')).toBe(true);
    expect(isMobilePath('/m/x')).toBe(true);
    expect(isMobilePath('/mx')).toBe(false);
    expect(isMobilePath(7)).toBe(false);
  });

  it("always answers 'mobile' or 'no mobile', whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (userAgent, pathname) => {
        expect(['mobile', 'no mobile']).toContain(deviceType({ userAgent, pathname }));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(['mobile', 'no mobile']).toContain(deviceType(input as never));
      }),
      { numRuns: 300 },
    );
  });
});

describe('recordedPageUrl (the address the collector and the log service get)', () => {
  it("leaves out the fragment and the path from its first segment holding an e-mail address ('@') on, as the page path does; keeps the rest", () => {
    expect(recordedPageUrl('https://www.shop.de/newsletter/abmelden/max.mustermann@example.org')).toBe('https://www.shop.de/newsletter/abmelden');
    expect(recordedPageUrl('https://www.shop.de/m/konto/max%40mustermann.de/?x=1#token')).toBe('https://www.shop.de/m/konto?x=1');
    expect(recordedPageUrl('https://www.shop.de/a@b')).toBe('https://www.shop.de/');
    expect(recordedPageUrl('https://www.shop.de/newsletter/hilde.quast@quastmeyer-mail.de/bestaetigen?utm_source=nl')).toBe(
      'https://www.shop.de/newsletter?utm_source=nl',
    );
    expect(recordedPageUrl('https://www.shop.de/m/kaffee/espresso?q=a@b#c')).toBe('https://www.shop.de/m/kaffee/espresso?q=a@b');
    expect(recordedPageUrl('about:blank')).toBe('about:blank');
    expect(recordedPageUrl(undefined)).toBeUndefined();
  });
});
