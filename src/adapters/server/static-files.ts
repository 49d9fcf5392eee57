/**
 * The built support app and the tracking library over HTTP (@fastify/static): hashed assets cached for
 * a year, the library and other files briefly, `index.html` for every page path with the request's
 * site and locale in it (`no-cache`), the latest-build file, the redirects of unknown page paths
 * (shared decisions, "Routes"), a plain 404 for any missing file, never the app's HTML, and JSON
 * 404/405 answers for API paths (never a redirect). When the server render entry is built, a page
 * comes with its first paint rendered on the server; should that fail, the page is answered as the
 * browser renders it (and the failure is logged).
 */
import { join, posix, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cancellationGuard, classifyPath, normalizeSearch, pagePath, redirectFor, respelledPagePath, type PathClass } from '../../domain/support/routes';
import { DEFAULT_SITE, headerLocale, resolveSite, siteForHost, type SiteCode } from '../../domain/support/sites';
import { percentDecoded } from '../../domain/text/percent-decoded';
import { AppPage, NOT_BUILT_PAGE, withRenderedPage, type PageMeta } from './app-page';
import { PageRendererFile, type PageRenderRequest } from './page-renderer';
import { HEALTH_PATH } from './health-route';
import { sendProblem } from './http-answers';
import { encodePage, pageEncoding } from './page-encoding';

/**
 * The host the request names on its Host line. Not Fastify's `request.host`, which behind trusted
 * proxies (TRUST_PROXY) reads `X-Forwarded-Host`: proxies pass a visitor's own one on, and the site it
 * picked (a Turkish page for the German host) would be kept by a cache keyed on the host.
 */
const hostLine = (request: FastifyRequest): string => request.headers.host ?? '';

/** The path the file server reads: percent-escapes decoded, dot segments resolved. */
const filePathOf = (pathname: string): string => posix.normalize(percentDecoded(pathname));

/**
 * A path with a '..' segment once decoded (`/assets/..%2F..%2Fpackage.json`, or with '\'): the file
 * sender refuses it with a bare 403, JSON even to a browser's navigation; as a missing file, a
 * navigation gets the not-found page and a page path the redirect, as for any other strange path.
 */
const climbsOut = (pathname: string): boolean => percentDecoded(pathname).split(/[\\/]/).includes('..');

/** The latest-build file: `{ "buildId": "<16 hex digits>" }`, polled by the app to detect a deploy. */
export const BUILD_FILE_PATH = '/build.json';
/** Where the tracking library's build (`dist/lib`) is served. */
export const LIB_PREFIX = '/lib/';

export const CacheControl = {
  page: 'no-cache',
  hashedAsset: 'public, max-age=31536000, immutable',
  // Every tab asks with a `?t=` of its own: a shared cache kept a dead entry per poll, and a deploy
  // check reading it through a CDN saw the old build for up to 10 s.
  buildFile: 'no-store',
  library: 'public, max-age=300',
  otherFile: 'public, max-age=3600',
} as const;

export interface StaticFilesOptions {
  /** The app's build folder (`dist/app`); it may not exist yet. */
  readonly appDir: string;
  /** The library's build folder (`dist/lib`). */
  readonly libDir: string;
  /** Host name -> site; an unmapped host puts no site into the page. */
  readonly hostSites: Readonly<Record<string, SiteCode>>;
  /** The server render entry (`dist/server/ssr-entry.js`); missing or left out: pages render in the browser. */
  readonly serverEntry?: string;
  /** The tag manager container the pages' tracker loads, named in each page. */
  readonly tagManagerScript?: string | undefined;
}

/**
 * Paths programs ask for, never a page or a redirect (a missing one is a JSON 404): the submission
 * endpoints, and the shop services the tracking library calls (customer data, psdata, product ids,
 * the first-party collector), also when the dev stand-ins are off and a redirect to the contact page
 * would hand the library HTML where it reads JSON.
 */
const API_PREFIXES = ['/service/customersupportfrontend/api', '/service/customerfrontenddata', '/service/productdata', '/service/ttruth', '/json'];
/**
 * The health check's other spellings (`/healthz/`, `/HEALTHZ`, `//healthz`, `/healthz;x`) and other
 * platforms' usual probe paths (`/health`, `/readyz`, `/livez`, `/status`, `/actuator/health`): a
 * redirect to the contact page, whose answer is 200 (and a 3xx counts as healthy to Kubernetes), made a
 * probe set up so find the instance healthy whatever its store.
 */
