/**
 * The support app as a visitor gets it: the production build and the server render entry (made once
 * per run, when missing or older than the sources) served by the reference backend on a free port,
 * over a temporary SQLite database.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startServer } from '../../../src/app/server/build-server';
import { PROJECT_ROOT, serverConfig, type ServerConfig } from '../../../src/app/server/config';

export interface SupportServer {
  /** The base URL, such as `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Runs a query on the server's database (read-only use). */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  close(): Promise<void>;
}

const APP_DIR = join(PROJECT_ROOT, 'dist/app');
const SERVER_ENTRY = join(PROJECT_ROOT, 'dist/server/ssr-entry.js');
const SOURCES = ['src', 'locales', 'index.html', 'vite.config.ts', 'vite.ssr.config.ts'];

const newestChange = (path: string): number => {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
};

let built = false;

const staleAgainstSources = (output: string): boolean =>
  !existsSync(output) || SOURCES.some((source) => newestChange(join(PROJECT_ROOT, source)) > statSync(output).mtimeMs);

/**
 * `npm run build` (scripts/build.mjs): built aside, then moved into dist/ at once, so a server started
 * by `npm start` beside the tests keeps answering from the previous build meanwhile. NODE_ENV is
 * 'test' inside Vitest; the builds must be the production ones (React's production build).
 */
export const stagedBuild = (): void => {
  execFileSync(process.execPath, [join(PROJECT_ROOT, 'scripts/build.mjs')], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
};

/**
 * Builds when `dist/app/index.html` or the server render entry (`dist/server/ssr-entry.js`) is
 * missing or older than any source file.
 */
export function ensureAppBuild(): void {
  if (built) return;
  if (staleAgainstSources(join(APP_DIR, 'index.html')) || staleAgainstSources(SERVER_ENTRY)) stagedBuild();
  built = true;
}

/** Starts the reference backend over the app's build (building it first when needed). */
export async function startSupportServer(overrides: Partial<ServerConfig> = {}): Promise<SupportServer> {
  ensureAppBuild();
  const dir = mkdtempSync(join(tmpdir(), 'support-e2e-'));
  const libDir = join(PROJECT_ROOT, 'dist/lib');
  if (!existsSync(libDir)) mkdirSync(join(dir, 'lib'));
  const dbFile = join(dir, 'support.sqlite');
  const { app, url } = await startServer(
    serverConfig({
      port: 0,
      host: '127.0.0.1',
      databaseFile: dbFile,
      appDir: APP_DIR,
      libDir: existsSync(libDir) ? libDir : join(dir, 'lib'),
      logLevel: 'silent',
      ...overrides,
    }),
  );
  const reader = new Database(dbFile, { fileMustExist: true });
  return {
    url,
    query: <T>(sql: string, ...params: unknown[]) => reader.prepare(sql).all(...params) as T[],
    close: async () => {
      reader.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
