/**
 * A reference backend on a free port over a temporary SQLite file and a small fake build (an
 * index.html with the meta placeholder, one hashed asset, a favicon and the library), plus direct
 * reads of its database.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { startServer } from '../../../src/app/server/build-server';
import { serverConfig, type ServerConfig } from '../../../src/app/server/config';

export const CONTACT_URL = '/service/customersupportfrontend/api/contact';
export const CANCELLATION_URL = '/service/customersupportfrontend/api/cancellation';
export const ASSET_PATH = '/assets/index-3f9a1c2b.js';

export const INDEX_HTML = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="UTF-8" />
    <title>Kundenservice</title>
    <!--support-meta-->
    <script type="module" crossorigin src="${ASSET_PATH}"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

export interface Counts {
  contacts: number;
  attachments: number;
  cancellations: number;
}

export interface TestServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly dir: string;
  readonly dbFile: string;
  /** Runs a query on a separate connection to the server's database. */
  query<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[];
  counts(): Counts;
  close(): Promise<void>;
}

/** Writes the fake build into `dir` (`app/` and `lib/`). */
export function writeFakeBuild(dir: string, indexHtml = INDEX_HTML): void {
  mkdirSync(join(dir, 'app/assets'), { recursive: true });
  mkdirSync(join(dir, 'lib'), { recursive: true });
  writeFileSync(join(dir, 'app/index.html'), indexHtml);
  writeFileSync(join(dir, 'app', ASSET_PATH), 'document.getElementById("root").textContent = "app";\n');
  writeFileSync(join(dir, 'app/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, 'lib/collect-on-track.iife.js'), 'var CollectOnTrack = {};\n');
}

export async function startTestServer(
  options: { build?: boolean; config?: Partial<ServerConfig> } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'support-server-'));
  if (options.build !== false) writeFakeBuild(dir);
  const dbFile = join(dir, 'data/support.sqlite');
  const { app, url } = await startServer(
    serverConfig({
      port: 0,
      host: '127.0.0.1',
      databaseFile: dbFile,
      appDir: join(dir, 'app'),
      libDir: join(dir, 'lib'),
      logLevel: 'silent',
      ...options.config,
    }),
  );
  const reader = new Database(dbFile, { fileMustExist: true });
  const query = <T>(sql: string, ...params: unknown[]): T[] => reader.prepare(sql).all(...params) as T[];
  return {
    url,
    app,
    dir,
    dbFile,
    query,
    counts: () =>
      query<Counts>(
        `SELECT (SELECT count(*) FROM contact_submissions) AS contacts,
                (SELECT count(*) FROM contact_attachments) AS attachments,
                (SELECT count(*) FROM cancellation_submissions) AS cancellations`,
      )[0] as Counts,
    close: async () => {
      reader.close();
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** File contents whose first bytes are what they claim, padded to `size` bytes. */
export const fileBytes = (kind: 'pdf' | 'png' | 'jpeg' | 'exe' | 'elf', size = 2048): Uint8Array<ArrayBuffer> => {
  const magic: Record<typeof kind, number[]> = {
    pdf: [...Buffer.from('%PDF-1.7\n')],
    png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    jpeg: [0xff, 0xd8, 0xff, 0xe0],
    exe: [...Buffer.from('MZ'), 0x90, 0x00, 0x03],
    elf: [0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01],
  };
  const bytes = new Uint8Array(size);
  for (let i = magic[kind].length; i < size; i++) bytes[i] = (i * 31 + size) % 251;
  bytes.set(magic[kind]);
  return bytes;
};

export interface Upload {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export const VALID_CONTACT: Readonly<Record<string, string>> = {
  site: 'de',
  question: 'Wann wird meine Bestellung geliefert?',
  topic: 'delivery',
  articleNumber: '123456',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika.mustermann@example.com',
};

/** A contact form as the browser sends it: the fields, then the files under `attachments`. */
export function contactForm(fields: Readonly<Record<string, string | undefined>> = VALID_CONTACT, files: readonly Upload[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  for (const file of files) form.append('attachments', new Blob([file.bytes], { type: file.type }), file.name);
  return form;
}

export const VALID_CANCELLATION = {
  site: 'de',
  cancellationType: 'ordinary',
  customerNumber: '40012345',
  subscriptionId: 'ABO-778899',
  firstName: 'Erika',
  lastName: 'Mustermann',
  email: 'erika.mustermann@example.com',
} as const;
