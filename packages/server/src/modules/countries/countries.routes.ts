import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryListSchema, type Country } from '@basira/shared/countries/countries.schemas';
import type { Db } from '../../db/client.ts';
import { listCountries } from './countries.service.ts';

export const countriesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Global reference data that never changes while the server runs: read once.
  let cache: Country[] | undefined;
  app.get(
    '/api/mo/country',
    {
      config: { permission: 'authenticated' },
      schema: { tags: ['countries'], response: { 200: countryListSchema } },
    },
    async () => ({ data: (cache ??= await listCountries(db)) }),
  );
};
