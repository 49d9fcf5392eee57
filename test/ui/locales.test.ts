import { keysOf, lookup } from '../../src/adapters/browser/site-dictionary';
import { DACH_SITES, SITES, SITE_CODES, type SiteCode } from '../../src/domain/support/sites';
import { allLanguageFileNames, languageFiles, siteDictionary, siteFile } from './helpers/site-dictionaries';

const reference = siteDictionary('de');
const referenceKeys = keysOf(reference);
const languages = [...new Set(SITE_CODES.map((site) => SITES[site].language))];
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
/** Placeholders a language may leave out: the zone's short name, which French has none of ("heure suisse"). */
const OPTIONAL_PLACEHOLDERS: Readonly<Record<string, { readonly language: string; readonly names: readonly string[] }>> = {
  'cancellation.pdf.received': { language: 'fr', names: ['zone'] },
  'cancellation.pdf.receivedUnnumbered': { language: 'fr', names: ['zone'] },
};
const required = (key: string, text: string, site: SiteCode) => {
  const optional = OPTIONAL_PLACEHOLDERS[key];
  return placeholders(text).filter((name) => optional?.language !== SITES[site].language || !optional.names.includes(name!));
};
const isDach = (site: SiteCode) => (DACH_SITES as readonly string[]).includes(site);

