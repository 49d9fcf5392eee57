import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from '../../../src/app/server/config';
import { readOnlyRemedy, unopenableRemedy } from '../../../src/adapters/server/read-only-remedy';

// The server's user is root here, for whom every file is writable: who may write what is given.
describe('what the log tells an operator to do about a read-only database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'read-only-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names the shared-memory index a read-only start left with the file\'s mode, not only the file', () => {
    const file = join(dir, 'support.sqlite');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) writeFileSync(path, '');
    expect(readOnlyRemedy(file, undefined, (path) => !path.endsWith('-shm'))).toBe(`make ${file}-shm writable by the server's user, then restart the server`);
    expect(readOnlyRemedy(file, undefined, (path) => path === dir)).toBe(
      `make ${file}, ${file}-wal and ${file}-shm writable by the server's user, then restart the server`,
    );
  });

  it('names the folder when the log and index are still to be made there', () => {
    const file = join(dir, 'support.sqlite');
    writeFileSync(file, '');
    expect(readOnlyRemedy(file, undefined, (path) => path === file)).toBe(`make the folder ${dir} writable by the server's user, then restart the server`);
  });

  it('says what comes next: a restart of the running server, or a start of one that could not open the file', () => {
    const file = join(dir, 'support.sqlite');
    writeFileSync(file, '');
    expect(readOnlyRemedy(file, 'start the server again', () => false)).toBe(
      `make ${file} and the folder ${dir} writable by the server's user, then start the server again`,
    );
  });

  it('names the files the server\'s user cannot open at all (a restore left root\'s file, mode 600), and nothing when it can', () => {
    const file = join(dir, 'support.sqlite');
    for (const path of [file, `${file}-wal`]) writeFileSync(path, '');
    expect(unopenableRemedy(file, (path) => path !== file)).toBe(`make ${file} readable and writable by the server's user, then start the server again`);
    expect(unopenableRemedy(file, (path) => path !== dir && path !== `${file}-wal`)).toBe(
      `make ${file}-wal and the folder ${dir} readable and writable by the server's user, then start the server again`,
    );
    expect(unopenableRemedy(file, () => true)).toBeUndefined();
  });

  it('names the folder that is there when the database\'s folders are still to be made: the one to change', () => {
    const file = join(dir, 'data/support/support.sqlite');
    // The server's user may not write `dir`, so it cannot make `data` in it.
    expect(unopenableRemedy(file, (path) => path !== dir)).toBe(
      `make the folder ${dir} readable and writable by the server's user (to make ${join(dir, 'data/support')} in it), then start the server again`,
    );
  });

  // Only a user other than root is kept out of a folder: the remedy is worked out as `nobody`.
  it.runIf(process.getuid?.() === 0)('does not say a folder is to be made when it is there but cannot be entered', async () => {
    const folder = join(dir, 'private');
    mkdirSync(join(folder, 'support'), { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(folder, 0o700);
    const file = join(folder, 'support/support.sqlite');
    const script = `import { unopenableRemedy } from ${JSON.stringify(join(PROJECT_ROOT, 'src/adapters/server/read-only-remedy.ts'))}; console.log(unopenableRemedy(${JSON.stringify(file)}));`;
    const { stdout } = await promisify(execFile)('runuser', ['-u', 'nobody', '--', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script], { cwd: PROJECT_ROOT });
    expect(stdout.trim()).toBe(`make the folder ${folder} readable and writable by the server's user, then start the server again`);
  });

  it('asks for a restart alone when every file is writable again (fixed while the server ran)', () => {
    const file = join(dir, 'support.sqlite');
    writeFileSync(file, '');
    expect(readOnlyRemedy(file)).toBe('restart the server: it still has the file open read-only');
  });
});
