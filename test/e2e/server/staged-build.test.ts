/**
 * `npm run build` (scripts/build.mjs) while the reference backend serves: the server keeps answering
 * the previous build until the new one is complete, and a failed build leaves the served one alone.
 * The script runs as it is, from a copy of the project's layout whose `node_modules/.bin/vite` is a
 * stand-in that writes a small build per config (slowly, like the real one).
 */
import { spawn } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/app/server/config';
import { INDEX_HTML, startTestServer, type TestServer } from './server-fixture';

const STAND_IN_VITE = `#!/usr/bin/env node
// Stand-in for Vite in this test: writes the build named by BUILD_ID into --outDir.
const fs = require('node:fs');
const path = require('node:path');
const args = process.argv.slice(2);
const config = args[args.indexOf('--config') + 1];
const outDir = args[args.indexOf('--outDir') + 1];
// Like Vite: the output folder is emptied first, then the build takes its time.
fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.env.BUILD_DELAY_MS || 0));
if (config === process.env.BUILD_FAILS) { console.error('stand-in vite: ' + config + ' failed'); process.exit(1); }
const id = process.env.BUILD_ID;
if (config === 'vite.config.ts') fs.writeFileSync(path.join(outDir, 'index.html'), process.env.INDEX_HTML.replace('<title>Kundenservice</title>', '<title>build ' + id + '</title>'));
if (config === 'vite.lib.config.ts') fs.writeFileSync(path.join(outDir, 'collect-on-track.iife.js'), 'var CollectOnTrack = {}; // ' + id + '\\n');
if (config === 'vite.ssr.config.ts') fs.writeFileSync(path.join(outDir, 'README'), id);
`;

let root: string;
let server: TestServer;

/** Runs the project's build script in `root`; resolves with its exit code and error output. */
const runBuild = (env: Record<string, string>) =>
  new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [join(root, 'scripts/build.mjs')], {
      cwd: root,
      env: { ...process.env, INDEX_HTML, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });

const servedBuild = async (): Promise<string> => {
  const response = await fetch(`${server.url}/contact`);
  if (response.status !== 200) return `status ${response.status}`;
  return /<title>build (\w+)<\/title>/.exec(await response.text())?.[1] ?? 'no build title';
};

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'support-build-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync(join(PROJECT_ROOT, 'scripts/build.mjs'), join(root, 'scripts/build.mjs'));
  mkdirSync(join(root, 'node_modules/.bin'), { recursive: true });
  writeFileSync(join(root, 'node_modules/.bin/vite'), STAND_IN_VITE);
  chmodSync(join(root, 'node_modules/.bin/vite'), 0o755);
  expect(await runBuild({ BUILD_ID: 'old' })).toMatchObject({ code: 0 });
  server = await startTestServer({
    build: false,
    config: { appDir: join(root, 'dist/app'), libDir: join(root, 'dist/lib'), serverEntry: join(root, 'dist/server/ssr-entry.js') },
  });
});
afterAll(async () => {
  await server?.close();
});

describe('npm run build while the server serves', () => {
  it('keeps answering the previous build until the new one is complete, then the new one', async () => {
    expect(await servedBuild()).toBe('old');
    const build = runBuild({ BUILD_ID: 'new', BUILD_DELAY_MS: '150' });
    let done = false;
    void build.then(() => (done = true));
    const seen: string[] = [];
    while (!done) {
      seen.push(await servedBuild());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await build).code).toBe(0);
    seen.push(await servedBuild());
    // Only whole builds, in order: the old one while Vite works, then the new one.
    expect(seen.filter((build, i) => build !== seen[i - 1])).toEqual(['old', 'new']);
    expect(readFileSync(join(root, 'dist/lib/collect-on-track.iife.js'), 'utf8')).toContain('// new');
    expect(existsSync(join(root, 'dist/.next')) || existsSync(join(root, 'dist/.old'))).toBe(false);
  });

  it('leaves the served build as it was when a build fails, and says so', async () => {
    const before = await servedBuild();
    const result = await runBuild({ BUILD_ID: 'broken', BUILD_FAILS: 'vite.ssr.config.ts' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('build: vite.ssr.config.ts failed; dist/ is left as it was.');
    expect(await servedBuild()).toBe(before);
    expect(readFileSync(join(root, 'dist/lib/collect-on-track.iife.js'), 'utf8')).not.toContain('broken');
  });
});
