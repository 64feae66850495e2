import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, idTextSchema, okSchema } from '@basira/shared/common/api.schemas';
import {
  messageListQuerySchema,
  messageListSchema,
  messageQueuedSchema,
  messageSendSchema,
  messagingLinkSchema,
  messagingStatusSchema,
  messagingUserLinkSchema,
  messagingUserLookupSchema,
  messagingUserQuerySchema,
  messagingUserResponseSchema,
  telegramUpdateSchema,
} from '@basira/shared/messaging/messaging.schemas';
import { AppError } from '../../lib/errors.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { CallbackAnswer, MessagingService } from './messaging.service.ts';

const SEND = 'send message' as const;
const patientParamsSchema = z.object({ patientId: idTextSchema });
export const WEBHOOK_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

function sameSecret(given: unknown, expected: string | undefined): boolean {
  if (!expected || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Telegram calls (spec section 7's `/telegram/send/{id}`, the messaging user, the webhook). */
export const messagingRoutes: FastifyPluginAsyncZod<{
  messaging: MessagingService;
  webhookSecret: string | undefined;
  /** Wakes the outbox worker of this process when a message is queued. */
  onQueued: () => void;
  /** Answers a reminder's button through the worker's client (jobs/telegram-outbox.ts), not awaited. */
  answerCallback: (answer: CallbackAnswer) => Promise<void>;
}> = async (app, { messaging, webhookSecret, onQueued, answerCallback }) => {
  const tags = ['messaging'];

  app.get(
    '/api/telegram/status',
    { config: { permission: 'authenticated' }, schema: { tags, response: { 200: messagingStatusSchema } } },
    async () => ({ data: await messaging.status() }),
  );

  app.post(
    '/api/telegram/user',
    {
      config: {
        audit: { action: 'telegram.linked', entity: 'telegram_user', patientFrom: 'patientId' },
        permission: SEND,
      },
      schema: { tags, body: messagingUserLinkSchema, response: { 201: messagingUserResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await messaging.link(contextOf(request), request.body.patientId, request.body.telegram_id),
      }),
  );

  app.get(
    '/api/telegram/user',
    {
      config: {
        audit: { action: 'telegram.link_viewed', entity: 'patient', patientFrom: 'patientId' },
        permission: SEND,
      },
      schema: { tags, querystring: messagingUserQuerySchema, response: { 200: messagingUserLookupSchema } },
    },
    async (request) => ({ data: await messaging.lookup(contextOf(request), request.query.patientId) }),
  );

  app.delete(
    '/api/telegram/user/:id',
    {
      config: { audit: { action: 'telegram.unlinked', entity: 'telegram_user' }, permission: SEND },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await messaging.unlink(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/telegram/send/:patientId',
    {
      config: {
        audit: { action: 'telegram.message_queued', entity: 'telegram_message', patientFrom: 'patientId' },
        permission: SEND,
      },
      schema: {
        tags,
        params: patientParamsSchema,
        body: messageSendSchema,
        response: { 202: messageQueuedSchema },
      },
    },
    async (request, reply) => {
      const queued = await messaging.send(contextOf(request), request.params.patientId, request.body);
      onQueued();
      return reply.status(202).send({ data: queued });
    },
  );

  app.get(
    '/api/telegram/message',
    {
      config: {
        audit: { action: 'telegram.messages_viewed', entity: 'patient', patientFrom: 'patientId' },
        permission: SEND,
      },
      schema: { tags, querystring: messageListQuerySchema, response: { 200: messageListSchema } },
    },
    async (request) => ({ data: await messaging.messages(contextOf(request), request.query.patientId) }),
  );

  app.post(
    '/api/telegram/link/:patientId',
    {
      config: {
        audit: {
          action: 'telegram.link_created',
          entity: 'patient',
          idParam: 'patientId',
          patientFrom: 'patientId',
        },
        permission: SEND,
      },
      schema: { tags, params: patientParamsSchema, response: { 200: messagingLinkSchema } },
    },
    async (request) => ({ data: await messaging.createLink(contextOf(request), request.params.patientId) }),
  );

  app.post(
    '/api/telegram/webhook',
    {
      config: { permission: 'public', noOrganization: true },
      // The secret is checked before the body is read or validated: a stranger learns nothing but 401.
      onRequest: async (request) => {
        if (!sameSecret(request.headers[WEBHOOK_SECRET_HEADER], webhookSecret))
          throw new AppError('unauthorized', 'Unknown sender.');
      },
      schema: { tags, body: telegramUpdateSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const answer = await messaging.receive(request.body);
      onQueued();
      // Telegram waits for the webhook's answer before its next update: the button's notice goes after it.
      if (answer) void answerCallback(answer);
      return { data: { ok: true as const } };
    },
  );
};
