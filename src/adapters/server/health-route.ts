/** GET /healthz: `200 { status: 'ok' }` while the submission store answers, else `503 { status: 'unavailable' }`. */
import type { FastifyPluginAsync } from 'fastify';
import type { SubmissionRepository } from './submission-repository';

export const HEALTH_PATH = '/healthz';

export interface HealthRouteOptions {
  readonly repository: Pick<SubmissionRepository, 'isHealthy'>;
}

export const healthRoute: FastifyPluginAsync<HealthRouteOptions> = async (app, { repository }) => {
  app.get(HEALTH_PATH, async (_request, reply) => {
    const healthy = repository.isHealthy();
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: healthy ? 'ok' : 'unavailable' });
  });
};
