/**
 * The built app's `index.html` as a template: each page answer carries the site for the request's
 * host, the request's locale and the id of the build it comes from as `<meta name="support-site">`,
 * `<meta name="support-locale">` and `<meta name="support-build">`, put in place of a
 * `<!--support-meta-->` placeholder, else at the end of `<head>`. The file is read again when it
 * changes on disk, and its hash is the build id the app polls for (`/build.json`) and compares with
 * the one its page names. A server-rendered
 * page also gets its markup into the empty `#root`, its `<html lang>`, its title, its `<noscript>`
 * text, and its hydration data as non-executable JSON.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { SiteCode } from '../../domain/support/sites';
import { bootGuardTag, loadFailedNote } from './boot-guard';
import { fileVersion } from './file-version';
import type { RenderedPage } from './page-renderer';

export const META_PLACEHOLDER = '<!--support-meta-->';

export interface PageMeta {
  /** The site of the request's host; left out when the host maps to none. */
  readonly site?: SiteCode | undefined;
  /**
   * The request's locale in canonical case (`de-CH`), left out without a well-formed `x-locale`: the
   * page then writes its numbers as its site's language does (5'000 on ch), not as the default de-DE.
   */
  readonly locale?: string | undefined;
  /** The id of the build the page comes from (what `/build.json` answers while it is the latest). */
  readonly build?: string | undefined;
  /** The tag manager container the page's tracker loads (`<meta name="support-tag-manager">`). */
  readonly tagManagerScript?: string | undefined;
}

interface Template {
  /** The file's `fileVersion` when it was read. */
  readonly version: string;
  readonly html: string;
  readonly buildId: string;
}

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The `<head>` tags of a page answer. */
export const metaTags = ({ site, locale, build, tagManagerScript }: PageMeta): string =>
  [
    site === undefined ? '' : `<meta name="support-site" content="${escapeAttribute(site)}">`,
    locale === undefined ? '' : `<meta name="support-locale" content="${escapeAttribute(locale)}">`,
    build === undefined ? '' : `<meta name="support-build" content="${escapeAttribute(build)}">`,
    tagManagerScript === undefined ? '' : `<meta name="support-tag-manager" content="${escapeAttribute(tagManagerScript)}">`,
  ].join('');

/**
 * The template with the tags (and the boot guard, `boot-guard.ts`, which must come before the module
 * script) in place of the placeholder, else before `</head>`, else at the start.
 */
export function withMeta(html: string, meta: PageMeta): string {
  const tags = metaTags(meta) + bootGuardTag();
  if (html.includes(META_PLACEHOLDER)) return html.replace(META_PLACEHOLDER, () => tags);
  const head = html.search(/<\/head>/i);
  return head >= 0 ? html.slice(0, head) + tags + html.slice(head) : tags + html;
}

const ROOT_ELEMENT = /<div id="root"><\/div>/;
const HTML_LANG = /(<html\b[^>]*?\blang=")[^"]*(")/i;
const TITLE = /<title>[^<]*<\/title>/i;
const NOSCRIPT = /<noscript>[^<]*<\/noscript>/i;

// On a page rendered on the server the scripts only hydrate what is already shown: fetched at low
// priority, nothing competes with the page's style sheet and first paint.
const SCRIPT_TAGS = /<(script type="module"|link rel="modulepreload")(?![^>]*\bfetchpriority=)/g;

const escapeText = (value: string): string => value.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON that is safe inside a `<script>` element: no `<`, `>`, `&` or line separators as such. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * The page with the server's rendering in it: the markup inside `#root`, `<html lang>`, the title,
 * the `<noscript>` text, each data entry as `<script type="application/json" id=...>` before
 * `</body>`, and its module scripts fetched at low priority. `undefined` when the template has no
 * empty `<div id="root"></div>` (the browser then renders the page).
 */
export function withRenderedPage(html: string, page: Extract<RenderedPage, { kind: 'page' }>): string | undefined {
  if (!ROOT_ELEMENT.test(html)) return undefined;
  const data = Object.entries(page.data)
    .map(([id, value]) => `<script type="application/json" id="${escapeAttribute(id)}">${jsonForScript(value)}</script>`)
    .join('');
  const head = html
    .replace(SCRIPT_TAGS, (_whole, tag: string) => `<${tag} fetchpriority="low"`)
    .replace(HTML_LANG, (_whole, start: string, end: string) => `${start}${escapeAttribute(page.lang)}${end}`)
    .replace(TITLE, () => `<title>${escapeText(page.title)}</title>`)
    .replace(NOSCRIPT, (whole) => (page.noscript === undefined ? whole : page.noscript === '' ? '' : `<noscript>${escapeText(page.noscript)}</noscript>`));
  const end = head.search(/<\/body>/i);
  const withData = end >= 0 ? head.slice(0, end) + data + head.slice(end) : head + data;
  const note = page.loadFailed === undefined ? '' : loadFailedNote(page.loadFailed);
  return withData.replace(ROOT_ELEMENT, () => `${note}<div id="root">${page.html}</div>`);
}

export class AppPage {
  readonly #indexFile: string;
  #template: Template | undefined;

  /** `indexFile`: the built app's index.html (it may not exist yet). */
  constructor(indexFile: string) {
    this.#indexFile = indexFile;
  }

  async #load(): Promise<Template | undefined> {
    let info;
    try {
      info = await stat(this.#indexFile);
    } catch {
      this.#template = undefined;
      return undefined;
    }
    const cached = this.#template;
    const version = fileVersion(info);
    if (cached?.version === version) return cached;
    const html = await readFile(this.#indexFile, 'utf8');
    const buildId = createHash('sha256').update(html).digest('hex').slice(0, 16);
    this.#template = { version, html, buildId };
    return this.#template;
  }

  /** The page for one request, or `undefined` while the app is not built. */
  async render(meta: PageMeta): Promise<string | undefined> {
    const template = await this.#load();
    return template && withMeta(template.html, { ...meta, build: template.buildId });
  }

  /** The id of the build being served (changes with every build), or `undefined` while not built. */
  async buildId(): Promise<string | undefined> {
    return (await this.#load())?.buildId;
  }
}

/** What a page path answers while the app is not built (`npm run build` makes it). */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Support app not built</title></head>
<body>
<main>
<h1>The support app is not built yet</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds first) and reload this page.</p>
</main>
</body>
</html>
`;
