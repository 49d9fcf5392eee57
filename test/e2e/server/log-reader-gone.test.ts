/**
 * The real entry with its output piped to a program that goes away (a log shipper or `| tee` that
 * dies, `| head`): the server goes on answering and stops on SIGTERM, its lines lost, not itself.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../../src/app/server/config';

let dir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'support-pipe-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const exited = (child: ChildProcess) =>
  new Promise<number | string | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode ?? child.signalCode);
    else child.on('exit', (code, signal) => resolve(code ?? signal));
  });

/** `/healthz`'s status, or 0 when nothing answers within 2 s. */
const health = async (port: number): Promise<number> => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) })).status;
  } catch {
    return 0;
  }
};

describe('the server whose output reader goes away (Node)', () => {
  it('keeps answering, and stops on SIGTERM, when the program reading its output has closed the pipe', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/server.ts'], {
        cwd: PROJECT_ROOT,
        env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', SUPPORT_DB: join(dir, `db-${attempt}.sqlite`) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      // As `| head -c 1`: the reader takes the first bytes, then is gone.
      child.stdout?.once('data', () => child.stdout?.destroy());
      let status = 0;
      for (let wait = 0; wait < 60 && status !== 200 && child.exitCode === null; wait += 1) {
        status = await health(port);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect({ attempt, status, errors }).toEqual({ attempt, status: 200, errors: '' });
      // Requests go on being answered (and logged into the closed pipe).
      for (let i = 0; i < 5; i += 1) expect(await health(port)).toBe(200);
      child.kill('SIGTERM');
      const code = await Promise.race([exited(child), new Promise((resolve) => setTimeout(() => resolve('still running 10 s after SIGTERM'), 10_000))]);
      expect(code).toBe(0);
    }
  }, 120_000);
});
