import fc from 'fast-check';
import {
  DACH_SITES,
  DEFAULT_HOST_MAP,
  DEFAULT_LOCALE,
  DEFAULT_SITE,
  DEFAULT_STORE_SITE,
  SITES,
  SITE_CODES,
  UNKNOWN_SITE_WARNING,
  isDach,
  parseSite,
  resolveLocale,
  resolveSite,
  siteForHost,
  toStoreSite,
  type SiteCode,
} from '../../../src/domain/support/sites';
import { classifyReferrer } from '../../../src/domain/tracking/referrer';
import { internalHostsFor } from '../../../src/domain/tracking/sites';

const collect = () => {
  const warnings: { message: string; content?: unknown }[] = [];
  return { warnings, log: (message: string, content?: unknown) => void warnings.push({ message, content }) };
};

describe('site codes', () => {
  it('are the nine sites of spec §1, with DE as default in the store form', () => {
    expect([...SITE_CODES].sort()).toEqual(['at', 'ch', 'ch_fr', 'cz', 'de', 'hu', 'pl', 'sk', 'tr']);
    expect(DEFAULT_SITE).toBe('de');
    expect(DEFAULT_STORE_SITE).toBe('DE');
  });

  it('have an upper-case store form', () => {
    expect(SITE_CODES.map(toStoreSite)).toEqual(['DE', 'AT', 'CH', 'CH_FR', 'PL', 'CZ', 'HU', 'SK', 'TR']);
  });

  it.each([
    ['de', 'de', 'de-DE'],
    ['at', 'de', 'de-AT'],
    ['ch', 'de', 'de-CH'],
    ['ch_fr', 'fr', 'fr-CH'],
    ['pl', 'pl', 'pl-PL'],
    ['cz', 'cs', 'cs-CZ'],
    ['hu', 'hu', 'hu-HU'],
    ['sk', 'sk', 'sk-SK'],
    ['tr', 'tr', 'tr'],
  ] as const)('%s: texts in %s, document lang %s', (site, language, lang) => {
    expect(SITES[site].language).toBe(language);
    expect(SITES[site].documentLang).toBe(lang);
  });

  it('reads a site code with spaces around it and in capitals, as a query may carry it (?site=ch_fr%20)', () => {
    expect(parseSite(' ch_fr ')).toBe('ch_fr');
    expect(parseSite('TR')).toBe('tr');
  });

  it('DACH is de, at, ch and ch_fr only', () => {
    expect(SITE_CODES.filter((s) => isDach(s))).toEqual(['de', 'at', 'ch', 'ch_fr']);
    expect(SITE_CODES.filter((s) => SITES[s].dach)).toEqual([...DACH_SITES]);
    expect(isDach('CH_FR')).toBe(true);
    expect(isDach('tr')).toBe(false);
    expect(isDach('xx')).toBe(false);
    expect(isDach(undefined)).toBe(false);
  });

  it('are parsed case-insensitively; anything else is no site', () => {
    expect(parseSite('CH_FR')).toBe('ch_fr');
    expect(parseSite('Tr')).toBe('tr');
    expect(parseSite('ch-fr')).toBeUndefined();
    expect(parseSite('')).toBeUndefined();
    expect(parseSite(7)).toBeUndefined();
    expect(parseSite('__proto__')).toBeUndefined();
  });
});

