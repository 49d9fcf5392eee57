import fc from 'fast-check';
import { classifyReferrer, hostOf } from '../../../src/domain/tracking/referrer';
import { INTERNAL_HOSTS } from '../../../src/domain/tracking/sites';

// fc.webUrl() is slow to generate; this builds comparable URLs from domains.
const url = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.option(fc.nat(65535)), fc.webPath())
  .map(([scheme, host, port, path]) => `${scheme}://${host}${port === null ? '' : `:${port}`}${path}`);

const OWN = ['kaffeeshop.de', 'kaffeehaus-shop.at', 'collector.kaffeeshop-data.net'];

describe('referrer classification (spec §2: internal, external, direct)', () => {
  it("is 'direct' without a referrer", () => {
    for (const referrer of [undefined, null, '', '   ']) expect(classifyReferrer(referrer, OWN)).toBe('direct');
  });

  it("is 'internal' for an own host and its subdomains, in any case and with port or credentials", () => {
    expect(classifyReferrer('https://kaffeeshop.de/', OWN)).toBe('internal');
    expect(classifyReferrer('https://www.kaffeeshop.de/kaffee?x=1', OWN)).toBe('internal');
    expect(classifyReferrer('https://M.KaffeeShop.DE:8443/m/kaffee', OWN)).toBe('internal');
    expect(classifyReferrer('https://user:pw@www.kaffeehaus-shop.at/', OWN)).toBe('internal');
    expect(classifyReferrer('https://collector.kaffeeshop-data.net/x', OWN)).toBe('internal');
  });

  it("is 'external' for other hosts, also ones that only end in the same letters", () => {
    expect(classifyReferrer('https://www.google.com/', OWN)).toBe('external');
    expect(classifyReferrer('https://evilkaffeeshop.de/', OWN)).toBe('external');
    expect(classifyReferrer('https://kaffeeshop.de.evil.com/', OWN)).toBe('external');
    expect(classifyReferrer('https://other.kaffeeshop-data.net/', OWN)).toBe('external');
  });

  it("is 'external' for a referrer that is not an absolute URL", () => {
    for (const referrer of ['kaffeeshop.de', 'not a url', 'https://', 'https:///x', 42, {}]) {
      expect(classifyReferrer(referrer, OWN)).toBe('external');
    }
  });

  it('uses the configured own-shop hosts: every site, the Austrian site, staging, dev and the collector', () => {
    const hosts = [
      'https://www.kaffeeshop.de/',
      'https://www.kaffeeshop.at/',
      'https://www.kaffeeshop.ch/',
      'https://fr.kaffeeshop.ch/',
      'https://www.kaffeeshop.pl/',
      'https://www.kaffeeshop.cz/',
      'https://www.kaffeeshop.hu/',
      'https://www.kaffeeshop.sk/',
      'https://www.kaffeeshop.com.tr/',
      'https://www.kaffeehaus-shop.at/',
      'https://shop.staging.kaffeeshop-test.net/',
      'https://shop.dev.kaffeeshop-test.net/',
      'https://collector.kaffeeshop-data.net/',
    ];
    for (const referrer of hosts) expect(classifyReferrer(referrer, INTERNAL_HOSTS)).toBe('internal');
  });

  it('reads the host of absolute URLs only', () => {
    expect(hostOf('https://user@WWW.Shop.de:443/x?y#z')).toBe('www.shop.de');
    expect(hostOf('http://[::1]:3000/')).toBe('[::1]');
    expect(hostOf('https://shop.de./')).toBe('shop.de');
    expect(hostOf('//shop.de/')).toBeUndefined();
    expect(hostOf('https://sh op.de/')).toBeUndefined();
    expect(hostOf(undefined)).toBeUndefined();
  });

  it('always answers one of the three classes and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(url, fc.string(), fc.anything()), fc.anything(), (referrer, hosts) => {
        expect(['direct', 'internal', 'external']).toContain(classifyReferrer(referrer, hosts as never));
      }),
      { numRuns: 500 },
    );
  });

  it('classifies every URL on an own host as internal', () => {
    fc.assert(
      fc.property(url.map((u) => u.replace(/^http:/, 'https:')), fc.constantFrom(...OWN), (href, own) => {
        const onOwn = href.replace(/^https:\/\/[^/?#]*/, `https://www.${own}`);
        expect(classifyReferrer(onOwn, OWN)).toBe('internal');
      }),
      { numRuns: 300 },
    );
  });
});
