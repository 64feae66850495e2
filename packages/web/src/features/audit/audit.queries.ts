import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditPageSchema, auditUsersSchema } from '@basira/shared/audit/audit.schemas';
import { apiRequest } from '../../lib/api-client.ts';

export interface AuditFilters {
  page: number;
  userId: number | undefined;
  patientId: number | undefined;
  action: string | undefined;
  from: string | undefined;
  to: string | undefined;
}

/** `GET /api/audit`: not under a live root, each visit of the screen reads afresh. */
export const auditListQuery = (filters: AuditFilters) =>
  queryOptions({
    queryKey: ['audit', 'list', filters],
    queryFn: () => apiRequest('audit', { schema: auditPageSchema, query: { ...filters } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const auditUsersQuery = () =>
  queryOptions({
    queryKey: ['audit', 'users'],
    queryFn: async () => (await apiRequest('audit/users', { schema: auditUsersSchema })).data,
    staleTime: 60_000,
  });
