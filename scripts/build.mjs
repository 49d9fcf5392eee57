/**
 * `npm run build`: the app, the tracking library and the server render module, built into
 * dist/.next and then moved into dist/ folder by folder. A running server (it picks up a later build
 * without a restart) keeps answering from the previous build while Vite works, so visitors never
 * meet a half-written build: no "not built yet" page, no new page template over an old render module.
 * A failed build leaves dist/ as it was.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const NEXT = join(DIST, '.next');
const OLD = join(DIST, '.old');
const VITE = join(ROOT, 'node_modules', '.bin', 'vite');

/** Each output folder of dist/ and the Vite config that writes it. */
const BUILDS = [
  { folder: 'app', config: 'vite.config.ts' },
  { folder: 'lib', config: 'vite.lib.config.ts' },
  { folder: 'server', config: 'vite.ssr.config.ts' },
];

rmSync(NEXT, { recursive: true, force: true });
for (const { folder, config } of BUILDS) {
  const run = spawnSync(VITE, ['build', '--config', config, '--outDir', join(NEXT, folder), '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) {
    console.error(`build: ${config} failed; dist/ is left as it was.`);
    process.exit(run.status ?? 1);
  }
}

// Each move is two renames (a folder cannot be renamed over a full one): the three moves together
// take about a millisecond, the time a request could meet one new folder beside an old one.
rmSync(OLD, { recursive: true, force: true });
mkdirSync(OLD, { recursive: true });
for (const folder of ['server', 'lib', 'app']) {
  const current = join(DIST, folder);
  if (existsSync(current)) renameSync(current, join(OLD, folder));
  renameSync(join(NEXT, folder), current);
}
rmSync(OLD, { recursive: true, force: true });
rmSync(NEXT, { recursive: true, force: true });
