import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@basira/shared/common/api.schemas';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      // Load balancers and the diagnostics screen call it every few seconds: no line per call, only problems.
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: healthSchema } },
    },
    async () => {
      try {
        await database.ping();
      } catch {
        throw new AppError('unavailable', 'The database is not answering.');
      }
      return {
        data: { status: 'ok' as const, version, database: database.kind, time: new Date().toISOString() },
      };
    },
  );
};
