import fc from 'fast-check';
import {
  ALL_PAGE_PATHS,
  PAGE_PATHS,
  ROUTE_PREFIXES,
  cancellationGuard,
  classifyPath,
  normalizeSearch,
  pagePath,
  redirectFor,
  respelledPagePath,
  sameScreen,
} from '../../../src/domain/support/routes';
import { SITE_CODES } from '../../../src/domain/support/sites';

// Paths built from the pieces that matter to the rules (prefixes, page names, dots, slashes).
const pathPiece = fc.constantFrom(
  ...['/', 'm', 'M', 'contact', 'cancellation', 'success', 'service', 'customersupportfrontend'],
  ...['.', 'js', 'x1', '?', '#', '%2e', ''],
);
const path = fc.oneof(
  fc.array(pathPiece, { maxLength: 10 }).map((pieces) => pieces.join('')),
  fc.array(pathPiece, { maxLength: 6 }).map((pieces) => '/' + pieces.join('/')),
  fc.string(),
);

describe('route table', () => {
  it('has the three prefixes and the pages of the decisions', () => {
    expect(ROUTE_PREFIXES).toEqual(['', '/m', '/service/customersupportfrontend']);
    expect(PAGE_PATHS).toEqual({
      contact: '/contact',
      cancellation: '/cancellation',
      'cancellation-success': '/cancellation/success',
    });
    expect(ALL_PAGE_PATHS).toEqual([
      '/contact',
      '/cancellation',
      '/cancellation/success',
      '/m/contact',
      '/m/cancellation',
      '/m/cancellation/success',
      '/service/customersupportfrontend/contact',
      '/service/customersupportfrontend/cancellation',
      '/service/customersupportfrontend/cancellation/success',
    ]);
  });
});

describe('classifyPath', () => {
  it.each([
    ['/contact', 'contact', ''],
    ['/m/contact', 'contact', '/m'],
    ['/service/customersupportfrontend/contact', 'contact', '/service/customersupportfrontend'],
    ['/cancellation', 'cancellation', ''],
    ['/m/cancellation', 'cancellation', '/m'],
    ['/service/customersupportfrontend/cancellation', 'cancellation', '/service/customersupportfrontend'],
    ['/cancellation/success', 'cancellation-success', ''],
    ['/m/cancellation/success', 'cancellation-success', '/m'],
    ['/service/customersupportfrontend/cancellation/success', 'cancellation-success', '/service/customersupportfrontend'],
    ['/contact/', 'contact', ''],
    ['/M/Contact', 'contact', '/m'],
    ['/', 'unknown', ''],
    ['/m', 'unknown', '/m'],
    ['/m/', 'unknown', '/m'],
    ['/m/foo/bar', 'unknown', '/m'],
    ['/mobile/contact', 'unknown', ''],
    ['/service/customersupportfrontend/nope', 'unknown', '/service/customersupportfrontend'],
    ['/contact//', 'contact', ''],
    ['/assets/x1.js', 'file', ''],
    ['/favicon.png', 'file', ''],
    ['/m/assets/index-abc123.css', 'file', '/m'],
    ['/service/customersupportfrontend/assets/chunk.js', 'file', '/service/customersupportfrontend'],
    ['/contact.html', 'file', ''],
    ['/.env', 'file', ''],
  ] as const)('%s is %s under %j', (path, kind, prefix) => {
    expect(classifyPath(path)).toEqual({ kind, prefix });
  });

  it('ignores a query or hash left in the path', () => {
    expect(classifyPath('/m/contact?site=tr#top')).toEqual({ kind: 'contact', prefix: '/m' });
  });

  it('never throws and always answers a known kind and prefix', () => {
    fc.assert(
      fc.property(fc.oneof(path, fc.anything()), (value) => {
        const { kind, prefix } = classifyPath(value);
        expect(['contact', 'cancellation', 'cancellation-success', 'file', 'unknown']).toContain(kind);
        expect(ROUTE_PREFIXES).toContain(prefix);
      }),
      { numRuns: 500 },
    );
  });
});

describe('respelledPagePath', () => {
  it('gives a page path spelled otherwise its own spelling, once', () => {
    expect(respelledPagePath('/M/Contact/')).toBe('/m/contact');
    expect(respelledPagePath('/m/contact')).toBeNull();
    expect(respelledPagePath('/Agb.PDF')).toBeNull();
    // A link built as a base ending in '/' plus '/cancellation' (deploy QA pass: it went to the contact form).
    expect(['//cancellation', '//cancellation/success', '//m/cancellation', '/m//cancellation', '/cancellation//success', '/Cancellation//'].map(respelledPagePath)).toEqual([
      '/cancellation',
      '/cancellation/success',
      '/m/cancellation',
      '/m/cancellation',
      '/cancellation/success',
      '/cancellation',
    ]);
    fc.assert(
      fc.property(path, (given) => {
        const own = respelledPagePath(given);
        if (own === null) return;
        expect(respelledPagePath(own)).toBeNull();
        expect(sameScreen(given, own)).toBe(true);
      }),
    );
  });
});

