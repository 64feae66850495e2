import { VISIT_REASONS, type VisitReason } from '@basira/shared/queue/queue.schemas';
import { isQueueStatusId, type QueueStatusId } from '@basira/shared/queue/queue-states';
import type { QueueFilters } from './queue.queries.ts';

export type ListFilters = Omit<QueueFilters, 'page'>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The list's filters as kept in the address, so a reload or a shared link shows the same list. */
export function queueFiltersFromParams(params: URLSearchParams, today: string): ListFilters {
  const status = (params.get('status') ?? '')
    .split(',')
    .filter((part) => /^\d$/.test(part))
    .map(Number)
    .filter((n): n is QueueStatusId => isQueueStatusId(n));
  const day = (key: string, fallback?: string) => {
    const value = params.get(key);
    if (value === 'any') return undefined;
    return value && DAY.test(value) ? value : fallback;
  };
  const doctor = Number(params.get('doctorId'));
  const examType = params.get('examType');
  return {
    status: status.length ? status : undefined,
    from: day('from', today),
    to: day('to', today),
    search: params.get('q') ?? undefined,
    doctorId: Number.isInteger(doctor) && doctor > 0 ? doctor : undefined,
    examType:
      examType && (VISIT_REASONS as readonly string[]).includes(examType)
        ? (examType as VisitReason)
        : undefined,
    last: params.get('last') === '1' || undefined,
  };
}

export function queueFiltersToParams(
  filters: ListFilters,
  today: string,
  base: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of ['status', 'from', 'to', 'q', 'doctorId', 'examType', 'last', 'page']) next.delete(key);
  if (filters.status?.length) next.set('status', filters.status.join(','));
  if (filters.from !== today) next.set('from', filters.from ?? 'any');
  if (filters.to !== today) next.set('to', filters.to ?? 'any');
  if (filters.search) next.set('q', filters.search);
  if (filters.doctorId) next.set('doctorId', String(filters.doctorId));
  if (filters.examType) next.set('examType', filters.examType);
  if (filters.last) next.set('last', '1');
  return next;
}
