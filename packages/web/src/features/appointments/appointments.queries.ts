import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appointmentSettingsResponseSchema,
  attendanceReportResponseSchema,
  bookingDetailResponseSchema,
  bookingResponseSchema,
  bookResponseSchema,
  bookSummaryResponseSchema,
  closureListResponseSchema,
  closureResponseSchema,
  daySlotsResponseSchema,
  doctorHoursListResponseSchema,
  dueListResponseSchema,
  freeSlotsResponseSchema,
  holidaySuggestionsResponseSchema,
  hoursSavedResponseSchema,
  patientAppointmentsResponseSchema,
  type AppointmentSettingsUpdate,
  type BookingCreate,
  type BookingMove,
  type ClosureCreate,
  type WeekHours,
} from '@basira/shared/appointments/appointments.schemas';
import {
  doctorListSchema,
  queueEntryResponseSchema,
  type VisitReason,
} from '@basira/shared/queue/queue.schemas';
import { okSchema } from '@basira/shared/common/api.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

const BASE = 'appointments';
/** Under the queue's root: a queue event (an arrival, a booking made elsewhere) refreshes the book too. */
export const APPOINTMENTS_KEY = [QUERY_ROOTS.queue, 'appointments'] as const;
const SETUP_KEY = ['appointments-setup'] as const;

export const doctorsQuery = queryOptions({
  queryKey: [...APPOINTMENTS_KEY, 'doctors'],
  queryFn: async () => (await apiRequest('mo/queue/doctors', { schema: doctorListSchema })).data,
  staleTime: 5 * 60_000,
});

export const bookQuery = (from: string, to: string, doctorIds: readonly number[], all = true) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'book', from, to, doctorIds.join(','), all],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(BASE, {
          schema: bookResponseSchema,
          query: {
            from,
            to,
            doctorIds: doctorIds.length > 0 ? doctorIds.join(',') : undefined,
            all: all ? '1' : undefined,
          },
          signal,
        })
      ).data,
    staleTime: 0,
  });

export const summaryQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'summary', from, to],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/summary`, {
          schema: bookSummaryResponseSchema,
          query: { from, to },
          signal,
        })
      ).data,
  });

export const bookingDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'detail', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`${BASE}/${id}`, { schema: bookingDetailResponseSchema, signal })).data,
    staleTime: 0,
  });

export const dueQuery = queryOptions({
  queryKey: [...APPOINTMENTS_KEY, 'due'],
  queryFn: async ({ signal }) =>
    (await apiRequest(`${BASE}/due`, { schema: dueListResponseSchema, signal })).data,
  staleTime: 0,
});

export const daySlotsQuery = (doctorId: number, day: string, reason?: VisitReason, minutes?: number) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'slots', doctorId, day, reason ?? null, minutes ?? null],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/slots`, {
          schema: daySlotsResponseSchema,
          query: { doctorId: String(doctorId), day, reason, minutes: minutes?.toString() },
          signal,
        })
      ).data,
  });

export const freeSlotsQuery = (doctorId: number, from: string, minutes: number | undefined, limit = 12) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'free-slots', doctorId, from, minutes ?? null, limit],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/free-slots`, {
          schema: freeSlotsResponseSchema,
          query: { doctorId: String(doctorId), from, minutes: minutes?.toString(), limit: String(limit) },
          signal,
        })
      ).data,
    staleTime: 0,
  });

export const patientAppointmentsQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'patient', patientId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/patients/${patientId}`, {
          schema: patientAppointmentsResponseSchema,
          signal,
        })
      ).data,
  });

export const attendanceQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: [...APPOINTMENTS_KEY, 'attendance', from, to],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/reports/attendance`, {
          schema: attendanceReportResponseSchema,
          query: { from, to },
          signal,
        })
      ).data,
  });

export const settingsQuery = queryOptions({
  queryKey: [...SETUP_KEY, 'settings'],
  queryFn: async () =>
    (await apiRequest(`${BASE}/settings`, { schema: appointmentSettingsResponseSchema })).data,
  staleTime: 60_000,
});

export const hoursQuery = queryOptions({
  queryKey: [...SETUP_KEY, 'hours'],
  queryFn: async () => (await apiRequest(`${BASE}/hours`, { schema: doctorHoursListResponseSchema })).data,
  staleTime: 0,
});

export const closuresQuery = (year: number) =>
  queryOptions({
    queryKey: [...SETUP_KEY, 'closures', year],
    queryFn: async () =>
      (
        await apiRequest(`${BASE}/closures`, {
          schema: closureListResponseSchema,
          query: { year: String(year) },
        })
      ).data,
    staleTime: 0,
  });

export const holidaysQuery = (year: number) =>
  queryOptions({
    queryKey: [...SETUP_KEY, 'holidays', year],
    queryFn: async () =>
      (
        await apiRequest(`${BASE}/holidays`, {
          schema: holidaySuggestionsResponseSchema,
          query: { year: String(year) },
        })
      ).data,
    staleTime: 60 * 60_000,
  });

function useRefreshBook() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [QUERY_ROOTS.queue] });
}

export function useBook() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: async (body: BookingCreate) =>
      (await apiRequest(BASE, { method: 'POST', body, schema: bookingResponseSchema })).data,
    onSuccess: refresh,
  });
}

export function useMoveBooking() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: async ({ id, ...body }: BookingMove & { id: number }) =>
      (await apiRequest(`${BASE}/${id}/move`, { method: 'POST', body, schema: bookingResponseSchema })).data,
    // A refusal too: a 409 means the book changed meanwhile.
    onSettled: refresh,
  });
}

export type BookingStatusAction = 'arrive' | 'noshow' | 'cancel';
const STATUS_SEGMENT: Record<BookingStatusAction, string> = {
  arrive: 'arrived',
  noshow: 'noshow',
  cancel: 'canceled',
};

/** Arrival, no-show and cancellation are the queue's status calls: the booking is the visit. */
export function useBookingStatus() {
  const refresh = useRefreshBook();
  return useMutation({
    mutationFn: async ({ id, action }: { id: number; action: BookingStatusAction }) =>
      (
        await apiRequest(`mo/queue/${STATUS_SEGMENT[action]}/${id}`, {
          method: 'POST',
          schema: queueEntryResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AppointmentSettingsUpdate) =>
      (
        await apiRequest(`${BASE}/settings`, {
          method: 'PUT',
          body,
          schema: appointmentSettingsResponseSchema,
        })
      ).data,
    onSuccess: (data) => queryClient.setQueryData(settingsQuery.queryKey, data),
    onError: () => queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  });
}

export function useSaveHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ doctorId, week, version }: { doctorId: number; week: WeekHours; version: number }) =>
      (
        await apiRequest(`${BASE}/hours/${doctorId}`, {
          method: 'PUT',
          body: { week, version },
          schema: hoursSavedResponseSchema,
        })
      ).data,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: hoursQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
      ]),
  });
}

export function useAddClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClosureCreate) =>
      (await apiRequest(`${BASE}/closures`, { method: 'POST', body, schema: closureResponseSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SETUP_KEY, 'closures'] }),
  });
}

export function useRemoveClosure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      apiRequest(`${BASE}/closures/${id}`, { method: 'DELETE', schema: okSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SETUP_KEY, 'closures'] }),
  });
}