describe('sameScreen', () => {
  it('tells the cancellation from its success screen, under every prefix, case and final slash alike', () => {
    expect(sameScreen('/cancellation', '/cancellation/success')).toBe(false);
    expect(sameScreen('/m/cancellation/success', '/Service/CustomerSupportFrontend/Cancellation/Success/')).toBe(true);
    expect(sameScreen('/contact', '/m/contact')).toBe(true);
    // A not-found page names its path.
    expect(sameScreen('/agb.pdf', '/agb.pdf')).toBe(true);
    expect(sameScreen('/agb.pdf', '/preise.pdf')).toBe(false);
    // A path that cannot be decoded, as the server renders it (each '%' encoded).
    expect(sameScreen('/m/agb%E0%A4.pdf', '/m/agb%25E0%25A4.pdf')).toBe(true);
    expect(sameScreen('/Rabatt-50%.pdf', '/Rabatt-50%25.pdf')).toBe(true);
  });

  it('holds every path the same screen as itself, and is symmetric', () => {
    fc.assert(
      fc.property(path, path, (a, b) => {
        expect(sameScreen(a, a)).toBe(true);
        expect(sameScreen(a, b)).toBe(sameScreen(b, a));
      }),
    );
  });
});

describe('redirectFor', () => {
  it('sends unknown paths under /m/ to /m/contact', () => {
    expect(redirectFor('/m/foo', '')).toBe('/m/contact');
    expect(redirectFor('/m/', '')).toBe('/m/contact');
    expect(redirectFor('/m', '')).toBe('/m/contact');
    expect(redirectFor('/m/cancellation/other', '')).toBe('/m/contact');
  });

  it('sends any other unknown path to /contact', () => {
    expect(redirectFor('/', '')).toBe('/contact');
    expect(redirectFor('/foo', '')).toBe('/contact');
    expect(redirectFor('/mobile', '')).toBe('/contact');
    expect(redirectFor('/service/customersupportfrontend/foo', '')).toBe('/contact');
  });

  it('keeps the query string', () => {
    expect(redirectFor('/foo', '?site=ch_fr')).toBe('/contact?site=ch_fr');
    expect(redirectFor('/m/foo', 'site=tr&x=1')).toBe('/m/contact?site=tr&x=1');
    expect(redirectFor('/foo', '?')).toBe('/contact');
  });

  it.each(ALL_PAGE_PATHS)('does not redirect the page %s', (path) => {
    expect(redirectFor(path, '?site=de')).toBeNull();
  });

  it.each(['/assets/x1.js', '/favicon.png', '/m/assets/missing-chunk.js', '/robots.txt'])(
    'never redirects the file path %s (404)',
    (path) => {
      expect(redirectFor(path, '?site=de')).toBeNull();
    },
  );

  it('never redirects a path whose last segment has an extension', () => {
    fc.assert(
      fc.property(
        path.map((p) => p.replace(/[?#]/g, '')),
        fc.constantFrom('x1', 'favicon', 'contact', 'index-abc123', ''),
        fc.constantFrom('js', 'css', 'png', 'pdf', 'map', 'woff2', 'HTML'),
        fc.string(),
        (dir, name, extension, search) => {
          expect(redirectFor(`${dir}/${name}.${extension}`, search)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('only ever redirects to a contact page', () => {
    fc.assert(
      fc.property(path, fc.string(), (p, search) => {
        const target = redirectFor(p, search);
        if (target !== null) expect(target).toMatch(/^\/(m\/)?contact(\?[^\u0000-\u001f#]*)?$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe('normalizeSearch', () => {
  it('adds a missing ?, drops a hash and control characters', () => {
    expect(normalizeSearch('a=1')).toBe('?a=1');
    expect(normalizeSearch('?a=1#x')).toBe('?a=1');
    expect(normalizeSearch('?a=1\r\nSet-Cookie: x')).toBe('?a=1Set-Cookie: x');
    expect(normalizeSearch(undefined)).toBe('');
  });
});

describe('cancellationGuard', () => {
  it.each(['de', 'at', 'ch', 'ch_fr', 'DE', 'CH_FR'])('lets the DACH site %s in', (site) => {
    for (const prefix of ROUTE_PREFIXES) expect(cancellationGuard(site, prefix, '?site=x')).toBeNull();
  });

  it.each(['pl', 'cz', 'hu', 'sk', 'tr'])('sends %s to the contact page under the same prefix, query kept', (site) => {
    expect(cancellationGuard(site, '', `?site=${site}`)).toBe(`/contact?site=${site}`);
    expect(cancellationGuard(site, '/m', `?site=${site}`)).toBe(`/m/contact?site=${site}`);
    expect(cancellationGuard(site, '/service/customersupportfrontend', '')).toBe(
      '/service/customersupportfrontend/contact',
    );
  });

  it('lets exactly the four DACH sites in', () => {
    expect(SITE_CODES.filter((site) => cancellationGuard(site, '/m', '') === null)).toEqual(['de', 'at', 'ch', 'ch_fr']);
  });

  it('refuses an unknown site and falls back to the root prefix for an unknown one', () => {
    expect(cancellationGuard('xx', '/other', '')).toBe('/contact');
    expect(cancellationGuard(undefined, '/m', '?a=1')).toBe('/m/contact?a=1');
  });

  it('builds page paths under a prefix', () => {
    expect(pagePath('cancellation-success', '/m')).toBe('/m/cancellation/success');
    expect(pagePath('contact')).toBe('/contact');
  });
});
