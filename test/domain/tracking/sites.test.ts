import fc from 'fast-check';
import {
  INTERNAL_HOSTS,
  SITE_KEYS,
  TRACKING_SITES,
  campaignIdFor,
  siteKeyFromCode,
  siteLanguage,
  trackingSite,
} from '../../../src/domain/tracking/sites';
import type { LogLevel } from '../../../src/domain/tracking/log-buffer';

const sink = () => {
  const entries: { level: LogLevel; message: string }[] = [];
  return { entries, log: (level: LogLevel, message: string) => void entries.push({ level, message }) };
};

describe('site keys from the configured code (spec §3 Site)', () => {
  it.each([
    ['AT', 'at'],
    ['CH', 'ch'],
    ['CH_FR', 'ch_fr'],
    ['CZ', 'cz'],
    ['DE', 'de'],
    ['HU', 'hu'],
    ['PL', 'pl'],
    ['SK', 'sk'],
    ['TR', 'tr'],
  ])('%s gives %s, in any case', (code, key) => {
    const { entries, log } = sink();
    expect(siteKeyFromCode(code, log)).toBe(key);
    expect(siteKeyFromCode(code.toLowerCase(), log)).toBe(key);
    expect(siteKeyFromCode(` ${code} `, log)).toBe(key);
    expect(entries).toEqual([]);
  });

  it('defaults to de, silently for no code, with a warning for an unknown or a blank one (a template variable rendered empty)', () => {
    const { entries, log } = sink();
    expect(siteKeyFromCode(undefined, log)).toBe('de');
    expect(entries).toEqual([]);
    expect(siteKeyFromCode('FR', log)).toBe('de');
    expect(siteKeyFromCode('', log)).toBe('de');
    expect(siteKeyFromCode('  ', log)).toBe('de');
    // A sign a reader cannot see is written out: 'de\u200b' read as "de is unknown, de is used".
    expect(siteKeyFromCode('de\u200b', log)).toBe('de');
    // Every sign the shared rules count as unseen (a variation selector, a Hangul filler, the braille
    // blank), one beyond U+FFFF written so that it reads as one.
    expect(siteKeyFromCode('DE\uFE0F', log)).toBe('de');
    expect(siteKeyFromCode('\u3164\u2800', log)).toBe('de');
    expect(siteKeyFromCode('x\u{E0041}y', log)).toBe('de');
    expect(entries.map((entry) => entry.message)).toEqual([
      'The site code "FR" is unknown. The site de is used.',
      'The site code "" is unknown. The site de is used.',
      'The site code "  " is unknown. The site de is used.',
      'The site code "de\\u200b" is unknown. The site de is used.',
      'The site code "DE\\ufe0f" is unknown. The site de is used.',
      'The site code "\\u3164\\u2800" is unknown. The site de is used.',
      'The site code "x\\u{e0041}y" is unknown. The site de is used.',
    ]);
  });

  it('warns for a code given as a list or an object, which names no site', () => {
    const { entries, log } = sink();
    expect(siteKeyFromCode(['ch_fr'], log)).toBe('de');
    expect(siteKeyFromCode({ key: 'ch_fr' }, log)).toBe('de');
    expect(siteKeyFromCode(null, log)).toBe('de');
    expect(entries.map((entry) => entry.message)).toEqual([
      'The site code "["ch_fr"]" is unknown. The site de is used.',
      'The site code "{"key":"ch_fr"}" is unknown. The site de is used.',
      'The site code "null" is unknown. The site de is used.',
    ]);
  });

  it('warns for a symbol too, and names a long code cut to 100 characters, as every option warning does', () => {
    const { entries, log } = sink();
    expect(siteKeyFromCode(Symbol('at'), log)).toBe('de');
    expect(siteKeyFromCode('x'.repeat(1_000_000), log)).toBe('de');
    expect(entries.map((entry) => entry.message)).toEqual([
      'The site code "Symbol(at)" is unknown. The site de is used.',
      `The site code "${'x'.repeat(100)}…" is unknown. The site de is used.`,
    ]);
  });

  it('always answers one of the nine keys', () => {
    fc.assert(
      fc.property(fc.anything(), (code) => {
        expect(SITE_KEYS).toContain(siteKeyFromCode(code, () => {}));
      }),
      { numRuns: 300 },
    );
  });
});

describe('per-site configuration', () => {
  it('has a complete record for each of the nine sites', () => {
    expect(Object.keys(TRACKING_SITES).sort()).toEqual([...SITE_KEYS].sort());
    for (const key of SITE_KEYS) {
      const site = TRACKING_SITES[key];
      expect(site.key).toBe(key);
      expect(site.campaignId.live).not.toBe(site.campaignId.nonLive);
      expect(site.trackingUrl).toMatch(/^https:\/\//);
      expect(site.cdnUrl).toMatch(/^https:\/\/.+\.js$/);
    }
  });

  it('loads and sends nothing to a placeholder host someone could register: the hosts are under the reserved .example name', () => {
    for (const key of SITE_KEYS) {
      for (const url of [TRACKING_SITES[key].trackingUrl, TRACKING_SITES[key].cdnUrl]) {
        expect(new URL(url).hostname).toMatch(/\.example$/);
      }
    }
  });

  it('gives every site its own campaign ids', () => {
    const ids = SITE_KEYS.flatMap((key) => [TRACKING_SITES[key].campaignId.live, TRACKING_SITES[key].campaignId.nonLive]);
    expect(new Set(ids).size).toBe(18);
  });

  it('uses the non-live campaign id outside production (spec §4)', () => {
    expect(campaignIdFor('at', 'production')).toBe(TRACKING_SITES.at.campaignId.live);
    expect(campaignIdFor('at', 'staging')).toBe(TRACKING_SITES.at.campaignId.nonLive);
    expect(campaignIdFor('at', 'development')).toBe(TRACKING_SITES.at.campaignId.nonLive);
    expect(campaignIdFor('xx', 'production')).toBe(TRACKING_SITES.de.campaignId.live);
  });

  it('gives the site language: de, de, de, fr, pl, cz, hu, sk, tr', () => {
    expect(SITE_KEYS.map((key) => siteLanguage(key))).toEqual(['de', 'de', 'de', 'fr', 'pl', 'cz', 'hu', 'sk', 'tr']);
    expect(siteLanguage('unknown')).toBe('de');
  });

  it('falls back to the de site for anything that is not a key', () => {
    for (const key of [undefined, 'DE', 'fr', 5, {}, 'constructor']) expect(trackingSite(key)).toBe(TRACKING_SITES.de);
  });

  it('lists the own-shop hosts: every country site, the Austrian site, staging, dev and the collector', () => {
    for (const key of SITE_KEYS) {
      const host = TRACKING_SITES[key].shopHost;
      expect(INTERNAL_HOSTS.some((own) => host === own || host.endsWith(`.${own}`))).toBe(true);
    }
    expect(INTERNAL_HOSTS.length).toBeGreaterThanOrEqual(12);
    expect(INTERNAL_HOSTS).toEqual(expect.arrayContaining(['kaffeehaus-shop.at', 'collector.kaffeeshop-data.net']));
    expect(INTERNAL_HOSTS.some((h) => h.includes('staging'))).toBe(true);
    expect(INTERNAL_HOSTS.some((h) => h.split('.').includes('dev'))).toBe(true);
  });
});
