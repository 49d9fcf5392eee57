/**
 * The size rows: the library's builds (raw and gzip -9) and, for scale, zod/mini alone and rxjs's
 * Subject with three operators, each bundled the way the library is (Vite lib mode, IIFE, minified).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { isBuildStale } from '../e2e/tracker/library-build';

export const ROOT = resolve(import.meta.dirname, '../..');
export const LIB_DIR = join(ROOT, 'dist/lib');
export const IIFE_FILE = join(LIB_DIR, 'collect-on-track.iife.js');
export const ESM_FILE = join(LIB_DIR, 'collect-on-track.js');
/** Inside node_modules so that the tiny entries resolve the project's own zod and rxjs. */
const SCRATCH = join(ROOT, 'node_modules/.cache/collect-on-track-bench');

export interface FileSize {
  readonly raw: number;
  readonly gzip: number;
}

export const sizeOf = (file: string): FileSize => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** Builds the library (`vite build --config vite.lib.config.ts`) when it is missing or older than src/. */
export function ensureLibraryBuilt(): boolean {
  if (existsSync(ESM_FILE) && !isBuildStale()) return false;
  execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--config', 'vite.lib.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return true;
}

/** Script files in dist/lib besides the two entries (a lazily loaded chunk would show here). */
export const extraChunks = (): string[] =>
  readdirSync(LIB_DIR).filter((name) => /\.(m?js)$/.test(name) && ![IIFE_FILE, ESM_FILE].some((f) => f.endsWith(`/${name}`)));

/** The tiny entries bundled for scale. Each uses what it imports, so nothing is shaken off. */
export const PEER_ENTRIES = {
  'zod/mini alone': `
import * as z from 'zod/mini';
const Item = z.object({ item_id: z.string(), price: z.optional(z.number()), quantity: z.optional(z.number()) });
const Event = z.object({ event: z.string(), items: z.optional(z.array(Item)), guest_order: z.optional(z.boolean()) });
export const check = (value) => Event.safeParse(value);
`,
  'rxjs Subject + filter, map, takeUntil': `
import { Subject, filter, map, takeUntil } from 'rxjs';
export const stream = (stop, listener) => {
  const subject = new Subject();
  subject.pipe(filter((m) => typeof m === 'string'), map((m) => JSON.parse(m)), takeUntil(stop)).subscribe(listener);
  return subject;
};
`,
} as const;

/** Bundles one tiny entry as the library is bundled, and returns the size of the result. */
export async function bundledSize(name: string, source: string): Promise<FileSize> {
  const dir = join(SCRATCH, name.replace(/[^a-z0-9]+/gi, '-'));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const entry = join(dir, 'entry.js');
  writeFileSync(entry, source);
  try {
    await build({
      configFile: false,
      root: dir,
      logLevel: 'silent',
      build: {
        outDir: join(dir, 'out'),
        emptyOutDir: true,
        lib: { entry, name: 'Peer', formats: ['iife'], fileName: () => 'peer.iife.js' },
      },
    });
    return sizeOf(join(dir, 'out/peer.iife.js'));
  } finally {
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}
