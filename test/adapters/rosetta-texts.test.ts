import { MISSING_TEXT_WARNING, RosettaTexts, type LocaleSources } from '../../src/adapters/browser/rosetta-texts';
import { SITES, type SiteCode } from '../../src/domain/support/sites';

const languages: Record<string, unknown[]> = {
  de: [
    { common: { greeting: 'Grüße', path: 'Page not found: {{path}}', single: 'Seite {path}', refused: '„{{name}}“ wurde nicht hinzugefügt' } },
    { contact: { heading: 'Wie können wir Ihnen helfen?' } },
  ],
  fr: [{ common: { greeting: 'Salutations', path: 'Page not found: {{path}}', single: 'Page {path}' } }, { contact: { heading: 'Comment pouvons-nous vous aider ?' } }],
  tr: [{ common: { greeting: 'Selamlar', path: 'Page not found: {{path}}', single: 'Sayfa {path}' } }, { contact: { heading: 'Size nasıl yardımcı olabiliriz?' } }],
};
const sites: Partial<Record<SiteCode, unknown>> = {
  de: { site: { phone: '040 3000 3000' } },
  at: { site: { phone: '01 360 3000' }, common: { greeting: 'Grüß Gott' } },
  ch: { site: { phone: '044 300 30 30', street: 'Strasse' } },
  ch_fr: { site: { phone: '021 300 30 30' } },
  tr: { site: { phone: '0850 300 30 30' } },
};

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

function recordingSources(gates: Partial<Record<string, Promise<void>>> = {}) {
  const asked: string[] = [];
  const sources: LocaleSources = {
    async site(site) {
      const { language } = SITES[site];
      asked.push(`language:${language}`, `site:${site}`);
      await gates[language];
      if (!languages[language]) throw new Error(`no ${language}`);
      if (!sites[site]) throw new Error(`no ${site}`);
      return { parts: languages[language], own: sites[site] };
    },
  };
  return { sources, asked };
}

