/**
 * The support front end's rows: the contact route's initial JavaScript (gzip -9 of the entry and the
 * chunks it preloads; the site's texts chunk too when the page is not rendered on the server) and a
 * Lighthouse run on the mobile preset against the reference server (pages rendered on the server).
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startServer } from '../../src/app/server/build-server';
import { serverConfig } from '../../src/app/server/config';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/support/chromium';
import { ROOT } from './sizes';
import { kb, thousands, verdict, type Row } from './table';

const APP_DIR = join(ROOT, 'dist/app');
const ROUTE_TARGET = 120 * 1024;

/**
 * Builds the app and the server render entry of its pages for production (a build started from a
 * test runner would bundle React's dev build).
 */
export function ensureAppBuilt(): void {
  for (const config of ['vite.config.ts', 'vite.ssr.config.ts']) {
    execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', config, '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  }
}

/**
 * The scripts `index.html` loads at once; without the server render entry also the German texts
 * chunk, loaded before the first render (a server-rendered page carries its dictionary).
 */
function initialScripts(): string[] {
  const html = readFileSync(join(APP_DIR, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1] as string);
  if (existsSync(join(ROOT, 'dist/server/ssr-entry.js'))) return scripts;
  const texts = readdirSync(join(APP_DIR, 'assets')).find((name) => /^texts-de-.*\.js$/.test(name));
  return texts === undefined ? scripts : [...scripts, texts];
}

export function contactRouteRows(): Row[] {
  ensureAppBuilt();
  const files = initialScripts();
  const gzip = files.reduce((sum, name) => sum + gzipSync(readFileSync(join(APP_DIR, 'assets', name)), { level: 9 }).length, 0);
  // What the reference backend sends a browser that accepts Brotli: the build's own `.br` copies.
  const brotli = files.reduce((sum, name) => sum + readFileSync(join(APP_DIR, 'assets', `${name}.br`)).length, 0);
  const jspdfAtStart = files.some((name) => readFileSync(join(APP_DIR, 'assets', name), 'utf8').includes('jsPDF'));
  return [
    {
      row: `Contact route initial JS, gzip -9 (${files.length} files)`,
      figure: `${kb(gzip)} = ${thousands(gzip)} B`,
      target: `<= ${kb(ROUTE_TARGET)}`,
      met: verdict(gzip <= ROUTE_TARGET),
    },
    { row: 'Contact route initial JS as served (Brotli copies)', figure: `${kb(brotli)} = ${thousands(brotli)} B`, target: '', met: '' },
    { row: 'jspdf in the contact route initial JS', figure: jspdfAtStart ? 'yes' : 'no', target: 'no', met: verdict(!jspdfAtStart) },
  ];
}

interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { displayValue?: string }>;
}

/** Lighthouse (mobile preset, simulated throttling) on /contact served by the reference backend. */
export async function lighthouseRows(): Promise<Row[]> {
  const bin = join(ROOT, 'node_modules/.bin/lighthouse');
  if (!existsSync(bin) || !existsSync(chromiumPath())) {
    return [{ row: 'Lighthouse, /contact, mobile', figure: 'not run: lighthouse or chromium missing', target: '', met: '' }];
  }
  const dir = mkdtempSync(join(tmpdir(), 'support-lighthouse-'));
  const { app, url } = await startServer(serverConfig({ port: 0, databaseFile: join(dir, 'bench.sqlite'), logLevel: 'silent' }));
  try {
    const report = join(dir, 'report.json');
    // Asynchronous: the server answers from this very process.
    await promisify(execFile)(
      bin,
      [`${url}/contact`, '--only-categories=performance,accessibility', '--form-factor=mobile', '--output=json', `--output-path=${report}`, '--quiet', `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`],
      { env: { ...process.env, CHROME_PATH: chromiumPath() }, timeout: 180_000 },
    );
    const result = JSON.parse(readFileSync(report, 'utf8')) as LighthouseReport;
    const score = (name: string) => Math.round((result.categories[name]?.score ?? 0) * 100);
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => `${id.split('-').map((w) => w[0]?.toUpperCase()).join('')} ${result.audits[id]?.displayValue ?? '?'}`)
      .join(', ');
    return [
      { row: 'Lighthouse accessibility, /contact, mobile', figure: String(score('accessibility')), target: '100', met: verdict(score('accessibility') === 100) },
      { row: 'Lighthouse performance, /contact, mobile', figure: `${score('performance')} (${metrics})`, target: '>= 98', met: verdict(score('performance') >= 98) },
    ];
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
