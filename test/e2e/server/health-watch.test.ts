/** The store's health is watched without a probe: a server run without one (the README's single server) still logs a problem. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { healthRoute } from '../../../src/adapters/server/health-route';

it('logs a problem that shows while nothing asks /healthz, and its end, from a check made every so often', async () => {
  let problem: string | undefined;
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(String(JSON.parse(chunk.toString()).msg));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  await app.register(healthRoute, { repository: { healthProblem: () => problem }, checkEveryMs: 30 });
  await app.ready();
  try {
    problem = 'the disk of /data/support.sqlite is full (less than 1 MB free): no submission can be stored';
    // A healthy answer stands for a second: the problem shows at the first check after it.
    await vi.waitFor(() => expect(lines).toContain(`the submission store is unhealthy (/healthz answers 503): ${problem}`), { timeout: 5000 });
    problem = undefined;
    await vi.waitFor(() => expect(lines).toContain('the submission store is healthy again (/healthz answers 200)'), { timeout: 5000 });
    expect(lines.filter((line) => line.startsWith('the submission store'))).toHaveLength(2);
  } finally {
    await app.close();
  }
});
