// What each desk does all day, one action after another with a think time between: reception searches, registers,
// queues and re-waits; optometrists show a waiting patient's board and record; doctors open their next patient's
// board, record, read the record and its print view, and finish; administrators read the lists; reception's
// cashiers open a shift and take the payment of each visit queued (charged at queueing by its reason's price).
// Every answer is timed by call kind; every change that makes a live event is counted, to check every stream
// received it.
import { randomUUID } from 'node:crypto';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import { EXAM_SAMPLES } from '../shared/exam-samples.ts';
import { arabicFamily, arabicMale, latinFamily, latinMale, mobilePrefixes } from '../patient-search/names.ts';
import type { Api } from './client.ts';
import type { Desk, User } from './staff.ts';
import type { Kind, Stats } from './stats.ts';

interface Entry {
  id: number;
  patientId: number;
  status: { id: number };
  doctor: { id: number } | null;
}

/** The live events a change makes, by who may read them (reception reads no exam records). */
const EVENT_READERS: Record<string, readonly Desk[]> = {
  'patient.changed': ['reception', 'optometrist', 'doctor', 'admin'],
  'queue.changed': ['reception', 'optometrist', 'doctor', 'admin'],
  'exam.changed': ['optometrist', 'doctor', 'admin'],
};

interface Account {
  charges: { id: number; balance: number; version: number; voided: boolean; currency: string }[];
}

/** What reception queues a visit for: mostly a consultation, then follow-ups, spectacles, a test beside one. */
const VISIT_REASONS: VisitReason[][] = [
  ['Examinations'],
  ['Examinations'],
  ['Examinations'],
  ['FollowUp'],
  ['Spectacles'],
  ['Examinations', 'Biometry'],
];
/** A cashier's payment POST, held to its own p95 target (issue 52). */
export const PAYMENT = 'payment';
/** The share of payments sent a second time with the same Idempotency-Key (a retry after a lost answer). */
const RETRY_SHARE = 0.1;