describe('the texts of the nine sites', () => {
  it('reads every language folder and every site file', () => {
    expect(referenceKeys.length).toBeGreaterThan(40);
    for (const language of languages) expect(Object.keys(languageFiles(language))).toContain('common');
    for (const site of SITE_CODES) expect(siteFile(site), site).toBeTruthy();
  });

  it('has every language file in every language folder', () => {
    for (const language of languages) {
      expect(Object.keys(languageFiles(language)).sort(), language).toEqual(allLanguageFileNames());
    }
  });

  it.each(SITE_CODES)('misses no key of the German site on %s (common + contact + site)', (site) => {
    const keys = new Set(keysOf(siteDictionary(site)));
    const missing = referenceKeys.filter((key) => !keys.has(key));
    expect(missing).toEqual([]);
  });

  it.each(SITE_CODES)('has no empty text on %s, except the cancellation texts outside DACH (spec §2)', (site) => {
    const dict = siteDictionary(site);
    // A site without a postal address shows its e-mail address; one without opening hours shows none (spec §9).
    const empty = keysOf(dict).filter((key) => lookup(dict, key)!.trim() === '' && key !== 'site.postalAddress' && key !== 'site.openingHours');
    const allowed = isDach(site) ? [] : empty.filter((key) => key.startsWith('cancellation.'));
    expect(empty).toEqual(allowed);
    if (!isDach(site)) expect(lookup(dict, 'cancellation.heading')).toBe('');
  });

  it.each(SITE_CODES)('keeps the placeholders of every German text on %s', (site) => {
    const dict = siteDictionary(site);
    const wrong = referenceKeys.filter((key) => {
      const text = lookup(dict, key) ?? '';
      return text !== '' && required(key, text, site).join() !== required(key, lookup(reference, key)!, site).join();
    });
    expect(wrong).toEqual([]);
  });

  it('gives every site a postal address or an e-mail address, a phone, a toll-free phone and an alternative e-mail', () => {
    for (const site of SITE_CODES) {
      const dict = siteDictionary(site);
      expect(`${lookup(dict, 'site.postalAddress')}${lookup(dict, 'site.email')}`, site).toMatch(/\S/);
      expect(lookup(dict, 'site.email'), site).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(lookup(dict, 'site.alternativeEmail'), site).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
      expect(lookup(dict, 'site.phoneLink'), site).toMatch(/^\+\d{8,15}$/);
      expect(lookup(dict, 'site.tollFreePhone'), site).toMatch(/\d/);
      expect(lookup(dict, 'site.shopUrl'), site).toMatch(/^https:\/\//);
    }
  });

  it('writes the opening hours of spec §9 for Austria, Switzerland, Czechia and Slovakia, and none for the other sites', () => {
    for (const site of ['de', 'pl', 'hu', 'tr'] as const) expect(lookup(siteDictionary(site), 'site.openingHours'), site).toBe('');
    expect(lookup(siteDictionary('at'), 'site.openingHours')).toBe('Täglich 08:00–20:00 Uhr');
    expect(lookup(siteDictionary('ch'), 'site.openingHours')).toBe('Mo–Fr 08:00–20:00 Uhr\nSa 08:00–16:00 Uhr');
    expect(lookup(siteDictionary('ch_fr'), 'site.openingHours')).toBe('Du lundi au vendredi, 08h00–\u206020h00\nLe samedi, 08h00–\u206016h00');
    expect(lookup(siteDictionary('cz'), 'site.openingHours')).toBe('Po–Pá 8:00–18:00');
    expect(lookup(siteDictionary('sk'), 'site.openingHours')).toBe('Po–Pi 8:00–18:00');
  });

  it.each(SITE_CODES)('keeps an ellipsis on the line of the word before it on %s (no breakable space before "…")', (site) => {
    const dict = siteDictionary(site);
    expect(keysOf(dict).filter((key) => /[ \t]…/.test(lookup(dict, key)!))).toEqual([]);
  });

  it('writes Swiss German without ß, and German German with it', () => {
    const swiss = siteDictionary('ch');
    expect(keysOf(swiss).filter((key) => lookup(swiss, key)!.includes('ß'))).toEqual([]);
    expect(lookup(siteDictionary('de'), 'supportBlock.title')).toBe('Unser Kundenservice ist für Sie da');
    expect(lookup(siteDictionary('de'), 'common.skipLink')).toBe('Zum Inhalt springen');
  });

  it('lays the Austrian site texts over the German texts', () => {
    expect(lookup(siteDictionary('at'), 'site.shopUrl')).toBe('https://www.kaffeeshop.at/');
    expect(lookup(siteDictionary('at'), 'contact.heading')).toBe(lookup(siteDictionary('de'), 'contact.heading'));
  });

  it.each(SITE_CODES)('the support block of %s invites an e-mail only where it shows the e-mail address', (site) => {
    const texts = siteDictionary(site);
    const showsAddress = (lookup(texts, 'site.postalAddress') ?? '').trim() !== '';
    const intro = lookup(texts, 'supportBlock.intro') ?? '';
    if (showsAddress) expect(intro).not.toMatch(/mail|posta/i);
    else expect(intro).not.toBe('');
  });

  it('says in the language of each site that the form needs JavaScript (the page\'s <noscript>)', () => {
    const german = 'Bitte aktivieren Sie JavaScript, um diese Seite zu nutzen.';
    const expected: Record<SiteCode, string> = {
      de: german,
      at: german,
      ch: german,
      ch_fr: 'Veuillez activer JavaScript pour utiliser cette page.',
      pl: 'Aby skorzystać z formularza kontaktowego, włącz obsługę JavaScriptu.',
      cz: 'Chcete-li použít kontaktní formulář, povolte prosím JavaScript.',
      hu: 'A kapcsolatfelvételi űrlap használatához kérjük, engedélyezze a JavaScriptet.',
      sk: 'Ak chcete použiť kontaktný formulár, povoľte, prosím, JavaScript.',
      tr: 'İletişim formunu kullanmak için lütfen JavaScript’i etkinleştirin.',
    };
    for (const site of SITE_CODES) expect(lookup(siteDictionary(site), 'common.noscript'), site).toBe(expected[site]);
  });

  it('announces added files in words that fit one file and several alike', () => {
    // The attachments field fills {{name}} with the names of all files added at once, joined by ', '.
    const expected: Record<SiteCode, string> = {
      de: 'Hinzugefügt: {{name}}.',
      at: 'Hinzugefügt: {{name}}.',
      ch: 'Hinzugefügt: {{name}}.',
      ch_fr: 'Vous avez ajouté {{name}}.',
      pl: 'Dodano: {{name}}.',
      cz: 'Přidáno: {{name}}.',
      hu: 'Hozzáadva: {{name}}.',
      sk: 'Pridané: {{name}}.',
      tr: 'Eklendi: {{name}}.',
    };
    for (const site of SITE_CODES) expect(lookup(siteDictionary(site), 'contact.attachments.added'), site).toBe(expected[site]);
  });

  it("names the confirmation PDF by a fixed file name per language, and states the ordinary notice there (spec: the success screen)", () => {
    const expected: Record<'de' | 'at' | 'ch' | 'ch_fr', [string, string]> = {
      de: ['Kuendigungsbestaetigung-Kaffee-Abo.pdf', 'Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.'],
      at: ['Kuendigungsbestaetigung-Kaffee-Abo.pdf', 'Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.'],
      ch: ['Kuendigungsbestaetigung-Kaffee-Abo.pdf', 'Ihre ordentliche Kündigung wird zum nächstmöglichen Termin wirksam.'],
      ch_fr: ['Confirmation-resiliation-abonnement-cafe.pdf', 'Votre résiliation ordinaire prend effet à la prochaine date possible.'],
    };
    for (const site of DACH_SITES) {
      const dict = siteDictionary(site);
      expect([lookup(dict, 'cancellation.pdf.fileName'), lookup(dict, 'cancellation.pdf.ordinaryNotice')], site).toEqual(expected[site]);
    }
  });

  it('offers the callback service on the Hungarian site only', () => {
    for (const site of SITE_CODES) {
      expect(lookup(siteDictionary(site), 'site.callbackUrl') !== undefined, site).toBe(site === 'hu');
    }
  });
});
