/**
 * Server rendering of the support pages' first paint: the contract the app's render entry fulfils
 * (built by Vite into `dist/server/ssr-entry.js`), and its loader. The module is imported on first
 * use and again when the file changes on disk; a missing file means the pages are rendered in the
 * browser, as before.
 */
import { stat } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type { SiteCode } from '../../domain/support/sites';
import { fileVersion } from './file-version';

/** One page request, as the server resolved it. */
export interface PageRenderRequest {
  /** The absolute URL asked for (`http://host/contact?site=tr`). */
  readonly url: string;
  /** The page's site: the `site` query parameter, else the host's site, else DE (the browser resolves the same). */
  readonly site: SiteCode;
  /** Told of texts missing from the dictionary and similar harmless faults. */
  readonly warn?: (message: string, content?: unknown) => void;
}

/** A rendered page, or why there is none (the browser then renders it, as without server rendering). */
export type RenderedPage =
  | {
      readonly kind: 'page';
      /** The HTTP status of the page (200; an error route's own status). */
      readonly status: number;
      /** The markup of `#root`. */
      readonly html: string;
      /** `<html lang>`: the language of the texts shown. */
      readonly lang: string;
      /** The document title the screen sets. */
      readonly title: string;
      /** The text of the page's `<noscript>` in the page's language (left out: the template's own stays; empty: none). */
      readonly noscript?: string;
      /** The note shown when the page's own script cannot be loaded (`boot-guard.ts`), in its language. */
      readonly loadFailed?: string;
      /** JSON put into the page as `<script type="application/json" id=...>`, by id. */
      readonly data: Readonly<Record<string, unknown>>;
    }
  | { readonly kind: 'skipped'; readonly reason: string };

/** What the render entry module exports. */
export interface PageRenderModule {
  renderPage(request: PageRenderRequest): Promise<RenderedPage>;
}

const isRenderModule = (value: unknown): value is PageRenderModule =>
  value !== null && typeof value === 'object' && typeof (value as { renderPage?: unknown }).renderPage === 'function';

/** Loads the render entry by file path; `undefined` while it is not built. */
export class PageRendererFile {
  readonly #file: string;
  #loaded: { readonly version: string; readonly module: Promise<PageRenderModule> } | undefined;

  constructor(file: string) {
    this.#file = file;
  }

  /** The module, imported again after the file changed; `undefined` when the file is missing. Rejects when it cannot be imported. */
  async module(): Promise<PageRenderModule | undefined> {
    let info;
    try {
      info = await stat(this.#file);
    } catch {
      this.#loaded = undefined;
      return undefined;
    }
    const version = fileVersion(info);
    if (this.#loaded?.version !== version) {
      const url = `${pathToFileURL(this.#file).href}?v=${encodeURIComponent(version)}`;
      const module = import(url).then((loaded: unknown) => {
        if (!isRenderModule(loaded)) throw new Error(`${this.#file} exports no renderPage`);
        return loaded;
      });
      this.#loaded = { version, module };
      module.catch(() => {
        if (this.#loaded?.module === module) this.#loaded = undefined;
      });
    }
    return this.#loaded.module;
  }
}
