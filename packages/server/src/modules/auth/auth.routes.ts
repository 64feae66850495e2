import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  profileUpdateSchema,
} from '@basira/shared/auth/auth.schemas';
import { okSchema } from '@basira/shared/common/api.schemas';
import { bearerToken, contextOf } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; loginRatePerMinute: number }> = async (
  app,
  { auth, loginRatePerMinute },
) => {
  app.post(
    '/api/login',
    {
      // The per-address limit is high on purpose: a whole clinic often shares one address.
      config: { permission: 'public', rateLimit: { max: loginRatePerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request) => ({
      data: await auth.login(contextOf(request), request.org, request.body, request.headers['user-agent']),
    }),
  );

  app.post(
    '/api/logout',
    { config: { permission: 'authenticated' }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request) => {
      await auth.logout(contextOf(request), bearerToken(request));
      return { data: { ok: true as const } };
    },
  );

  for (const url of ['/api/me', '/api/profile'])
    app.get(
      url,
      {
        config: { permission: 'authenticated' },
        schema: { tags: ['auth'], response: { 200: meResponseSchema } },
      },
      async (request) => ({ data: auth.me(request.org, request.principal!) }),
    );

  app.post(
    '/api/profile',
    {
      config: { audit: { action: 'profile.updated', entity: 'user' }, permission: 'authenticated' },
      schema: { tags: ['auth'], body: profileUpdateSchema, response: { 200: meResponseSchema } },
    },
    async (request) => ({
      data: await auth.updateProfile(contextOf(request), request.org, request.principal!, request.body),
    }),
  );
};
