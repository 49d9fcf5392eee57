/**
 * GET /healthz: `200 { status: 'ok' }` while the submission store answers, else `503 { status:
 * 'unavailable' }`. The reason goes to the log when it first shows and when it changes, and the
 * recovery too: the answer names no path, the operator reads it there. A healthy answer stands for a
 * second. The store is also checked once a minute without a probe.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SubmissionRepository } from './submission-repository';

export const HEALTH_PATH = '/healthz';

export interface HealthRouteOptions {
  readonly repository: Pick<SubmissionRepository, 'healthProblem'>;
  /** How often the store is checked without a probe asking (ms). Default: a minute. */
  readonly checkEveryMs?: number;
}

/**
 * A server run without a probe (the README's single server) still logs a problem (a disk filling up)
 * when it shows, not only when a send fails on it or something asks /healthz.
 */
const CHECK_EVERY_MS = 60_000;

/**
 * A healthy answer stands this long: the check writes the database (and syncs it to disk), and a flood
 * of probes must not slow the sends. A problem is checked again at the next request.
 */
const HEALTHY_FOR_MS = 1000;

export const healthRoute: FastifyPluginAsync<HealthRouteOptions> = async (app, { repository, checkEveryMs = CHECK_EVERY_MS }) => {
  let logged: string | undefined;
  let healthyAt = -Infinity;
  const check = (): boolean => {
    if (performance.now() - healthyAt < HEALTHY_FOR_MS) return true;
    const problem = repository.healthProblem();
    healthyAt = problem === undefined ? performance.now() : -Infinity;
    if (problem !== logged) {
      // Not 'cannot take submissions': a disk short of room for the largest one still takes smaller ones.
      if (problem === undefined) app.log.info('the submission store is healthy again (/healthz answers 200)');
      else app.log.warn(`the submission store is unhealthy (/healthz answers 503): ${problem}`);
      logged = problem;
    }
    return problem === undefined;
  };
  // At start too: a server that listens on a store it cannot write says so before the first check.
  app.addHook('onReady', async () => void check());
  const watch = setInterval(check, checkEveryMs).unref();
  app.addHook('onClose', async () => clearInterval(watch));
  app.get(HEALTH_PATH, async (_request, reply) => {
    const healthy = check();
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: healthy ? 'ok' : 'unavailable' });
  });
};