const HEALTH_SPELLINGS = new RegExp(`^/+${HEALTH_PATH.slice(1)}(?![\\w-])`);
/**
 * Other platforms' probe paths, whole (`/status.html` stays a missing file, `/status/order-4711` an
 * unknown path): under a prefix of theirs (`/api/v1`, `/actuator`, `/q`, `/-`) or of the pages'.
 */
const OTHER_PROBES = new RegExp(
  '^(?:/+(?:m|service/+customersupportfrontend|api(?:/+v\\d+)?|actuator|q|-))?/+' +
    '(?:healthz?|health[-_]?check|healthy|_health|readyz?|readiness|livez?|liveness|status|ping|up|heartbeat)' +
    '(?:/+(?:ready|live|readiness|liveness|healthy|startup))?/*(?:;[^/]*)?$',
);
const isApiPath = (pathname: string): boolean => {
  const lower = pathname.toLowerCase();
  return HEALTH_SPELLINGS.test(lower) || OTHER_PROBES.test(lower) || API_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
};
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** The methods a route of this exact path answers (none for a path that would read as a route pattern). */
const allowedMethods = (app: FastifyInstance, pathname: string): string[] => {
  if (!/^[\w\-./~%]+$/.test(pathname)) return [];
  try {
    return METHODS.filter((method) => app.hasRoute({ method, url: pathname }));
  } catch {
    return [];
  }
};

/**
 * A request's target in origin form (`/contact?site=de`). A request line may name the full address
 * (RFC 9112 §3.2.2, `GET http://host/contact`: a gateway's or a proxy client's); Fastify's router reads
 * its path, and so must the pages' handlers: every such page request was sent to /contact.
 */
const originForm = (target: string): string => {
  const rest = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  return rest === target || rest.startsWith('/') ? rest : `/${rest}`;
};

const splitUrl = (target: string): { pathname: string; search: string } => {
  const url = originForm(target);
  const q = url.indexOf('?');
  return q < 0 ? { pathname: url, search: '' } : { pathname: url.slice(0, q), search: url.slice(q) };
};

/** A browser's navigation asks for a page first; a script, image or `fetch` does not. */
const navigates = (request: FastifyRequest): boolean => /^\s*text\/html\b/i.test(request.headers.accept ?? '');

/** How a request whose URL cannot be decoded is answered (Fastify's `frameworkErrors`, `FST_ERR_BAD_URL`). */
export type UndecodableUrlAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;

/** The fixed answer to a URL that cannot be decoded: never Fastify's own, which repeats the URL. */
export const refuseUndecodableUrl: UndecodableUrlAnswer = (_request, reply) => sendProblem(reply, 400, 'request.invalid');

/**
 * Registers the static routes and the not-found handler on the root instance; returns the answer to
 * a URL that cannot be decoded, which needs the page.
 */
