import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  accountResponseSchema,
  balancesSchema,
  chargeResponseSchema,
  receiptPrintSchema,
  receiptResponseSchema,
  receiptViewResponseSchema,
  serviceListSchema,
  type ChargeCreate,
  type ChargeVoid,
  type DiscountCreate,
  type EntryReverse,
  type ExemptionCreate,
  type PaymentCreate,
} from '@basira/shared/money/billing.schemas';
import { apiRequest } from '../../lib/api-client.ts';
import { QUERY_ROOTS } from '../../lib/query-keys.ts';

const BASE = 'mo/billing';

/**
 * A patient's account lives under the patients' root (a live event about the patient refetches it); the queue's
 * balances under the queue's root, so every live queue event refetches them with the rows they belong to.
 */
export const ACCOUNT_KEY = [QUERY_ROOTS.patients, 'billing'] as const;
export const BALANCES_KEY = [QUERY_ROOTS.queue, 'balances'] as const;

/** `GET /balances?patientIds=…`: what each patient on screen owes, in one call for the whole list. */
export const balancesQuery = (patientIds: readonly number[]) =>
  queryOptions({
    queryKey: [...BALANCES_KEY, [...new Set(patientIds)].sort((a, b) => a - b)],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${BASE}/balances`, {
          schema: balancesSchema,
          query: { patientIds: [...new Set(patientIds)].join(',') },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

/** `GET /patients/{id}/account`: balances, charges with their entries, receipts. */
export const accountQuery = (patientId: number) =>
  queryOptions({
    queryKey: [...ACCOUNT_KEY, patientId],
    queryFn: async ({ signal }) =>
      (await apiRequest(`${BASE}/patients/${patientId}/account`, { schema: accountResponseSchema, signal }))
        .data,
    staleTime: 0,
  });

/** `GET /services`: the price list (the board's "Add a test" picks from it). */
export const servicesQuery = queryOptions({
  queryKey: ['billingDesk', 'services'],
  queryFn: async ({ signal }) =>
    (await apiRequest(`${BASE}/services`, { schema: serviceListSchema, signal })).data,
  staleTime: 60_000,
});

/** `GET /receipts/{id}`: kept apart from live events, as every print view: the sheet must not change under the printer. */
export const receiptQuery = (id: number) =>
  queryOptions({
    queryKey: ['print', 'receipt', id],
    queryFn: async ({ signal }) =>
      (await apiRequest(`${BASE}/receipts/${id}`, { schema: receiptViewResponseSchema, signal })).data,
    staleTime: Infinity,
  });

/** Whatever moved money refetches the patient's account and the balances on screen. */
function useRefreshAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ACCOUNT_KEY }),
      queryClient.invalidateQueries({ queryKey: BALANCES_KEY }),
    ]);
}

/**
 * `POST /payments` with its idempotency key: the caller makes the key once per dialog and sends the same one on a
 * retry, so a double click or a retried request records one payment.
 */
export function usePay() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ body, key }: { body: PaymentCreate; key: string }) =>
      (
        await apiRequest(`${BASE}/payments`, {
          method: 'POST',
          body,
          headers: { [IDEMPOTENCY_HEADER]: key },
          schema: receiptResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

export function useDiscount() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ chargeId, body }: { chargeId: number; body: DiscountCreate }) =>
      (
        await apiRequest(`${BASE}/charges/${chargeId}/discount`, {
          method: 'POST',
          body,
          schema: chargeResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

export function useExempt() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ chargeId, body }: { chargeId: number; body: ExemptionCreate }) =>
      (
        await apiRequest(`${BASE}/charges/${chargeId}/exemption`, {
          method: 'POST',
          body,
          schema: chargeResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

export function useVoidCharge() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ chargeId, body }: { chargeId: number; body: ChargeVoid }) =>
      (
        await apiRequest(`${BASE}/charges/${chargeId}/void`, {
          method: 'POST',
          body,
          schema: chargeResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

export function useReverseEntry() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ entryId, body }: { entryId: number; body: EntryReverse }) =>
      (
        await apiRequest(`${BASE}/entries/${entryId}/reverse`, {
          method: 'POST',
          body,
          schema: chargeResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

/** `POST /visits/{queueId}/charges`: a test or procedure done during the visit. */
export function useAddCharge() {
  const refresh = useRefreshAccounts();
  return useMutation({
    mutationFn: async ({ queueId, body }: { queueId: number; body: ChargeCreate }) =>
      (
        await apiRequest(`${BASE}/visits/${queueId}/charges`, {
          method: 'POST',
          body,
          schema: chargeResponseSchema,
        })
      ).data,
    onSettled: refresh,
  });
}

/** `POST /receipts/{id}/print`: counts one print; the answer says whether this one is a copy. */
export function usePrintReceipt() {
  return useMutation({
    mutationFn: async (id: number) =>
      (await apiRequest(`${BASE}/receipts/${id}/print`, { method: 'POST', schema: receiptPrintSchema })).data,
  });
}