const OPTOMETRIST_EXAMS = ['spectacles', 'biometry', 'keratoconus'] as const;
const DOCTOR_EXAMS = ['spectacles', 'consultation', 'followUp', 'retina', 'biometry', 'prism'] as const;
/** The patient list's filters an administrator uses, each reported as a call of its own. */
const ADMIN_FILTERS: [string, string][] = [
  ['patient filter page', ''],
  ['patient filter page (women 18–45, by name)', 'isMale=0&ageFrom=18&ageTo=45&sort=name'],
  ['patient filter page (65 and over)', 'ageFrom=65'],
  ['patient filter page (by last visit)', 'sort=lastVisit'],
  ['patient filter page (a name)', `search=${encodeURIComponent('احمد')}`],
];

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class Clinic {
  stopped = false;
  /** Changes the bench made, by event key (`type:id:action`), with how many of each. */
  readonly changes = new Map<string, number>();
  private nextDoctor = 0;
  /** The entries each receptionist queued. */
  private readonly queuedBy = new Map<number, Set<number>>();
  private phone = Math.floor(Math.random() * 9_000_000);
  /** Patients queued whose visit the cashiers have not paid yet, oldest first. */
  private readonly unpaid: number[] = [];
  /** Each cashier's open shift, by user id. */
  private readonly shifts = new Map<number, number>();

  constructor(
    private readonly api: Api,
    readonly stats: Stats,
    private readonly doctors: number[],
    /** The organization's calendar day, as the queue screen asks for it. */
    private readonly today: string,
    private readonly thinkMs: [number, number],
  ) {}

  think(): Promise<void> {
    const [low, high] = this.thinkMs;
    return high > 0 ? sleep(low + Math.random() * (high - low)) : Promise.resolve();
  }

  /** One timed call; anything but `expect` is an error. Answers the body's `data` (or null on error). */
  async call<T>(
    user: User,
    name: string,
    kind: Kind,
    method: string,
    path: string,
    body?: unknown,
    expect = 200,
    headers?: Record<string, string>,
  ) {
    const t0 = performance.now();
    const res = await this.api.call(method, path, user.token, body, headers).catch((error: Error) => ({
      status: 0,
      text: `connection: ${error.message}`,
    }));
    this.stats.record(name, kind, performance.now() - t0);
    if (res.status !== expect) {
      this.stats.error(`${user.desk} ${user.n} ${name}`, res.status, res.text);
      return null;
    }
    return (JSON.parse(res.text) as { data: T }).data;
  }

  private changed(type: string, id: number, action: string): void {
    const key = `${type}:${id}:${action}`;
    this.changes.set(key, (this.changes.get(key) ?? 0) + 1);
  }

  /** The event keys a desk's stream should carry, with their counts. */
  expectedFor(desk: Desk): Map<string, number> {
    return new Map([...this.changes].filter(([key]) => EVENT_READERS[key.split(':')[0]!]!.includes(desk)));
  }

  /** Whose change an event is: the same key the writes count. */
  static keyOf(type: string, data: string): string | null {
    if (!(type in EVENT_READERS)) return null;
    const { id, action } = JSON.parse(data) as { id: number; action: string };
    return `${type}:${id}:${action}`;
  }

  async run(user: User): Promise<void> {
    const loop = (
      user.cashier
        ? this.cashier
        : {
            reception: this.reception,
            optometrist: this.optometrist,
            doctor: this.doctor,
            admin: this.admin,
          }[user.desk]
    ).bind(this);
    // Users do not all start at once.
    await sleep(Math.random() * (this.thinkMs[1] || 100));
    while (!this.stopped) await loop(user);
  }

  private async reception(user: User): Promise<void> {
    const latin = Math.random() < 0.3;
    const first = pick(latin ? latinMale : arabicMale);
    const second = pick(latin ? latinMale : arabicMale);
    const family = pick(latin ? latinFamily : arabicFamily);
    // The typeahead as the name is typed: its first letters, the first name, two names.
    for (const text of [first.slice(0, 3), first, `${first} ${second}`]) {
      await this.call(
        user,
        'typeahead search',
        'read',
        'GET',
        `/api/mo/patient?search=${encodeURIComponent(text)}`,
      );
      await sleep(Math.min(300, this.thinkMs[1]));
    }
    if (this.stopped) return;
    await this.think();
    const phone = String(this.phone++ % 10_000_000).padStart(7, '0');
    const patient = await this.call<{ id: number }>(
      user,
      'register patient',
      'write',
      'POST',
      '/api/mo/patient',
      {
        name: `${first} ${second} ${family}`,
        phone: `0${pick(mobilePrefixes)}${phone}`,
        age: 20 + (this.phone % 60),
      },
      201,
    );
    if (!patient) return;
    this.changed('patient.changed', patient.id, 'created');
    await this.think();
    const doctorId = this.doctors[this.nextDoctor++ % this.doctors.length];
    const entry = await this.call<Entry>(
      user,
      'queue patient',
      'write',
      'POST',
      '/api/mo/queue',
      { patientId: patient.id, doctorId, examTypes: pick(VISIT_REASONS) },
      201,
    );
    if (!entry) return;
    this.changed('queue.changed', entry.id, 'created');
    this.unpaid.push(patient.id);
    const mine = this.queuedBy.get(user.id) ?? new Set<number>();
    this.queuedBy.set(user.id, mine.add(entry.id));
    await this.think();
    await this.call(
      user,
      'queue filter (today)',
      'read',
      'GET',
      `/api/mo/queue/filter?page=1&from=${this.today}&to=${this.today}`,
    );
    await this.think();
    // A patient this receptionist queued, finished, called back (nobody else moves a finished entry).
    const earlier = pick([...mine]);
    const seen = await this.call<Entry>(user, 'queue entry', 'read', 'GET', `/api/mo/queue/${earlier}`);
    if (seen?.status.id === 3 && !this.stopped) {
      await this.think();
      const moved = await this.call<Entry>(
        user,
        're-wait entry',
        'write',
        'POST',
        `/api/mo/queue/rewaiting/${earlier}`,
        {
          date: new Date().toISOString(),
          note: 'Back after dilation',
        },
      );
      if (moved) this.changed('queue.changed', earlier, 'rewait');
    }
    await this.think();
  }

  /**
   * A cashier: opens a shift (or finds theirs open), then for the patient queued longest ago reads the account and
   * pays every charge still owed in cash, under a fresh Idempotency-Key; now and then the same payment is sent again
   * with the same key, which must answer the same receipt.
   */
  private async cashier(user: User): Promise<void> {
    if (!this.shifts.has(user.id)) {
      const open =
        (await this.call<{ id: number } | null>(
          user,
          'current shift',
          'read',
          'GET',
          '/api/mo/billing/shifts/current',
        )) ??
        (await this.call<{ id: number }>(
          user,
          'open shift',
          'write',
          'POST',
          '/api/mo/billing/shifts',
          { floats: [{ currency: 'IQD', amount: 250_000 }] },
          201,
        ));
      if (!open) return void (await sleep(1000));
      this.shifts.set(user.id, open.id);
    }
    const patientId = this.unpaid.shift();
    // Nobody waiting to pay: look again shortly (never a loop without a pause, even without think time).
    if (patientId === undefined) return void (await sleep(Math.max(100, this.thinkMs[0])));
    const account = await this.call<Account>(
      user,
      'patient account',
      'read',
      'GET',
      `/api/mo/billing/patients/${patientId}/account`,
    );
    if (!account) return;
    const lines = account.charges
      .filter((c) => !c.voided && c.balance > 0 && c.currency === 'IQD')
      .map((c) => ({ chargeId: c.id, version: c.version, amount: c.balance }));
    if (!lines.length) {
      // Every visit the bench queues has a priced reason and a new patient (no free return): a charge is due.
      this.stats.error(`${user.desk} ${user.n} payment`, 0, `patient ${patientId}: nothing charged to pay`);
      return;
    }
    await this.think();
    const body = { patientId, method: 'cash', currency: 'IQD', lines };
    const key = { 'idempotency-key': randomUUID() };
    const receipt = await this.call<{ id: number }>(
      user,
      PAYMENT,
      'write',
      'POST',
      '/api/mo/billing/payments',
      body,
      200,
      key,
    );
    if (receipt && Math.random() < RETRY_SHARE && !this.stopped) {
      const again = await this.call<{ id: number }>(
        user,
        'payment (retry, same key)',
        'write',
        'POST',
        '/api/mo/billing/payments',
        body,
        200,
        key,
      );
      if (again && again.id !== receipt.id)
        this.stats.error(
          `${user.desk} ${user.n} payment retry`,
          200,
          `receipt ${again.id}, not ${receipt.id}`,
        );
    }
    await this.think();
  }

  /** Closes the cashiers' shifts, counting what was expected (no difference, no note). */
  async closeShifts(users: User[]): Promise<void> {
    for (const user of users) {
      const id = this.shifts.get(user.id);
      if (id === undefined) continue;
      const shift = await this.call<{ version: number; expected: unknown[] }>(
        user,
        'shift',
        'read',
        'GET',
        `/api/mo/billing/shifts/${id}`,
      );
      if (!shift) continue;
      await this.call(user, 'close shift', 'write', 'POST', `/api/mo/billing/shifts/${id}/close`, {
        version: shift.version,
        counted: shift.expected,
        note: null,
      });
      this.shifts.delete(user.id);
    }
  }

  private async optometrist(user: User): Promise<void> {
    const waiting = await this.call<Entry[]>(
      user,
      'queue filter (today, waiting)',
      'read',
      'GET',
      `/api/mo/queue/filter?page=1&from=${this.today}&to=${this.today}&status=1`,
    );
    await this.think();
    if (!waiting?.length || this.stopped) return;
    const entry = pick(waiting);
    await this.call(
      user,
      'board (show)',
      'read',
      'POST',
      `/api/mo/patient/open/board/show/${entry.patientId}/${entry.id}`,
    );
    await this.think();
    await this.record(user, entry, pick(OPTOMETRIST_EXAMS));
  }

  private async doctor(user: User): Promise<void> {
    const list = await this.call<{ entries: Entry[] }>(
      user,
      'worklist',
      'read',
      'GET',
      '/api/mo/doctor/worklist',
    );
    await this.think();
    const mine = list?.entries.filter((e) => e.doctor?.id === user.id) ?? [];
    // A patient left with the doctor (a run stopped in the middle) is finished first.
    const left = mine.find((e) => e.status.id === 2);
    const next = left ?? mine.find((e) => e.status.id === 1);
    if (!next || this.stopped) return;
    if (!left) {
      const board = await this.call(
        user,
        'board (open)',
        'write',
        'POST',
        `/api/mo/patient/open/board/${next.patientId}/${next.id}`,
      );
      if (!board) return;
      this.changed('queue.changed', next.id, 'open');
      await this.think();
      await this.record(user, next, pick(DOCTOR_EXAMS));
    }
    if (this.stopped) return;
    const done = await this.call(user, 'finish', 'write', 'POST', `/api/mo/queue/finished/${next.id}`);
    if (done) this.changed('queue.changed', next.id, 'finish');
    await this.think();
  }

  /** Saves a record of the visit, reads it back as the form does, and the data of its print view. */
  private async record(user: User, entry: Entry, type: keyof typeof EXAM_SAMPLES): Promise<void> {
    const saved = await this.call<{ id: number }>(
      user,
      'save exam record',
      'write',
      'POST',
      `/api/mo/exam/${type}`,
      { patientId: entry.patientId, queueId: entry.id, ...EXAM_SAMPLES[type] },
      201,
    );
    if (!saved) return;
    this.changed('exam.changed', saved.id, 'created');
    await this.think();
    await this.call(user, 'read exam record', 'read', 'GET', `/api/mo/exam/${type}/${saved.id}`);
    await this.think();
    await this.call(user, 'print view data', 'read', 'GET', `/api/mo/print/${type}/${saved.id}`);
    await this.think();
  }

  private async admin(user: User): Promise<void> {
    const [filterName, filter] = pick(ADMIN_FILTERS);
    const lists: [string, string][] = [
      ['queue list', '/api/mo/queue?page=1'],
      [filterName, `/api/mo/patient/filter?page=1&${filter}`],
      ['audit list', '/api/audit?page=1'],
      ['notifications', '/api/hd/notification?page=1'],
    ];
    const [name, path] = pick(lists);
    await this.call(user, name, 'read', 'GET', path);
    await this.think();
  }
}
