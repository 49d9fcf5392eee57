// The hexagon's walls, in three checks (run by `npm run walls`, part of `npm test`):
// 1. dependency-cruiser: import rules between domain, ports, adapters, ui and app (.dependency-cruiser.cjs);
// 2. tsc over src/domain and src/ports with no DOM and no Node types: any browser or Node global fails to compile;
// 3. this file: the domain reads no clock and no randomness of its own (they arrive through ports).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const bin = (name) => join('node_modules', '.bin', name);
let failed = false;
const run = (label, cmd, args) => {
  try {
    execFileSync(cmd, args, { stdio: 'inherit' });
    console.log(`walls: ${label}: ok`);
  } catch {
    console.error(`walls: ${label}: FAILED`);
    failed = true;
  }
};

run('imports (dependency-cruiser)', bin('depcruise'), ['src', '--config', '.dependency-cruiser.cjs', '--output-type', 'err']);
run('no browser or Node globals in src/domain and src/ports (tsc)', bin('tsc'), ['--noEmit', '-p', 'tsconfig.domain.json']);

const forbidden = [/\bDate\.now\(/, /\bnew Date\(\s*\)/, /\bMath\.random\(/, /\bperformance\.now\(/];
const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
const hits = files('src/domain').flatMap((file) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => !/^\s*(\/\/|\*)/.test(line) && forbidden.some((re) => re.test(line)))
    .map(({ line, i }) => `${file}:${i + 1}: ${line.trim()}`),
);
if (hits.length) {
  console.error('walls: src/domain reads the clock or randomness directly (inject a Clock or Random port):');
  for (const hit of hits) console.error('  ' + hit);
  failed = true;
} else console.log('walls: no clock or randomness in src/domain: ok');

process.exit(failed ? 1 : 0);
