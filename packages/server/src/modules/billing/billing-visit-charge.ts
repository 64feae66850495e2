import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_FREE_RETURN_DAYS } from '@basira/shared/money/billing.schemas';
import { auditLog, billingServices, billingSettings, charges } from '../../db/schema.ts';
import { literal, type Value } from '../../lib/prepared.ts';
import { sameOrg } from '../../lib/tenant.ts';

/**
 * The charges of a visit, as further writes of the statement that queues or opens it (`writeAudited`'s
 * `alsoWrite`, whose written visit rows are `w`): no round trip of its own on the queue's hot path.
 *
 * Each of the visit's reasons with an active price is charged once: the doctor's own price first, else the one
 * without a doctor. A consultation or follow-up is a free return (amount 0, `free_return_of` the earlier charge)
 * when the patient had a charged consultation with the same doctor (no doctor counts as the same "no doctor")
 * within the organization's free-return window. `uncharged`: only a visit that has no charge yet (opening a visit
 * queued for a later day). `index` is the place of these writes in `alsoWrite`: the second one audits the first's
 * rows, which it reads by the name writeAudited gives it (`also<index>`).
 *
 * The audit rows take the statement's audit values (`auditUserId`, …) that writeAudited binds.
 */
export function visitChargeWrites(
  value: Value,
  { day, index, uncharged }: { day: SQL; index: number; uncharged: boolean },
): SQL[] {
  const price = sql`CASE WHEN fr.id IS NULL THEN s.price_iqd ELSE 0 END`;
  const window = sql`COALESCE((SELECT bst.free_return_days FROM ${billingSettings} bst WHERE ${sameOrg('bst', sql`v.org_id`)}),
                              ${literal(DEFAULT_FREE_RETURN_DAYS)})`;
  const insert = sql`
    INSERT INTO ${charges} (org_id, patient_id, queue_id, service_id, code, name_ar, name_en, kind, doctor_id, currency,
                            list_amount, amount, free_return_of, balance, day, created_by, created_at)
    SELECT v.org_id, v.patient_id, v.id, s.id, s.code, s.name_ar, s.name_en, s.kind, v.doctor_id, 'IQD',
           s.price_iqd, ${price}, fr.id, ${price}, ${day}, ${value('auditUserId')}::int, ${value('auditAt')}::timestamptz
    FROM w v
    CROSS JOIN LATERAL (
      SELECT DISTINCT ON (bs.visit_reason) bs.id, bs.code, bs.name_ar, bs.name_en, bs.kind, bs.price_iqd
      FROM ${billingServices} bs
      WHERE ${sameOrg('bs', sql`v.org_id`)} AND bs.active AND bs.visit_reason = ANY(v.exam_types)
        AND (bs.doctor_id = v.doctor_id OR bs.doctor_id IS NULL)
      ORDER BY bs.visit_reason, bs.doctor_id NULLS LAST) s
    LEFT JOIN LATERAL (
      SELECT c.id FROM ${charges} c
      WHERE ${sameOrg('c', sql`v.org_id`)} AND c.patient_id = v.patient_id AND c.kind = 'consultation'
        AND c.amount > 0 AND NOT c.voided AND c.doctor_id IS NOT DISTINCT FROM v.doctor_id
        AND c.day >= ${day} - ${window} AND s.kind IN ('consultation', 'follow_up')
      ORDER BY c.day DESC, c.id DESC LIMIT 1) fr ON true
    ${
      uncharged
        ? sql`WHERE NOT EXISTS (SELECT 1 FROM ${charges} c0 WHERE ${sameOrg('c0', sql`v.org_id`)} AND c0.queue_id = v.id)`
        : sql``
    }
    RETURNING id, org_id, patient_id, queue_id, amount, list_amount, free_return_of`;
  const audit = sql`
    INSERT INTO ${auditLog} (org_id, user_id, role, action, entity, entity_id, patient_id, details, ip, request_id,
                             created_at)
    SELECT ch.org_id, ${value('auditUserId')}::int, ${value('auditRole')}, 'billing.charged', 'charge', ch.id,
           ch.patient_id, jsonb_build_object('queueId', ch.queue_id, 'amount', ch.amount, 'listAmount', ch.list_amount,
                                             'freeReturnOf', ch.free_return_of),
           ${value('auditIp')}, ${value('auditRequestId')}, ${value('auditAt')}::timestamptz
    FROM ${sql.raw(`also${index}`)} ch`;
  return [insert, audit];
}
