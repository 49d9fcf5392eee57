/** The library's IIFE build, rebuilt for the end-to-end test when it is missing or older than src/. */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const ROOT = resolve(import.meta.dirname, '../../..');
export const IIFE_PATH = join(ROOT, 'dist/lib/collect-on-track.iife.js');

const newestIn = (dir: string): number => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
};

/** True when dist/lib has no IIFE file, or one older than a file under src/, the build plugins in scripts/ or the lib config. */
export const isBuildStale = (): boolean =>
  !existsSync(IIFE_PATH) ||
  statSync(IIFE_PATH).mtimeMs <
    Math.max(newestIn(join(ROOT, 'src')), newestIn(join(ROOT, 'scripts')), statSync(join(ROOT, 'vite.lib.config.ts')).mtimeMs);

/**
 * Builds when stale, as `npm run build` does (scripts/build.mjs: aside, then moved into dist/, so a
 * server started by `npm start` meanwhile keeps its build); returns the IIFE's text.
 */
export async function libraryScript(): Promise<string> {
  if (isBuildStale()) {
    await promisify(execFile)(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  }
  return readFileSync(IIFE_PATH, 'utf8');
}
