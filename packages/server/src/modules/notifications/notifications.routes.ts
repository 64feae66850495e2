import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@basira/shared/common/api.schemas';
import {
  notificationPageQuerySchema,
  notificationPageSchema,
  notificationResponseSchema,
  unreadCountSchema,
} from '@basira/shared/notifications/notifications.schemas';
import type { NotificationsService } from './notifications.service.ts';

/** Every signed-in user reads and marks their own notifications: the service scopes each call to the caller. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (
  app,
  { notifications },
) => {
  const tags = ['notifications'];

  app.get(
    '/api/hd/notification',
    {
      config: { permission: 'authenticated' },
      schema: { tags, querystring: notificationPageQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => notifications.list(request.org.id, request.principal!.user.id, request.query.page),
  );

  app.get(
    '/api/hd/notification/unread',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: unreadCountSchema } } },
    async (request) => ({
      data: { count: await notifications.unreadCount(request.org.id, request.principal!.user.id) },
    }),
  );

  app.get(
    '/api/hd/notification/:id',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: idParamsSchema, response: { 200: notificationResponseSchema } },
    },
    async (request) => ({
      data: await notifications.get(request.org.id, request.principal!.user.id, request.params.id),
    }),
  );

  app.post(
    '/api/hd/notification/:id',
    {
      config: { permission: 'authenticated' },
      schema: { tags, params: idParamsSchema, response: { 200: notificationResponseSchema } },
    },
    async (request) => ({
      data: await notifications.markRead(request.org.id, request.principal!.user.id, request.params.id),
    }),
  );
};
