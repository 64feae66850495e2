import type { QueueEntry } from '@basira/shared/queue/queue.schemas';

const STATUS = {
  0: { id: 0, name: 'Booked', color: '#7048e8' },
  1: { id: 1, name: 'Waiting', color: '#f08c00' },
  2: { id: 2, name: 'WithDoctor', color: '#1c7ed6' },
  3: { id: 3, name: 'Finished', color: '#2f9e44' },
  4: { id: 4, name: 'Canceled', color: '#e03131' },
  5: { id: 5, name: 'NoShow', color: '#868e96' },
} as const;

/** A queue entry as the API answers it; a Booked one has no ticket. */
export function queueEntry(
  overrides: Partial<QueueEntry> & { statusId?: keyof typeof STATUS } = {},
): QueueEntry {
  const { statusId = 1, ...rest } = overrides;
  const booked = statusId === 0 || statusId === 5;
  return {
    id: 7,
    patientId: 3,
    patient: {
      id: 3,
      fileNumber: 42,
      name: 'Maryam Ali',
      phone: '+9647701234567',
      birthDate: '1990-01-01',
      age: 36,
      isMale: 0,
      hasAlerts: false,
      lastQueueAt: null,
    },
    ticketNumber: booked ? null : 4,
    ticketDay: booked ? null : '2026-12-05',
    isVisitDate: 0,
    date: '2026-12-05T07:30:00Z',
    note: null,
    isRewaiting: 0,
    status: STATUS[statusId],
    examTypes: [],
    doctor: { id: 9, name: 'Dr Salim' },
    statusSince: '2026-12-01T09:00:00Z',
    waitingSince: statusId === 1 ? '2026-12-05T07:30:00Z' : null,
    slotMinutes: booked ? 15 : null,
    overbooked: 0,
    arrivedAt: null,
    version: 1,
    createdAt: '2026-12-01T09:00:00Z',
    updatedAt: '2026-12-01T09:00:00Z',
    ...rest,
  };
}
