import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENTS_PATH,
  eventsQuerySchema,
  isEventFor,
  READY_EVENT,
  SESSION_ENDED_EVENT,
  type LiveEvent,
} from '@basira/shared/events/events.schemas';
import { isDatabaseDown } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { bearerToken } from '../../plugins/auth.ts';
import type { SessionService } from '../../lib/sessions.ts';
import type { EventHub } from './event-hub.ts';

export interface EventsRoutesOptions {
  hub: EventHub;
  sessions: SessionService;
  heartbeatMs: number;
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * `GET /api/events`: Server-Sent Events of the caller's organization. Accepts the token as `?token=` (the
 * browser's EventSource cannot send headers) and counts as background activity, so an open screen does not
 * keep an idle session alive. The session is re-checked at every heartbeat; an ended one closes the stream.
 */
export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (
  app,
  { hub, sessions, heartbeatMs },
) => {
  const open = new Set<PassThrough>();
  const sockets = new Set<Socket>();
  // Streams never end by themselves: end them, and drop their connections, so that closing the server
  // does not wait for the clients.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
    for (const socket of sockets) socket.destroy();
  });

  app.get(
    EVENTS_PATH,
    {
      config: { permission: 'authenticated', queryAuth: true },
      schema: { tags: ['events'], querystring: eventsQuerySchema },
    },
    async (request, reply) => {
      if (request.principal!.user.mustChangePassword)
        throw new AppError('auth.password_change_required', 'Change your password to continue.');
      const orgId = request.org.id;
      const token = bearerToken(request) || request.query.token || '';
      const stream = new PassThrough();
      open.add(stream);
      const socket = request.raw.socket;
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));

      const send = (text: string) => {
        if (!stream.writableEnded) stream.write(text);
      };
      const ended = () => {
        send(frame(SESSION_ENDED_EVENT, {}));
        stream.end();
      };
      // The stream outlives a database outage: only a session that really ended closes it.
      const endedOrDown = (error: unknown) => {
        if (!isDatabaseDown(error)) ended();
      };
      const ready = () =>
        send(
          frame(READY_EVENT, {
            at: new Date().toISOString(),
            heartbeatSeconds: Math.max(1, Math.round(heartbeatMs / 1000)),
          }),
        );
      // Each event is checked against the session as it is now (a cached lookup; a role edit drops the cache),
      // in order: only users allowed to read what it is about receive it; a notification only its own user.
      let delivered = Promise.resolve();
      const unsubscribe = hub.subscribe(
        orgId,
        (event: LiveEvent) => {
          delivered = delivered
            .then(() => sessions.resolve(token, orgId, true))
            .then(({ user, permissions }) => {
              if (isEventFor(event, { id: user.id, permissions })) send(frame(event.type, event.data));
            }, endedOrDown);
        },
        // Events of the outage were missed: `ready` again tells the client to refetch what it shows.
        ready,
      );
      const heartbeat = setInterval(() => {
        sessions.resolve(token, orgId, true).then(() => send(': ping\n\n'), endedOrDown);
      }, heartbeatMs);
      heartbeat.unref();

      const cleanup = () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(stream);
        if (!stream.writableEnded) stream.end();
      };
      request.raw.once('close', cleanup);
      stream.once('close', cleanup);

      // A proxy must not buffer the stream, and the client retries after 3 s if it drops.
      void reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no');
      send(`retry: 3000\n\n`);
      ready();
      return reply.send(stream);
    },
  );
};