describe('resolveSite', () => {
  it.each(SITE_CODES)('takes ?site=%s from the query, in any case', (site) => {
    const { warnings, log } = collect();
    expect(resolveSite({ queryParam: site.toUpperCase(), serverValue: 'de' }, log)).toBe(site);
    expect(resolveSite({ queryParam: site }, log)).toBe(site);
    expect(warnings).toEqual([]);
  });

  it('resolves ?site=CH_FR to ch_fr', () => {
    expect(resolveSite({ queryParam: 'CH_FR' }, () => {})).toBe('ch_fr');
  });

  it.each(SITE_CODES)("uses the server's value %s when the query has none", (site) => {
    expect(resolveSite({ queryParam: null, serverValue: site.toUpperCase() }, () => {})).toBe(site);
    expect(resolveSite({ queryParam: '', serverValue: site }, () => {})).toBe(site);
  });

  it('is DE without any value, silently', () => {
    const { warnings, log } = collect();
    expect(resolveSite({}, log)).toBe('de');
    expect(warnings).toEqual([]);
  });

  it('falls back to DE with a warning for an unknown code', () => {
    const { warnings, log } = collect();
    expect(resolveSite({ queryParam: 'xx' }, log)).toBe('de');
    expect(warnings).toEqual([{ message: UNKNOWN_SITE_WARNING, content: { value: 'xx', source: 'query' } }]);
  });

  it('skips an unknown query value for the server value, with a warning', () => {
    const { warnings, log } = collect();
    expect(resolveSite({ queryParam: 'fr', serverValue: 'PL' }, log)).toBe('pl');
    expect(warnings).toHaveLength(1);
  });

  it('warns for an unknown server value too and ends at DE', () => {
    const { warnings, log } = collect();
    expect(resolveSite({ queryParam: 'nope', serverValue: 'neither' }, log)).toBe('de');
    expect(warnings.map((w) => w.content)).toEqual([
      { value: 'nope', source: 'query' },
      { value: 'neither', source: 'server' },
    ]);
  });

  it('takes the first of repeated query values', () => {
    expect(resolveSite({ queryParam: ['at', 'ch'] }, () => {})).toBe('at');
  });

  it('always yields a site and never throws, whatever the sources', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (queryParam, serverValue) => {
        const site = resolveSite({ queryParam, serverValue }, () => {});
        expect(SITE_CODES).toContain(site);
      }),
      { numRuns: 300 },
    );
  });
});

describe('siteForHost', () => {
  it('maps localhost to de, with or without a port', () => {
    expect(siteForHost('localhost')).toBe('de');
    expect(siteForHost('localhost:3000')).toBe('de');
    expect(siteForHost('127.0.0.1:3000')).toBe('de');
  });

  it('has a placeholder shop host for every site', () => {
    expect(new Set(Object.values(DEFAULT_HOST_MAP))).toEqual(new Set(SITE_CODES));
    for (const [host, site] of Object.entries(DEFAULT_HOST_MAP)) expect(siteForHost(host.toUpperCase() + '.')).toBe(site);
  });

  it('uses a given map and knows no other host', () => {
    const map: Record<string, SiteCode> = { 'shop.example': 'hu' };
    expect(siteForHost('shop.example:8443', map)).toBe('hu');
    expect(siteForHost('localhost', map)).toBeUndefined();
    expect(siteForHost('unknown.example')).toBeUndefined();
    expect(siteForHost('constructor')).toBeUndefined();
    expect(siteForHost(undefined)).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  it('defaults to de-DE', () => {
    expect(DEFAULT_LOCALE).toBe('de-DE');
    expect(resolveLocale(undefined)).toBe('de-DE');
    expect(resolveLocale('')).toBe('de-DE');
  });

  it.each([
    ['de-CH', 'de-CH'],
    ['fr-ch', 'fr-CH'],
    ['tr', 'tr'],
    ['CS-cz', 'cs-CZ'],
    [' pl-PL ', 'pl-PL'],
    ['sr-latn-rs', 'sr-Latn-RS'],
    ['es-419', 'es-419'],
  ])('accepts the well-formed tag %j as %s', (header, locale) => {
    expect(resolveLocale(header)).toBe(locale);
  });

  it.each(['de_CH', 'de-CH,de;q=0.9', 'german', 'd', 'de-', '-CH', '<script>', 'de-CH-x-foo'])(
    'refuses %j for de-DE',
    (header) => {
      expect(resolveLocale(header)).toBe('de-DE');
    },
  );

  it('takes the first of repeated header values', () => {
    expect(resolveLocale(['hu-HU', 'de-DE'])).toBe('hu-HU');
  });
});

describe('the support pages\' shop hosts and the tracking library', () => {
  it('counts a visit from one country site to another as internal: every host of the host map is one of the library\'s own', () => {
    const shopHosts = Object.keys(DEFAULT_HOST_MAP).filter((host) => host.includes('.') && !/^\d/.test(host));
    expect(shopHosts.length).toBeGreaterThanOrEqual(9);
    for (const from of shopHosts) {
      for (const to of shopHosts) expect(classifyReferrer(`https://${from}/contact`, internalHostsFor(to)), `${from} -> ${to}`).toBe('internal');
    }
  });
});
