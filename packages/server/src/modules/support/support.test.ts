import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import type { Notification } from '@basira/shared/notifications/notifications.schemas';
import type { SupportRequest } from '@basira/shared/support/support.schemas';
import { clinic } from '../../test/clinic-fixtures.ts';
import { startTestApp, userWith, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Page<T> = { data: T[]; meta: PageMeta };

/** An organization with a desk (holder of `show support`) and two colleagues who report. */
async function desk() {
  const org = await t.newOrg();
  const helper = await userWith(t, org, ['show support']);
  const anna = await userWith(t, org, ['dashboard']);
  const omar = await userWith(t, org, ['show queues']);
  const as = (token: string) => clinic(t, org, token);
  const report = (token: string, type: string, details: string) =>
    as(token).ok<SupportRequest>('POST', '/api/hd/support', { type, details });
  const list = async (token: string, query = '') => {
    const res = await as(token).call('GET', `/api/hd/support${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<SupportRequest>;
  };
  const inbox = async (token: string) =>
    (
      await as(token)
        .call('GET', '/api/hd/notification')
        .then((r) => r.json() as Page<Notification>)
    ).data;
  return { org, helper, anna, omar, as, report, list, inbox };
}

describe('support desk', () => {
  it('any signed-in user reports; the details are 1 to 5000 characters', async () => {
    const { anna, as, report } = await desk();
    const created = await as(anna.token).call('POST', '/api/hd/support', {
      type: 'bug',
      details: '  The queue list does not refresh.  ',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      type: 'bug',
      details: 'The queue list does not refresh.',
      status: 'open',
      reporter: { id: anna.id, name: expect.stringMatching(/^User /) },
      answer: null,
      answeredBy: null,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    } satisfies SupportRequest);
    expect((await report(anna.token, 'feature', 'x'.repeat(5000))).details).toHaveLength(5000);

    for (const body of [
      { type: 'bug', details: '   ' },
      { type: 'bug', details: 'x'.repeat(5001) },
      { type: 'question', details: 'why?' },
      { type: 'bug' },
    ]) {
      const res = await as(anna.token).call('POST', '/api/hd/support', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const blank = await as(anna.token).call('POST', '/api/hd/support', { type: 'bug', details: '' });
    expect(blank.json().errors).toEqual({ details: ['details.required'] });
  });

  it('the desk reads every request and filters by type and status; others read only their own', async () => {
    const { org, helper, anna, omar, as, report, list } = await desk();
    const bug = await report(anna.token, 'bug', 'Printing cuts the footer');
    const idea = await report(anna.token, 'feature', 'A dark print theme');
    const note = await report(omar.token, 'feedback', 'The board is great');

    const all = await list(helper.token);
    expect(all.data.map((r) => r.id)).toEqual([note.id, idea.id, bug.id]);
    expect(all.meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
    expect((await list(org.adminToken, '?type=bug')).data.map((r) => r.id)).toEqual([bug.id]);
    expect((await list(helper.token, '?type=feedback&status=open')).data.map((r) => r.id)).toEqual([note.id]);
    expect((await list(helper.token, '?status=done')).data).toEqual([]);

    expect((await list(anna.token)).data.map((r) => r.id)).toEqual([idea.id, bug.id]);
    expect((await list(omar.token, '?type=bug')).data).toEqual([]);
    expect((await as(anna.token).call('GET', `/api/hd/support/${bug.id}`)).statusCode).toBe(200);
    expect((await as(omar.token).call('GET', `/api/hd/support/${bug.id}`)).statusCode).toBe(404);
    expect((await as(helper.token).call('GET', `/api/hd/support/${bug.id}`)).statusCode).toBe(200);
    const other = await t.newOrg();
    expect((await clinic(t, other).call('GET', `/api/hd/support/${bug.id}`)).statusCode).toBe(404);
    expect((await clinic(t, other).call('GET', '/api/hd/support')).json().data).toEqual([]);

    expect((await as(helper.token).call('GET', '/api/hd/support?status=closed')).statusCode).toBe(422);
    expect((await as(helper.token).call('GET', '/api/hd/support?type=all')).statusCode).toBe(422);
  });

  it('the desk answers and moves a request, versioned; a stale version is a 409 with the current one', async () => {
    const { org, helper, anna, as, report, list } = await desk();
    const bug = await report(anna.token, 'bug', 'The bell rings twice');

    const answered = await as(helper.token).ok<SupportRequest>('POST', `/api/hd/support/${bug.id}`, {
      version: 1,
      status: 'in_progress',
      answer: 'Thanks, we are looking at it.',
    });
    expect(answered).toMatchObject({
      status: 'in_progress',
      answer: 'Thanks, we are looking at it.',
      answeredBy: { id: helper.id },
      version: 2,
    });

    const stale = await as(org.adminToken).call('POST', `/api/hd/support/${bug.id}`, {
      version: 1,
      status: 'done',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'stale_version', data: { id: bug.id, version: 2 } });

    const done = await as(org.adminToken).ok<SupportRequest>('POST', `/api/hd/support/${bug.id}`, {
      version: 2,
      status: 'done',
    });
    expect(done).toMatchObject({ status: 'done', answer: 'Thanks, we are looking at it.', version: 3 });
    expect((await list(helper.token, '?status=active')).data).toEqual([]);
    expect((await list(helper.token, '?status=done')).data.map((r) => r.id)).toEqual([bug.id]);

    // An empty answer takes it back.
    const cleared = await as(helper.token).ok<SupportRequest>('POST', `/api/hd/support/${bug.id}`, {
      version: 3,
      answer: '',
    });
    expect(cleared).toMatchObject({ answer: null, answeredBy: null, status: 'done', version: 4 });

    // Only the desk answers, even the reporter cannot; bad input is a 422; an unknown id a 404.
    const denied = await as(anna.token).call('POST', `/api/hd/support/${bug.id}`, {
      version: 4,
      status: 'open',
    });
    expect(denied.statusCode).toBe(403);
    for (const body of [
      { status: 'open' },
      { version: 4, status: 'closed' },
      { version: 4, answer: 'x'.repeat(5001) },
    ])
      expect((await as(helper.token).call('POST', `/api/hd/support/${bug.id}`, body)).statusCode).toBe(422);
    expect(
      (await as(helper.token).call('POST', '/api/hd/support/999999999', { version: 1 })).statusCode,
    ).toBe(404);
    const other = await t.newOrg();
    expect(
      (await clinic(t, other).call('POST', `/api/hd/support/${bug.id}`, { version: 4 })).statusCode,
    ).toBe(404);
  });

  it('a new request notifies the desk by its type; an answer or a status change notifies the reporter', async () => {
    const { org, helper, anna, omar, as, report, inbox } = await desk();
    const bug = await report(anna.token, 'bug', `Printing cuts the footer ${'of every page '.repeat(20)}`);
    const note = await report(anna.token, 'feedback', 'Nice');
    const idea = await report(anna.token, 'feature', 'Dark prints');

    for (const token of [helper.token, org.adminToken]) {
      const got = await inbox(token);
      expect(got.map((n) => [n.type, n.targetId, n.is_read])).toEqual([
        ['feature request', idea.id, 0],
        ['Feedback', note.id, 0],
        ['bug', bug.id, 0],
      ]);
      expect(got[2]!.details).toMatch(/^User \w+: Printing cuts the footer of every page/);
      expect(got[2]!.details.length).toBeLessThan(120);
    }
    expect(await inbox(anna.token)).toEqual([]);
    expect(await inbox(omar.token)).toEqual([]);

    // The desk's own report does not notify its author.
    await report(helper.token, 'bug', 'Seen by me');
    expect((await inbox(helper.token)).length).toBe(3);
    expect((await inbox(org.adminToken)).length).toBe(4);

    await as(helper.token).ok('POST', `/api/hd/support/${bug.id}`, {
      version: 1,
      answer: 'Fixed in the next version',
    });
    await as(helper.token).ok('POST', `/api/hd/support/${bug.id}`, { version: 2, status: 'done' });
    // No change, no notification.
    await as(helper.token).ok('POST', `/api/hd/support/${bug.id}`, { version: 3, status: 'done' });
    const told = await inbox(anna.token);
    expect(told.map((n) => [n.type, n.targetId])).toEqual([
      ['active request', bug.id],
      ['active request', bug.id],
    ]);
    expect(told[1]!.details).toMatch(/: Fixed in the next version$/);
    expect(told[0]!.details).toMatch(/\[done\] Printing cuts the footer/);
    expect(await inbox(omar.token)).toEqual([]);
  });
});
