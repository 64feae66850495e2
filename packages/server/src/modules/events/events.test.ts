import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueChanged } from '@basira/shared/events/events.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { openStream } from '../../test/event-stream.ts';
import { dbKind, startTestApp, userWith, type TestApp, type TestOrg } from '../../test/harness.ts';

let t: TestApp;
let base: string;
let org: TestOrg;

beforeAll(async () => {
  t = await startTestApp({ env: { EVENTS_HEARTBEAT_SECONDS: '0.2' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  org = await t.newOrg();
});
afterAll(() => t.close());

const query = (o: TestOrg, token = o.adminToken) => `token=${encodeURIComponent(token)}&org=${o.slug}`;

describe('GET /api/events', () => {
  it('needs a token (header or ?token=), answers text/event-stream and a ready event', async () => {
    const anonymous = await openStream(base, `org=${org.slug}`);
    expect(anonymous.status).toBe(401);
    const bad = await openStream(base, `org=${org.slug}&token=nope`);
    expect(bad.status).toBe(401);
    const viaHeader = await openStream(base, '', {
      authorization: `Bearer ${org.adminToken}`,
      'x-organization': org.slug,
    });
    expect(viaHeader.status).toBe(200);
    viaHeader.close();

    const stream = await openStream(base, query(org));
    expect(stream.status).toBe(200);
    expect(stream.contentType).toMatch(/^text\/event-stream/);
    expect(await stream.next('ready')).toMatchObject({ data: { heartbeatSeconds: expect.any(Number) } });
    // Heartbeat comments keep the connection open.
    await new Promise((r) => setTimeout(r, 500));
    expect(stream.comments).toContain(': ping');
    stream.close();
  });

  it('delivers a queue change to the organization’s streams within 1 s, and to no other organization', async () => {
    const other = await t.newOrg();
    const mine = await openStream(base, query(org));
    const theirs = await openStream(base, query(other));
    await mine.next('ready');
    await theirs.next('ready');
    const c = clinic(t, org);
    const p = await c.patient();

    const sent = Date.now();
    const entry = await c.queue(p.id);
    const created = await mine.next('queue.changed');
    expect(created).toBeDefined();
    expect(created!.at - sent).toBeLessThan(1000);
    expect(created!.data).toMatchObject({
      id: entry.id,
      patientId: p.id,
      action: 'created',
      status: { id: 1, name: 'Waiting', color: expect.any(String) },
      isRewaiting: 0,
    } satisfies Partial<QueueChanged>);

    const from = mine.events.length;
    await c.open(entry);
    const opened = await mine.next('queue.changed', 2000, from);
    expect(opened?.data).toMatchObject({
      id: entry.id,
      action: 'open',
      status: { name: 'WithDoctor' },
      doctorId: org.adminId,
    });

    await new Promise((r) => setTimeout(r, 300));
    expect(theirs.events.filter((e) => e.event === 'queue.changed')).toEqual([]);
    mine.close();
    theirs.close();
  });

  it('sends each event only to users allowed to read what it is about; none to a password that must change', async () => {
    const users = {
      dashboardOnly: await userWith(t, org, ['dashboard']),
      queueOnly: await userWith(t, org, ['show queues']),
      patientsOnly: await userWith(t, org, ['show patients']),
    };
    const streams = Object.fromEntries(
      await Promise.all(
        Object.entries(users).map(async ([name, u]) => {
          const stream = await openStream(base, query(org, u.token));
          await stream.next('ready');
          return [name, stream] as const;
        }),
      ),
    );
    const c = clinic(t, org);
    const p = await c.patient();
    await c.queue(p.id);
    expect(await streams.queueOnly!.next('queue.changed')).toBeDefined();
    expect(await streams.patientsOnly!.next('patient.changed')).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));
    const kinds = (name: string) => streams[name]!.events.map((e) => e.event).filter((e) => e !== 'ready');
    expect(kinds('dashboardOnly')).toEqual([]);
    expect(kinds('queueOnly')).toEqual(['queue.changed']);
    expect(kinds('patientsOnly')).toEqual(['patient.changed']);
    for (const stream of Object.values(streams)) stream.close();

    // Permissions taken away reach an open stream at once.
    const revoked = await openStream(base, query(org, users.queueOnly.token));
    await revoked.next('ready');
    await c.call('POST', `/api/role/${users.queueOnly.roleId}`, {
      name: 'no queue',
      permissions: ['dashboard'],
    });
    await c.queue((await c.patient()).id);
    await new Promise((r) => setTimeout(r, 300));
    expect(revoked.events.filter((e) => e.event === 'queue.changed')).toEqual([]);
    revoked.close();

    // A colleague who has not chosen their own password yet gets no stream.
    const email = `new-${Date.now()}@clinic.test`;
    const password = 'first-password-1';
    await c.call('POST', '/api/user', {
      name: 'New Colleague',
      email,
      password,
      password_confirmation: password,
      roles: [users.patientsOnly.roleId],
    });
    const fresh = { token: await t.login(org.slug, email, password) };
    const refused = await openStream(base, query(org, fresh.token));
    expect(refused.status).toBe(403);
    refused.close();
  });

  it('closes the stream when the session ends', async () => {
    const token = await t.login(org.slug, org.adminEmail, org.adminPassword);
    const stream = await openStream(base, query(org, token));
    await stream.next('ready');
    await t.request({ method: 'POST', url: '/api/logout', org: org.slug, token });
    expect(await stream.next('session.ended', 3000)).toBeDefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(stream.isEnded()).toBe(true);
  });

  it.runIf(dbKind === 'postgres')(
    'carries a change made through one server process to a stream on another (LISTEN/NOTIFY)',
    async () => {
      const b = await startTestApp();
      try {
        const baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openStream(baseB, query(org));
        await stream.next('ready');
        const c = clinic(t, org); // through app A
        const p = await c.patient();
        const sent = Date.now();
        const entry = await c.queue(p.id);
        const received = await stream.next('queue.changed', 2000);
        expect(received?.data).toMatchObject({ id: entry.id, action: 'created' });
        expect(received!.at - sent).toBeLessThan(1000);
        stream.close();
      } finally {
        await b.close();
      }
    },
  );
});
