/**
 * The README's "Use the tracking library on any page" snippet, read from README.md as it stands: it
 * type-checks against the declarations the build ships (strict TypeScript, as a shop's page script
 * would be checked), and, pasted into a page in Chromium, it tracks what the README says once the
 * visitor consents.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { launchChromium } from '../support/chromium';
import { IIFE_PATH, libraryScript } from './library-build';
import { startOrigin, type LocalOrigin } from './origins';

const README = resolve(import.meta.dirname, '../../../README.md');
/** The shipped declarations, beside the IIFE in dist/lib. */
const IIFE_TYPES = 'collect-on-track.iife.d.ts';
const ESM_TYPES = 'collect-on-track.d.ts';
/** The README's consent update, from the text below the snippet (the page types its data layer itself). */
const GRANT = "window.dataLayer?.push({ event: 'OneTrustGroupsUpdated', OnetrustActiveGroups: ',C0001,C0003,' });";
/** A shop's own typing of the data layer, as GTM's typings have it. */
const PAGE_TYPINGS = 'declare global {\n  interface Window {\n    dataLayer: any[];\n  }\n}';

/** The snippet's HTML: the first html code block of the section. */
function readmeSnippet(): { html: string; script: string } {
  const text = readFileSync(README, 'utf8');
  const section = text.slice(text.indexOf('## Use the tracking library on any page'));
  const html = /```html\n([\s\S]*?)```/.exec(section)?.[1];
  if (html === undefined) throw new Error('README.md has no html block under "Use the tracking library on any page"');
  const script = /<script>\n([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (script === undefined) throw new Error("The README's snippet has no inline script");
  return { html, script };
}

/** The problems strict TypeScript finds in a page's script (and other root files), as a shop's page script would be checked. */
function typeProblems(file: string, others: readonly string[] = [], extra: ts.CompilerOptions = {}): string[] {
  const program = ts.createProgram([file, ...others], {
    ...extra,
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/**
 * Push data as a shop's code has it, and what every push rejects at run time ('... must be an object.'):
 * the declarations take the first and refuse the second.
 */
const PUSH_DATA_USES = `
interface ShopPageData { page_type: string; page_name?: string }
class ShopClick { constructor(readonly event_category: string, readonly event_action: string) {} }
const pageData: ShopPageData = { page_type: 'content', page_name: 'home' };
const api = install({ site: 'DE' });
void api.pushInitialPageData(pageData);
void api.pushInitialPageData({ page_type: 'content', page_name: 'home', exactag_site_group: 'Homepage' });
void api.pushCustomEvent(new ShopClick('navigation', 'click'));
void api.pushItemListData({ items: [{ item_id: '123456789' }] });
// @ts-expect-error: an array is not page data
void api.pushInitialPageData([{ page_type: 'content' }]);
// @ts-expect-error: a function is not an event
void api.pushCustomEvent(() => ({}));
// @ts-expect-error: a read-only array neither
void createClient({ emitter: 'page' }).pushLeadData([] as readonly object[]);
// @ts-expect-error: nor a string
void api.pushEcommerceEvent('purchase');
// The site and environment words, in the cases the library reads:
const sites = ['de', 'AT', 'ch_fr', 'CH_FR', 'tr'] as const;
for (const site of sites) void install({ site, environment: 'production' });
void install({ environment: 'live' });
void install({ environment: 'Staging' });
// @ts-expect-error: a site code the library does not know ('ch_fr' is meant)
void install({ site: 'ch-fr' });
// @ts-expect-error: an environment the library does not know ('production' or 'live' is meant)
void install({ environment: 'prod' });
`;

let browser: Browser;
let shop: LocalOrigin;

beforeAll(async () => {
  const [script, origin] = await Promise.all([libraryScript(), startOrigin('shop')]);
  shop = origin;
  shop.route('/lib/collect-on-track.iife.js', () => ({ type: 'text/javascript', body: script }));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

describe("the README's snippet", () => {
  it("type-checks, strict, against the classic script's declarations copied alone beside the page", () => {
    const dir = mkdtempSync(join(tmpdir(), 'readme-snippet-'));
    copyFileSync(join(dirname(IIFE_PATH), IIFE_TYPES), join(dir, IIFE_TYPES));
    const file = join(dir, 'page.ts');
    writeFileSync(file, `/// <reference path="${IIFE_TYPES}" />\n${readmeSnippet().script}\n${GRANT}\n${PAGE_TYPINGS}\nexport {};\n`);
    expect(readdirSync(dir).sort()).toEqual([IIFE_TYPES, 'page.ts']);
    expect(typeProblems(file)).toEqual([]);
  });

  it("a page script names the classic script's types as docs/decisions.md says, and stays a classic script", () => {
    const dir = mkdtempSync(join(tmpdir(), 'named-types-'));
    copyFileSync(join(dirname(IIFE_PATH), IIFE_TYPES), join(dir, IIFE_TYPES));
    const file = join(dir, 'page.ts');
    const source = `/// <reference path="${IIFE_TYPES}" />\nconst options: import('./collect-on-track.iife.js').InstallOptions = { site: 'DE' };\nCollectOnTrack.install(options);\n`;
    writeFileSync(file, source);
    expect(typeProblems(file)).toEqual([]);
    // What the browser runs as a classic script: no module syntax left in it.
    expect(ts.transpileModule(source, { compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext } }).outputText).not.toMatch(/\b(import|export)\b/);
  });

  it('a project with both declaration files (the ESM one imported, the classic one referenced) type-checks, strict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'both-declarations-'));
    for (const name of [IIFE_TYPES, ESM_TYPES]) copyFileSync(join(dirname(IIFE_PATH), name), join(dir, name));
    const file = join(dir, 'page.ts');
    writeFileSync(
      file,
      `/// <reference path="${IIFE_TYPES}" />
import { install, createClient, type CollectOnTrackApi, type CollectOnTrackLibrary } from './collect-on-track.js';
const fromGlobal: CollectOnTrackLibrary = CollectOnTrack;
const fromWindow: CollectOnTrackLibrary = window.CollectOnTrack;
const fromModule: CollectOnTrackApi = fromGlobal.install({ site: 'DE' });
const installed: CollectOnTrackApi | undefined = window.collectOnTrackApi;
void installed?.pushCustomEvent({ event_category: 'navigation', event_action: 'click' });
void install({ site: 'DE' }).pushInitialPageData({ page_type: 'content' });
void createClient({ emitter: 'page' }).pushLeadData({});
void fromWindow.reset();
void fromModule.getLogs();
${readmeSnippet().script}
${PAGE_TYPINGS}
export {};
`,
    );
    expect(typeProblems(file)).toEqual([]);
    // Both files as roots of the program, as a tsconfig's "include" of the folder makes them, and a
    // second copy of the classic script's file elsewhere in the project (its global declared twice).
    mkdirSync(join(dir, 'vendor'));
    copyFileSync(join(dir, IIFE_TYPES), join(dir, 'vendor', IIFE_TYPES));
    expect(typeProblems(file, [join(dir, IIFE_TYPES), join(dir, ESM_TYPES), join(dir, 'vendor', IIFE_TYPES)])).toEqual([]);
  });

  it('the shipped ESM declarations take literals, interface-typed and class objects as push data, and the known site and environment words; they refuse arrays, functions and unknown words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'push-data-'));
    const file = join(dir, 'page.ts');
    const library = join(dirname(IIFE_PATH), 'collect-on-track.js');
    writeFileSync(file, `import { install, createClient } from '${library}';\n${PUSH_DATA_USES}\nexport {};\n`);
    expect(typeProblems(file)).toEqual([]);
  });

  it('take options read from configuration, each maybe undefined, also under exactOptionalPropertyTypes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-options-'));
    const file = join(dir, 'page.ts');
    const library = join(dirname(IIFE_PATH), 'collect-on-track.js');
    writeFileSync(
      file,
      `import { install, createClient, type InstallOptions, type InstallSite } from '${library}';
declare const config: { site?: InstallSite; collector?: string; logKey?: string; version?: string };
const options: InstallOptions = { site: config.site, environment: undefined, endpoints: { collector: config.collector }, remoteLog: { key: config.logKey } };
void install(options);
void createClient({ emitter: 'page', version: config.version });
export {};
`,
    );
    expect(typeProblems(file, [], { exactOptionalPropertyTypes: true })).toEqual([]);
  });

  it("pasted between a shop's scripts that use the names api and client, or twice by a template, breaks neither: the second install names itself", async () => {
    const { html } = readmeSnippet();
    const shopBefore = '<script>var api = window.api || { shop: true };</script>';
    const shopAfter = '<script>const client = { chat: true }; window.chatReady = api.shop === true;</script>';
    shop.route('/readme-among-scripts', () => ({
      body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title>\n${shopBefore}${html}${shopAfter}${html.replace(/<script src=[^>]*><\/script>/, '')}</head><body></body></html>`,
    }));
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${shop.origin}/readme-among-scripts`);
      await page.evaluate(GRANT);
      await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length >= 5);
      expect(await page.evaluate(() => (window as unknown as { chatReady?: boolean }).chatReady)).toBe(true);
      expect(errors).toEqual([expect.stringContaining('A collectOnTrackApi instance has already been installed.')]);
    } finally {
      await page.close();
    }
  });

  it('pasted into a page, sends the page view and the click (legacy and GA4) to the data layer once the visitor consents', async () => {
    shop.route('/readme', () => ({ body: `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Shop</title>\n${readmeSnippet().html}</head><body></body></html>` }));
    const page = await browser.newPage();
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${shop.origin}/readme`);
      await page.waitForFunction(() => (window as unknown as { collectOnTrackApi?: unknown }).collectOnTrackApi !== undefined);
      expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])).toEqual([]);
      await page.evaluate(GRANT);
      await page.waitForFunction(() => ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).length >= 5);
      const events = await page.evaluate(() =>
        ((window as unknown as { dataLayer: { event?: string; event_label?: string }[] }).dataLayer).map((entry) => [entry.event, entry.event_label ?? '']),
      );
      expect(events).toEqual([
        ['OneTrustGroupsUpdated', ''],
        ['pageview', ''],
        ['pageview_ga4', ''],
        ['event', 'logo'],
        // The legacy click in its GA4 form too (legacy-to-GA4 mapping).
        ['ga4_event', ''],
      ]);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