describe('RosettaTexts', () => {
  it('answers with the key and nothing active before the first load', () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    expect(texts.getSnapshot()).toBeUndefined();
    expect(texts.t('contact.heading')).toBe('contact.heading');
    expect(texts.has('contact.heading')).toBe(false);
  });

  it('loads only the language and the site asked for', async () => {
    const { sources, asked } = recordingSources();
    const texts = new RosettaTexts({ sources });
    await texts.load('tr');
    expect(asked.sort()).toEqual(['language:tr', 'site:tr']);
    expect(texts.t('contact.heading')).toBe('Size nasıl yardımcı olabiliriz?');
    expect(texts.t('site.phone')).toBe('0850 300 30 30');
  });

  it("lays the site's texts over its language's texts", async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    await texts.load('at');
    expect(texts.t('common.greeting')).toBe('Grüß Gott');
    expect(texts.t('contact.heading')).toBe('Wie können wir Ihnen helfen?');
    await texts.load('de');
    expect(texts.t('common.greeting')).toBe('Grüße');
  });

  it('writes ss for ß and quotes with guillemets on the Swiss German site only', async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    await texts.load('ch');
    expect(texts.t('common.greeting')).toBe('Grüsse');
    expect(texts.t('site.street')).toBe('Strasse');
    expect(texts.t('common.refused', { name: 'Foto.png' })).toBe('«Foto.png» wurde nicht hinzugefügt');
    await texts.load('de');
    expect(texts.t('common.greeting')).toBe('Grüße');
    expect(texts.t('common.refused', { name: 'Foto.png' })).toBe('„Foto.png“ wurde nicht hinzugefügt');
  });

  it('fills {{name}} and {name} placeholders', async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    await texts.load('de');
    expect(texts.t('common.path', { path: '/assets/x1.js' })).toBe('Page not found: /assets/x1.js');
    expect(texts.t('common.single', { path: '/x' })).toBe('Seite /x');
  });

  it('fills each placeholder once: a value that holds a placeholder is shown as it is', async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    await texts.load('de');
    expect(texts.t('common.path', { path: '/{path}{{path}}.pdf' })).toBe('Page not found: /{path}{{path}}.pdf');
    expect(texts.t('common.single', { path: '/{path}' })).toBe('Seite /{path}');
    expect(texts.t('common.refused', { name: '{name}<b>x</b>{{name}}.pdf' })).toBe('„{name}<b>x</b>{{name}}.pdf“ wurde nicht hinzugefügt');
  });

  it('shows a missing key as the key and warns once per key', async () => {
    const warn = vi.fn();
    const texts = new RosettaTexts({ sources: recordingSources().sources, warn });
    await texts.load('de');
    expect(texts.t('contact.nothing')).toBe('contact.nothing');
    expect(texts.t('contact.nothing')).toBe('contact.nothing');
    expect(texts.t('contact')).toBe('contact');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(MISSING_TEXT_WARNING, { key: 'contact.nothing', site: 'de' });
  });

  it('tells subscribers when the active site changes, and only then', async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    const listener = vi.fn();
    const unsubscribe = texts.subscribe(listener);
    await texts.load('de');
    await texts.load('de');
    expect(listener).toHaveBeenCalledTimes(1);
    await texts.load('ch_fr');
    expect(texts.getSnapshot()).toBe('ch_fr');
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    await texts.load('de');
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('activates the site asked for last when loads overlap', async () => {
    const slowFrench = deferred();
    const texts = new RosettaTexts({ sources: recordingSources({ fr: slowFrench.promise }).sources });
    const french = texts.load('ch_fr');
    await texts.load('tr');
    slowFrench.resolve();
    await french;
    expect(texts.getSnapshot()).toBe('tr');
    expect(texts.t('common.greeting')).toBe('Selamlar');
  });

  it('rejects a failed load, keeps the texts shown, and may try again', async () => {
    const { sources, asked } = recordingSources();
    const texts = new RosettaTexts({ sources });
    await texts.load('de');
    await expect(texts.load('hu')).rejects.toThrow();
    expect(texts.getSnapshot()).toBe('de');
    expect(texts.t('common.greeting')).toBe('Grüße');
    await expect(texts.load('hu')).rejects.toThrow();
    expect(asked.filter((entry) => entry === 'site:hu')).toHaveLength(2);
  });

  it('takes a seeded dictionary as the active one without loading it, and loads other sites as before', async () => {
    const { sources, asked } = recordingSources();
    const texts = new RosettaTexts({ sources });
    const listener = vi.fn();
    texts.subscribe(listener);
    texts.seed('tr', { contact: { heading: 'Size nasıl yardımcı olabiliriz?' }, site: { phone: '0850 300 30 30' } });
    expect(texts.getSnapshot()).toBe('tr');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(texts.t('contact.heading')).toBe('Size nasıl yardımcı olabiliriz?');
    await texts.load('tr');
    expect(asked).toEqual([]);
    await texts.load('de');
    expect(asked.sort()).toEqual(['language:de', 'site:de']);
    expect(texts.t('contact.heading')).toBe('Wie können wir Ihnen helfen?');
  });

  it('gives the built dictionary of a loaded site (the one a page carries), none before', async () => {
    const texts = new RosettaTexts({ sources: recordingSources().sources });
    expect(texts.dictionary('ch')).toBeUndefined();
    await texts.load('ch');
    expect(texts.dictionary('ch')).toEqual({
      common: { greeting: 'Grüsse', path: 'Page not found: {{path}}', single: 'Seite {path}', refused: '«{{name}}» wurde nicht hinzugefügt' },
      contact: { heading: 'Wie können wir Ihnen helfen?' },
      site: { phone: '044 300 30 30', street: 'Strasse' },
    });
    const other = new RosettaTexts({ sources: recordingSources().sources });
    other.seed('ch', texts.dictionary('ch')!);
    expect(other.t('common.greeting')).toBe('Grüsse');
  });
});
