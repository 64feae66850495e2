import { randomInt } from 'node:crypto';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import type { TestApp, TestOrg } from './harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A valid Iraqi mobile number as a receptionist types it: "0770 123 4567". */
export function randomPhone(): string {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `0770 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

/** Calls and records of one organization for the patients, queue and board tests. */
export function clinic(t: TestApp, org: TestOrg, token = org.adminToken) {
  const call = (method: Method, url: string, payload?: unknown, as = token) =>
    t.request({
      method,
      url,
      org: org.slug,
      token: as,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });

  const ok = async <T>(method: Method, url: string, payload?: unknown, as = token): Promise<T> => {
    const res = await call(method, url, payload, as);
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: T }).data;
  };

  return {
    call,
    ok,
    patient: (fields: Record<string, unknown> = {}) =>
      ok<Patient>('POST', '/api/mo/patient', { name: 'Ahmed Ali Hassan', phone: randomPhone(), ...fields }),
    /** Queues a patient; a second open visit the same day is confirmed (queue.test covers the refusal). */
    queue: (patientId: number, fields: Record<string, unknown> = {}) =>
      ok<QueueEntry>('POST', '/api/mo/queue', { patientId, confirmDuplicate: true, ...fields }),
    open: (entry: { id: number; patientId: number }, as = token) =>
      call('POST', `/api/mo/patient/open/board/${entry.patientId}/${entry.id}`, undefined, as),
  };
}
