import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDownSchema, healthSchema } from '@basira/shared/common/api.schemas';
import { isDatabaseDown, type Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database; version: string }> = async (
  app,
  { database, version },
) => {
  const down = (error: unknown) => {
    app.log.warn({ cause: (error as Error).message }, 'health: the database is not answering');
    return new AppError('database.unavailable', 'The database is not answering.', undefined, {
      data: { status: 'down', version, database: 'down', time: new Date().toISOString() },
    });
  };
  app.get(
    '/api/health',
    {
      config: { permission: 'public' },
      // Load balancers and the diagnostics screen call it every few seconds: no line per call, only problems.
      logLevel: 'warn',
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthDownSchema } },
      // The database may fail before the handler too (the organization is looked up first): the same answer.
      errorHandler: (error) => {
        throw isDatabaseDown(error) ? down(error) : error;
      },
    },
    async () => {
      try {
        await database.ping();
      } catch (error) {
        throw down(error);
      }
      return {
        data: { status: 'ok' as const, version, database: database.kind, time: new Date().toISOString() },
      };
    },
  );
};