export async function registerStaticFiles(app: FastifyInstance, options: StaticFilesOptions): Promise<UndecodableUrlAnswer> {
  const page = new AppPage(join(options.appDir, 'index.html'));
  const renderer = options.serverEntry === undefined ? undefined : new PageRendererFile(options.serverEntry);

  /** Whether the log has said that the render entry is missing (once until it is there again). */
  let toldMissing = false;
  /** The render entry, when built; a missing one is logged at start and at the first page after it went. */
  const renderModule = async () => {
    const module = await renderer?.module();
    // An operator must see why pages come without their first paint (and in German until the script runs).
    if (renderer !== undefined && module === undefined && !toldMissing) {
      app.log.warn(`pages are rendered in the browser: the server render entry ${options.serverEntry} is missing (npm run build)`);
    }
    toldMissing = renderer !== undefined && module === undefined;
    return module;
  };
  /** The page rendered on the server, else the page the browser renders; `undefined` while not built. */
  const pageHtml = async (request: FastifyRequest, meta: PageMeta, render: PageRenderRequest) => {
    const shell = await page.render(meta);
    if (shell === undefined) return undefined;
    try {
      const module = await renderModule();
      if (module) {
        const rendered = await module.renderPage(render);
        if (rendered.kind === 'page') {
          const html = withRenderedPage(shell, rendered);
          if (html !== undefined) return { html, status: rendered.status };
          request.log.warn({ url: request.url }, 'page rendered in the browser: index.html has no empty #root');
        } else request.log.warn({ url: request.url, reason: rendered.reason }, 'page rendered in the browser');
      }
    } catch (error) {
      request.log.error({ err: error, url: request.url }, 'server rendering failed; page rendered in the browser');
    }
    return { html: shell, status: 200 };
  };

  // The first render imports the entry and builds the default site's dictionary: done before the
  // first visitor asks, so no visitor waits for it.
  const warmUp = async () => {
    const module = await renderModule();
    await module?.renderPage({ url: 'http://localhost/contact', site: DEFAULT_SITE });
  };
  app.addHook('onReady', async () => {
    warmUp().catch((error: unknown) => app.log.warn({ err: error }, 'the server render entry could not be warmed up'));
  });

  /**
   * The address the page is rendered for. Only its path and query matter to the render (the site comes
   * from the query or the host map): a Host header that is no host name (`a b`, `a@b`, a port over
   * 65535), which a client may send at will, gets a neutral one instead of failing the render.
   */
  const renderUrl = (request: FastifyRequest, url: string): string => {
    const host = hostLine(request);
    const given = `${request.protocol}://${host}${url}`;
    // A Host with '#', '?' or '/' in it would move the path and query the page is rendered for.
    return URL.canParse(given) && new URL(given).host === host.toLowerCase() ? given : `http://localhost${url}`;
  };

  /** The page for `path`; `url`, when given, is the address rendered instead of the request's own. */
  const answerPage = async (request: FastifyRequest, reply: FastifyReply, path: PathClass, search: string, url?: string) => {
    const hostSite = siteForHost(hostLine(request), options.hostSites);
    const query = url === undefined ? (request.query as Record<string, unknown> | undefined) : { site: new URLSearchParams(search).get('site') ?? undefined };
    const warn = (message: string, content?: unknown) => request.log.debug({ content }, message);
    const site = resolveSite({ queryParam: query?.site, serverValue: hostSite }, warn);
    if (path.kind === 'cancellation' || path.kind === 'cancellation-success') {
      const target = cancellationGuard(site, path.prefix, search);
      if (target !== null) return reply.redirect(target, 302);
    }
    const answer = await pageHtml(
      request,
      { site: hostSite, locale: headerLocale(request.headers['x-locale']), tagManagerScript: options.tagManagerScript },
      { url: renderUrl(request, url ?? originForm(request.url)), site, warn: (message, content) => request.log.warn({ content }, message) },
    );
    if (answer === undefined) {
      return reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    }
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      // A missing file is never found, whether or not the page was rendered here.
      .code(path.kind === 'file' ? 404 : answer.status)
      .header('cache-control', CacheControl.page)
      // A missing file's page is answered to a navigation only (Accept).
      .header('vary', path.kind === 'file' ? 'Host, X-Locale, Accept-Encoding, Accept' : 'Host, X-Locale, Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(await encodePage(answer.html, encoding));
  };

  // Every path no route and no file answers: 405 for a route asked with another method, pages,
  // redirects and 404s; an API path is never a page nor a redirect.
  app.setNotFoundHandler(async (request, reply) => {
    const { pathname, search } = splitUrl(request.url);
    const allowed = allowedMethods(app, pathname);
    if (allowed.length > 0) return sendProblem(reply.header('allow', allowed.join(', ')), 405, 'methodNotAllowed');
    const path = classifyPath(pathname);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // A page (`POST /contact`) is a route asked with another method too.
      const page = !isApiPath(pathname) && path.kind !== 'file' && path.kind !== 'unknown';
      return page ? sendProblem(reply.header('allow', 'GET, HEAD'), 405, 'methodNotAllowed') : sendProblem(reply, 404, 'notFound');
    }
    if (isApiPath(pathname)) return sendProblem(reply, 404, 'notFound');
    // A file that is not there: a browser that navigated to it (`/contact.html`) gets the not-found page.
    // Both answers name the Accept header: a cache must not hand a script's JSON to a browser's navigation.
    if (path.kind === 'file') return navigates(request) ? answerPage(request, reply, path, search) : sendProblem(reply.header('vary', 'Accept'), 404, 'notFound');
    if (path.kind === 'unknown') return reply.redirect(redirectFor(pathname, search) ?? '/contact', 302);
    const respelled = respelledPagePath(pathname);
    if (respelled !== null) return reply.redirect(respelled + normalizeSearch(search), 302);
    return answerPage(request, reply, path, search);
  });

  /**
   * A URL whose path cannot be decoded (a link a mail client cut after a '%'), asked for by a browser's
   * navigation: a file path is a missing file, its not-found page naming the path as written (each '%'
   * kept); a page path is redirected as an unknown page path is, to the contact page with the query.
   * Anything else gets the fixed `400 request.invalid`.
   */
  const answerUndecodableUrl: UndecodableUrlAnswer = (request, reply) => {
    const { pathname, search } = splitUrl(request.url);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !navigates(request) || isApiPath(pathname)) return refuseUndecodableUrl(request, reply);
    const path = classifyPath(pathname);
    if (path.kind === 'file') {
      // Fastify neither awaits nor catches what this handler returns: a failure (the page file gone
      // mid-deploy) is answered here, as the not-found handler's would be, instead of ending the process.
      return answerPage(request, reply, path, search, pathname.replace(/%/g, '%25') + search).catch((error: unknown) => {
        request.log.error({ err: error }, 'the not-found page of an undecodable URL could not be answered');
        return reply.sent ? reply : sendProblem(reply, 500, 'internal');
      });
    }
    return reply.redirect(redirectFor(pathname, search) ?? pagePath('contact', path.prefix) + normalizeSearch(search), 302);
  };

  app.get(BUILD_FILE_PATH, async (_request, reply) => {
    const buildId = await page.buildId();
    if (buildId === undefined) return sendProblem(reply, 404, 'notFound');
    return reply.header('cache-control', CacheControl.buildFile).send({ buildId });
  });

  await app.register(fastifyStatic, {
    root: options.appDir,
    prefix: '/',
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The build writes a Brotli and a gzip copy beside each script and style sheet.
    preCompressed: true,
    // index.html is a template: it is answered for the page paths, with the request's site in it
    // (also when asked for as /assets/..%2findex.html). A folder is no file: it goes on to the page
    // paths and redirects, and so does a path with a NUL byte (`/contact%00`), which the file sender
    // would answer with a bare 400.
    allowedPath: (pathname) => {
      const file = filePathOf(pathname);
      return file !== '/index.html' && !file.includes('\0') && !pathname.endsWith('/') && !climbsOut(pathname);
    },
    setHeaders: (res, filePath) => {
      const inAssets = relative(options.appDir, filePath).split(sep)[0] === 'assets';
      res.setHeader('cache-control', inAssets ? CacheControl.hashedAsset : CacheControl.otherFile);
      // The same path answers Brotli, gzip or plain bytes, by the request's Accept-Encoding.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });

  // The ESM build's type declarations are text to read, not a video (.ts is MPEG-TS to the MIME table).
  app.addHook('onSend', async (request, reply, payload) => {
    // Also a part of it (206): a cache that fetches by ranges stores the part's headers.
    const { pathname } = splitUrl(request.url);
    if ((reply.statusCode === 200 || reply.statusCode === 206) && pathname.startsWith(LIB_PREFIX) && filePathOf(pathname).endsWith('.d.ts')) {
      reply.header('content-type', 'text/plain; charset=utf-8');
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: options.libDir,
    prefix: LIB_PREFIX,
    decorateReply: false,
    index: false,
    dotfiles: 'ignore',
    cacheControl: false,
    // The library's build also writes Brotli and gzip copies.
    preCompressed: true,
    // A NUL byte, as in the app's folder, is a missing file rather than the file sender's bare 400.
    allowedPath: (pathname) => !pathname.endsWith('/') && !filePathOf(pathname).includes('\0') && !climbsOut(pathname),
    setHeaders: (res) => {
      res.setHeader('cache-control', CacheControl.library);
      res.setHeader('vary', 'Accept-Encoding');
      // Shop pages on other origins load it: with `integrity` and `crossorigin` (SRI), as a module
      // (always CORS), or under `Cross-Origin-Embedder-Policy: require-corp`. It is public and sent
      // without credentials, so any origin may read it.
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
    },
  });
  return answerUndecodableUrl;
}
