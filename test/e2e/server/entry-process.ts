/**
 * The real entry (`node --import tsx src/app/server.ts`, as `npm start` runs it) in a child process on
 * a free port, with everything it writes kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PROJECT_ROOT } from '../../../src/app/server/config';

export interface EntryProcess {
  readonly process: ChildProcess;
  /** Its base URL once it listens (`http://127.0.0.1:<port>`); rejects when it exits before. */
  readonly listening: Promise<string>;
  /** Everything it has written to stdout and stderr so far. */
  output(): string;
}

const started: ChildProcess[] = [];

/** Starts the entry on a free port of 127.0.0.1, logging at `warn` unless `env` says otherwise. */
export function startEntry(env: Record<string, string>): EntryProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/app/server.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Support server: (http:\/\/[\d.]+:\d+)\/contact/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
  return { process: child, listening, output: () => output };
}

/** Kills every entry a test started that is still running. */
export function killEntries(): void {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
}
