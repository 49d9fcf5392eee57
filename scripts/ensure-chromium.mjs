#!/usr/bin/env node
/**
 * Before the test suite: the end-to-end tests drive Debian's `chromium` (or `$CHROME_PATH`). When it is
 * missing, a root shell with apt-get installs it (as `.ci/run` does); anyone else is told the command
 * at once, not after the Node and jsdom suites.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
};
const fail = (message) => {
  console.error(`test: ${message}`);
  process.exit(1);
};

if (!runs(path)) {
  if (process.env.CHROME_PATH !== undefined) fail(`CHROME_PATH is ${path}, which is not a program that can run.`);
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || !runs('/usr/bin/apt-get')) {
    fail("the end-to-end tests need Debian's chromium at /usr/bin/chromium: run `sudo apt-get install -y chromium` (or set CHROME_PATH to a Chromium), then `npm test` again.");
  }
  console.log("test: installing Debian's chromium for the end-to-end tests (apt-get install -y chromium)");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const done = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (done.status !== 0) fail(`apt-get ${args.join(' ')} failed (exit ${done.status}); install chromium by hand, then run npm test again.`);
  }
  if (!runs(path)) fail('apt-get installed chromium, but /usr/bin/chromium is still missing; set CHROME_PATH to it.');
}
