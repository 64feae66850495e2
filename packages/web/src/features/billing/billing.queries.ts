import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adjustmentsReportResponseSchema,
  balancesReportResponseSchema,
  billingSettingsResponseSchema,
  currentShiftResponseSchema,
  dayReportResponseSchema,
  doctorShareListSchema,
  monthReportResponseSchema,
  receiptGapsSchema,
  serviceListSchema,
  serviceResponseSchema,
  sharesReportResponseSchema,
  shiftListSchema,
  shiftResponseSchema,
  type BillingSettingsUpdate,
  type DoctorSharesUpdate,
  type ServiceCreate,
  type ServiceUpdate,
  type ShiftClose,
  type ShiftOpen,
} from '@basira/shared/money/billing.schemas';
import { doctorListSchema } from '@basira/shared/queue/queue.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';

const BASE = 'mo/billing';
export const BILLING_KEY = ['billing'] as const;

export const servicesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'services'],
  queryFn: async () => (await apiRequest(`${BASE}/services`, { schema: serviceListSchema })).data,
});

/** The doctors a consultation may be priced for, or a share given to (the queue's list of doctors). */
export const billingDoctorsQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'doctors'],
  queryFn: async () => (await apiRequest('mo/queue/doctors', { schema: doctorListSchema })).data,
  staleTime: 5 * 60_000,
});

export function useSaveService(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ServiceCreate | ServiceUpdate) =>
      (
        await apiRequest(id === null ? `${BASE}/services` : `${BASE}/services/${id}`, {
          method: 'POST',
          body,
          schema: serviceResponseSchema,
        })
      ).data,
    // A refusal too: a 409 means someone changed the service meanwhile, and the list must show what is now saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...BILLING_KEY, 'services'] }),
  });
}

export const settingsQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'settings'],
  queryFn: async () => (await apiRequest(`${BASE}/settings`, { schema: billingSettingsResponseSchema })).data,
  staleTime: 0,
});

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BillingSettingsUpdate) =>
      (
        await apiRequest(`${BASE}/settings`, {
          method: 'POST',
          body,
          schema: billingSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(settingsQuery.queryKey, data),
    // Someone saved the settings meanwhile: read them again (the form then starts from what is saved).
    onError: (error) =>
      isApiError(error) && error.code === 'stale_version'
        ? queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey })
        : undefined,
  });
}

export const sharesQuery = queryOptions({
  queryKey: [...BILLING_KEY, 'shares'],
  queryFn: async () => (await apiRequest(`${BASE}/shares`, { schema: doctorShareListSchema })).data,
  staleTime: 0,
});

export function useSaveShares() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DoctorSharesUpdate) =>
      (await apiRequest(`${BASE}/shares`, { method: 'POST', body, schema: doctorShareListSchema })).data,
    onSuccess: (data) => queryClient.setQueryData(sharesQuery.queryKey, data),
  });
}

const SHIFTS_KEY = [...BILLING_KEY, 'shifts'] as const;

export const currentShiftQuery = queryOptions({
  queryKey: [...SHIFTS_KEY, 'current'],
  queryFn: async () =>
    (await apiRequest(`${BASE}/shifts/current`, { schema: currentShiftResponseSchema })).data,
  staleTime: 0,
  // What the drawer took moves with every payment at the desk.
  refetchInterval: 60_000,
});

export const shiftsQuery = (status: 'open' | 'closed', day?: string) =>
  queryOptions({
    queryKey: [...SHIFTS_KEY, 'list', status, day ?? null],
    queryFn: async () =>
      (await apiRequest(`${BASE}/shifts`, { schema: shiftListSchema, query: { status, day } })).data,
    staleTime: 0,
  });

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShiftOpen) =>
      (await apiRequest(`${BASE}/shifts`, { method: 'POST', body, schema: shiftResponseSchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}

export function useCloseShift(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShiftClose) =>
      (
        await apiRequest(`${BASE}/shifts/${id}/close`, {
          method: 'POST',
          body,
          schema: shiftResponseSchema,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SHIFTS_KEY }),
  });
}

const REPORTS_KEY = [...BILLING_KEY, 'reports'] as const;

export const dayReportQuery = (day: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'day', day],
    queryFn: async () =>
      (await apiRequest(`${BASE}/reports/day`, { schema: dayReportResponseSchema, query: { day } })).data,
  });

export const monthReportQuery = (month: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'month', month],
    queryFn: async () =>
      (await apiRequest(`${BASE}/reports/month`, { schema: monthReportResponseSchema, query: { month } }))
        .data,
  });

/** The receipt numbers missing in a year: none, unless something went wrong (docs/money.md). */
export const receiptGapsQuery = (year: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'receipt-gaps', year],
    queryFn: async () =>
      (await apiRequest(`${BASE}/reports/receipt-gaps`, { schema: receiptGapsSchema, query: { year } })).data,
  });

export const sharesReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'shares', from, to],
    queryFn: async () =>
      (
        await apiRequest(`${BASE}/reports/shares`, {
          schema: sharesReportResponseSchema,
          query: { from, to },
        })
      ).data,
  });

export const balancesReportQuery = queryOptions({
  queryKey: [...REPORTS_KEY, 'balances'],
  queryFn: async () =>
    (await apiRequest(`${BASE}/reports/balances`, { schema: balancesReportResponseSchema })).data,
});

export const adjustmentsReportQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...REPORTS_KEY, 'adjustments', from, to],
    queryFn: async () =>
      (
        await apiRequest(`${BASE}/reports/adjustments`, {
          schema: adjustmentsReportResponseSchema,
          query: { from, to },
        })
      ).data,
  });
