import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationCreated } from '@basira/shared/events/events.schemas';
import {
  NOTIFICATION_COLORS,
  type Notification,
  type UnreadCount,
} from '@basira/shared/notifications/notifications.schemas';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import { notifications } from '../../db/schema.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { openStream } from '../../test/event-stream.ts';
import { startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let org: TestOrg;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await t.newOrg();
});
afterAll(() => t.close());

type Page = { data: Notification[]; meta: PageMeta };

const inbox = async (o: TestOrg, token: string, page = 1) => {
  const res = await clinic(t, o, token).call('GET', `/api/hd/notification?page=${page}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Page;
};
const unread = (o: TestOrg, token: string) =>
  clinic(t, o, token).ok<UnreadCount>('GET', '/api/hd/notification/unread');

describe('notifications', () => {
  it('each user lists their own, newest first, paged; the unread count is theirs', async () => {
    const anna = await userWith(t, org, ['dashboard']);
    const omar = await userWith(t, org, ['dashboard']);
    await t.notifications.notifyUser(org.id, anna.id, { type: 'bug', details: 'first', targetId: 7 });
    await t.notifications.notifyUser(org.id, anna.id, { type: 'recall due', details: 'second' });
    await t.notifications.notifyUser(org.id, omar.id, { type: 'Feedback', details: 'for omar' });

    const page = await inbox(org, anna.token);
    expect(page.meta).toEqual({ page: 1, perPage: 25, total: 2, lastPage: 1 });
    expect(await inbox(org, anna.token, 3)).toEqual({
      data: [],
      meta: { page: 3, perPage: 25, total: 2, lastPage: 1 },
    });
    expect(page.data.map((n) => n.details)).toEqual(['second', 'first']);
    expect(page.data[1]).toEqual({
      id: expect.any(Number),
      details: 'first',
      type: 'bug',
      is_read: 0,
      color: NOTIFICATION_COLORS.bug,
      targetId: 7,
      createdAt: expect.any(String),
    });
    expect(page.data[0]).toMatchObject({ type: 'recall due', targetId: null });
    expect((await inbox(org, omar.token)).data.map((n) => n.details)).toEqual(['for omar']);
    expect(await unread(org, anna.token)).toEqual({ count: 2 });
    expect(await unread(org, omar.token)).toEqual({ count: 1 });
    expect((await inbox(org, org.adminToken)).data).toEqual([]);

    // Past the last page: an empty page; a malformed page number is refused.
    expect((await inbox(org, anna.token, 2)).data).toEqual([]);
    expect((await clinic(t, org, anna.token).call('GET', '/api/hd/notification?page=x')).statusCode).toBe(
      422,
    );
    expect((await t.request({ method: 'GET', url: '/api/hd/notification', org: org.slug })).statusCode).toBe(
      401,
    );
  });

  it('marks one read for its own user only: another user’s or organization’s is not found', async () => {
    const anna = await userWith(t, org, ['dashboard']);
    const omar = await userWith(t, org, ['dashboard']);
    await t.notifications.notifyUser(org.id, anna.id, {
      type: 'active request',
      details: 'answered',
      targetId: 3,
    });
    const [mine] = (await inbox(org, anna.token)).data;

    const asOmar = clinic(t, org, omar.token);
    expect((await asOmar.call('POST', `/api/hd/notification/${mine!.id}`)).statusCode).toBe(404);
    expect((await asOmar.call('GET', `/api/hd/notification/${mine!.id}`)).statusCode).toBe(404);
    const other = await t.newOrg();
    expect((await clinic(t, other).call('POST', `/api/hd/notification/${mine!.id}`)).statusCode).toBe(404);
    expect((await clinic(t, org).call('POST', '/api/hd/notification/999999999')).statusCode).toBe(404);
    expect(await unread(org, anna.token)).toEqual({ count: 1 });

    const asAnna = clinic(t, org, anna.token);
    expect(await asAnna.ok('GET', `/api/hd/notification/${mine!.id}`)).toMatchObject({
      id: mine!.id,
      is_read: 0,
      targetId: 3,
    });
    const read = await asAnna.ok<Notification>('POST', `/api/hd/notification/${mine!.id}`);
    expect(read).toMatchObject({ id: mine!.id, is_read: 1 });
    expect(await unread(org, anna.token)).toEqual({ count: 0 });
    // Again: still read, no error.
    expect((await asAnna.call('POST', `/api/hd/notification/${mine!.id}`)).statusCode).toBe(200);
    expect((await inbox(org, anna.token)).data[0]).toMatchObject({ is_read: 1 });
  });

  it('tells every active holder of a permission, administrators included, but whoever caused it', async () => {
    const o = await t.newOrg();
    const desk = await userWith(t, o, ['show support']);
    const gone = await userWith(t, o, ['show support']);
    const bystander = await userWith(t, o, ['dashboard']);
    expect((await clinic(t, o).call('DELETE', `/api/user/${gone.id}`)).statusCode).toBe(200);

    await t.notifications.notifyHolders(o.id, ['show support'], {
      type: 'bug',
      details: 'desk',
      targetId: 1,
    });
    expect((await inbox(o, desk.token)).data.map((n) => n.details)).toEqual(['desk']);
    expect((await inbox(o, o.adminToken)).data.map((n) => n.details)).toEqual(['desk']);
    expect((await inbox(o, bystander.token)).data).toEqual([]);
    // The deactivated holder got nothing either.
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, gone.id))).toEqual(
      [],
    );

    await t.notifications.notifyHolders(
      o.id,
      ['show support'],
      { type: 'Feedback', details: 'not for the sender' },
      { exceptUserId: desk.id },
    );
    expect((await inbox(o, desk.token)).data.map((n) => n.details)).toEqual(['desk']);
    expect((await inbox(o, o.adminToken)).data.map((n) => n.details)).toEqual(['not for the sender', 'desk']);

    // A user of another organization is never written to through this one.
    await t.notifications.notifyUser(org.id, desk.id, { type: 'bug', details: 'wrong organization' });
    expect((await inbox(o, desk.token)).data.map((n) => n.details)).toEqual(['desk']);
    // One line, of bounded length.
    await t.notifications.notifyUser(o.id, desk.id, { type: 'bug', details: `a\n\nb ${'x'.repeat(900)}` });
    const [long] = (await inbox(o, desk.token)).data;
    expect(long!.details.startsWith('a b x')).toBe(true);
    expect(long!.details.length).toBe(500);
  });

  it('announces each new notification live to its own user’s streams only (not even to administrators)', async () => {
    const anna = await userWith(t, org, ['dashboard']);
    const omar = await userWith(t, org, ['dashboard']);
    const other = await t.newOrg();
    const query = (o: TestOrg, token: string) => `token=${encodeURIComponent(token)}&org=${o.slug}`;
    const streams = {
      anna: await openStream(base, query(org, anna.token)),
      omar: await openStream(base, query(org, omar.token)),
      admin: await openStream(base, query(org, org.adminToken)),
      otherAdmin: await openStream(base, query(other, other.adminToken)),
    };
    for (const stream of Object.values(streams)) await stream.next('ready');

    const sent = Date.now();
    await t.notifications.notifyUser(org.id, anna.id, { type: 'recall due', details: 'live', targetId: 9 });
    const received = await streams.anna.next('notification.created');
    expect(received!.at - sent).toBeLessThan(1000);
    const [row] = (await inbox(org, anna.token)).data;
    expect(received!.data).toEqual({
      id: row!.id,
      userId: anna.id,
      type: 'recall due',
      at: expect.any(String),
    } satisfies NotificationCreated);

    await new Promise((r) => setTimeout(r, 300));
    for (const name of ['omar', 'admin', 'otherAdmin'] as const)
      expect(
        streams[name].events.filter((e) => e.event === 'notification.created'),
        name,
      ).toEqual([]);
    for (const stream of Object.values(streams)) stream.close();
  });
});
