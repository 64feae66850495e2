import { z } from 'zod';
import { dataOf, idTextSchema, isoDateSchema, pageNumberSchema, pageOf } from '../common/api.schemas.ts';
import { EXAM_TYPES, isExamType } from '../exams/exam-types.ts';

/**
 * The audit trail (docs/audit.md): `GET /api/audit?userId=&patientId=&action=&entity=&from=&to=&page=` for holders
 * of `show audit`, newest first, 50 a page.
 */
export const AUDIT_PERMISSION = 'show audit' as const;
export const AUDIT_PAGE_SIZE = 50;

/**
 * How a call ended: `ok`, or why it was refused. `denied`: 403 (no permission); `not_found`: 404 (absent, or
 * another organization's id); `conflict`: 409 (stale version, illegal transition); `invalid`: another 4xx
 * (a malformed or unacceptable request); `error`: the server failed (5xx).
 */
export const AUDIT_OUTCOMES = ['ok', 'denied', 'not_found', 'conflict', 'invalid', 'error'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The outcome an answer's status means; null for answers not audited (401: no one to name; 429: throttled). */
export function auditOutcomeOf(status: number): AuditOutcome | null {
  if (status < 400) return 'ok';
  if (status === 401 || status === 429 || status === 503) return null;
  if (status === 403) return 'denied';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  return status < 500 ? 'invalid' : 'error';
}

/**
 * The reads of a patient's data, as recorded: the patient file card "who opened this file" lists these (a list
 * page's too, when the patient was on it), and the audit screen offers them first. Every other action is a write (`<entity>.created`, `.updated`, ...).
 */
export const AUDIT_READ_ACTIONS = [
  'patient.viewed',
  // List pages: the row names the patients the page showed (`patientCount`), and each of their trails
  // shows it.
  'patient.listed',
  'patient.deleted_listed',
  'patient.file.viewed',
  'patient.visits_viewed',
  'patient.trends_viewed',
  'patient.documents_viewed',
  'patient.document_downloaded',
  'board.viewed',
  'board.opened',
  'board.visits_viewed',
  'exam.viewed',
  'exam.listed',
  'exam.exported',
  'print.viewed',
  'print.log_viewed',
  'letter.viewed',
  'letter.listed',
  'queue.viewed',
  'queue.history_viewed',
  'queue.ticket_printed',
  'telegram.link_viewed',
  'telegram.messages_viewed',
  'billing.account_viewed',
  'billing.receipt_viewed',
  'appointment.viewed',
  'appointment.listed',
] as const;

/** Every action the server records, for the screen's filter and its labels (locale `audit.actions.*`). */
export const AUDIT_ACTIONS = [
  ...AUDIT_READ_ACTIONS,
  'patient.created',
  'patient.updated',
  'patient.deleted',
  'patient.restored',
  'patient.merged',
  'patient.merged_away',
  'patient.document_uploaded',
  'patient.document_deleted',
  'exam.created',
  'exam.updated',
  'exam.deleted',
  // The server itself, once per organization at start: consultations' text doses rewritten as numbers.
  'queue.created',
  'queue.updated',
  'queue.deleted',
  'queue.opened',
  'queue.finished',
  'queue.canceled',
  'queue.requeued',
  'queue.rewaited',
  'print.logged',
  'telegram.linked',
  'telegram.unlinked',
  'telegram.link_created',
  'telegram.self_linked',
  'telegram.message_queued',
  'option.created',
  'option.updated',
  'option.deleted',
  'diagnosis.created',
  'diagnosis.deleted',
  'diagnosis.favourited',
  'diagnosis.unfavourited',
  'drug.created',
  'drug.updated',
  'drug.deleted',
  // The lens list (docs/outcomes.md): an accepted optimisation replaces one constant.
  'iol_lens.created',
  'iol_lens.updated',
  'iol_lens.constant_optimised',
  'print_setting.created',
  'print_setting.updated',
  'print_setting.deleted',
  'letter_template.created',
  'letter_template.updated',
  'letter_template.deleted',
  'letter.created',
  'letter.updated',
  'organization.updated',
  'backup.downloaded',
  'user.created',
  'user.updated',
  'user.deactivated',
  'user.password_reset',
  'role.created',
  'role.updated',
  'role.deleted',
  'profile.updated',
  'support.created',
  'support.updated',
  'billing.service_created',
  'billing.service_updated',
  'billing.settings_updated',
  'billing.shares_updated',
  'billing.charged',
  'billing.discounted',
  'billing.exempted',
  'billing.charge_voided',
  'billing.entry_voided',
  'billing.refunded',
  'billing.entry_reversed',
  'billing.paid',
  'billing.receipt_printed',
  'billing.shift_opened',
  'billing.shift_closed',
  'billing.shift_viewed',
  'appointment.booked',
  'appointment.moved',
  'appointment.arrived',
  'appointment.no_show',
  'appointment.canceled',
  'appointment.replied',
  'appointment.hours_updated',
  'appointment.settings_updated',
  'appointment.closure_added',
  'appointment.closure_removed',
  'operation.outcome_chosen',
  'outcome.settings_updated',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  // A 403 on a route that declares no audit action of its own: `route` names it.
  'request.denied',
] as const;

/**
 * What an audit row names (`entity`): each exam type and the app's other records. The server's audit entries are
 * typed by it, and the screen names each in its language (`audit.entities.*`, an exam type by `exams.types.*`):
 * the raw `consultation #411` was shown on Arabic screens.
 */
export const AUDIT_ENTITIES = [
  ...EXAM_TYPES,
  'patient',
  'patient_document',
  'queue',
  'user',
  'role',
  'letter',
  'letter_template',
  'diagnosis',
  'drug',
  'option',
  'print_setting',
  'print_log',
  'telegram_user',
  'telegram_message',
  'support_request',
  'organization',
  'backup',
  'billing_service',
  'billing_settings',
  'charge',
  'billing_entry',
  'receipt',
  'cashier_shift',
  'appointment',
  'doctor_hours',
  'appointment_settings',
  'clinic_closure',
  'iol_lens',
  'outcome_settings',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The locale key naming an entity: an exam type by its type's name, any other by `audit.entities.*`. */
export const auditEntityKey = (entity: string) =>
  isExamType(entity) ? `exams.types.${entity}` : `audit.entities.${entity}`;

const nameText = z.string().trim().min(1).max(100);

export const auditQuerySchema = z
  .object({
    page: pageNumberSchema,
    userId: idTextSchema.optional(),
    patientId: idTextSchema.optional(),
    action: nameText.optional(),
    entity: nameText.optional(),
    outcome: z.enum(AUDIT_OUTCOMES).optional(),
    /** Reads of a patient's data only (the patient file's card). */
    reads: z
      .enum(['0', '1'])
      .transform((v) => v === '1')
      .optional(),
    /** The organization's calendar days, inclusive. */
    from: isoDateSchema('from').optional(),
    to: isoDateSchema('to').optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { path: ['to'], message: 'to.before_from' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  /** Absent for calls made without a user (a sign-in failure, the administration CLI). */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  action: z.string(),
  entity: z.string().nullable(),
  entityId: z.number().int().nullable(),
  patientId: z.number().int().nullable(),
  /** The patient's name when the patient is this organization's (never another's). */
  patientName: z.string().nullable(),
  /** A list page's row: how many patients it showed (each of their trails lists it); null for other rows. */
  patientCount: z.number().int().nullable(),
  /** A refused call's route (`GET /api/user`), as the router matched it; null for other rows. */
  route: z.string().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  outcome: z.enum(AUDIT_OUTCOMES),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = pageOf(auditRowSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** `GET /api/audit/users`: the organization's users (former ones too) for the screen's user filter. */
export const auditUsersSchema = dataOf(z.array(z.object({ id: z.number().int(), name: z.string() })));
export type AuditUser = z.infer<typeof auditUsersSchema>['data'][number];
