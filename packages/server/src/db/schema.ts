import { sql } from 'drizzle-orm';
import type { DrugIngredient } from '@basira/shared/prescribing/prescription-check';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  type PgColumn,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const organizations = pgTable('organizations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  /** What 'today' means for this clinic, everywhere. */
  // shared's DEFAULT_TIME_ZONE, written out: drizzle-kit reads this file without the workspace's packages.
  timeZone: text('time_zone').notNull().default('Asia/Baghdad'),
  /** The clinic's phone, as reminders' contact line gives it. */
  phone: text('phone'),
  /** The local time (HH:MM) the day before a recall at which its reminder is sent. */
  reminderTime: text('reminder_time').notNull().default('18:00'),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

/** The owning organization: every table but global reference data has one. */
const orgIdColumn = () =>
  integer('org_id')
    .notNull()
    .references(() => organizations.id);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    username: text('username'),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** Listed among the queue's doctors (and named on prescriptions); they must also hold `open board`. */
    isDoctor: boolean('is_doctor').notNull().default(false),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_org_email_uq').on(t.orgId, sql`lower(${t.email})`),
    uniqueIndex('users_org_username_uq').on(t.orgId, sql`lower(${t.username})`),
    unique('users_id_org_uq').on(t.id, t.orgId),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    /** The largest discount, in percent of a charge, the role's holders give without `give discounts` (docs/money.md). */
    discountLimitPercent: smallint('discount_limit_percent').notNull().default(0),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('roles_discount_limit_ck', sql`${t.discountLimitPercent} BETWEEN 0 AND 100`),
    uniqueIndex('roles_org_name_uq').on(t.orgId, sql`lower(${t.name})`),
    unique('roles_id_org_uq').on(t.id, t.orgId),
  ],
);

/** Permissions are stored by name: the catalogue's ids live in code and names never change. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    orgId: orgIdColumn(),
    roleId: integer('role_id').notNull(),
    permission: text('permission').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.permission] }),
    // With the organization in the key, a role's permission row cannot belong to another organization.
    foreignKey({ columns: [t.roleId, t.orgId], foreignColumns: [roles.id, roles.orgId] }).onDelete('cascade'),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    orgId: orgIdColumn(),
    userId: integer('user_id').notNull(),
    roleId: integer('role_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.roleId] }),
    index('user_roles_role_idx').on(t.roleId),
    // A user and a role of two organizations can never be linked: both keys carry the organization.
    foreignKey({ columns: [t.userId, t.orgId], foreignColumns: [users.id, users.orgId] }).onDelete('cascade'),
    foreignKey({ columns: [t.roleId, t.orgId], foreignColumns: [roles.id, roles.orgId] }).onDelete('cascade'),
  ],
);

/** Only a SHA-256 of the token is kept: a leaked table cannot sign anyone in. */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Data upgrades done: a change of stored data's shape that the code makes at start, after the
 * migrations, because SQL cannot (an Arabic allergy read into substances, a dose typed as text read into a number),
 * runs until it is marked here, once for the whole database. Global: an upgrade reads every organization.
 */
export const dataUpgrades = pgTable('data_upgrades', {
  name: text('name').primaryKey(),
  doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Global reference data (ISO 3166): no organization of its own. */
export const countries = pgTable('countries', {
  id: integer('id').primaryKey(),
  prefix: text('prefix').notNull().unique(),
  icon: text('icon').notNull(),
  name: text('name').notNull(),
  arabicName: text('arabic_name').notNull(),
  phoneCode: text('phone_code').notNull(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    userId: integer('user_id'),
    action: text('action').notNull(),
    entity: text('entity'),
    entityId: bigint('entity_id', { mode: 'number' }),
    patientId: bigint('patient_id', { mode: 'number' }),
    /**
     * A list page's patients, distinct, in the order the page showed them (the patient list, deleted patients, an
     * exam list of several patients). A patient's trail is `patient_id = p OR patient_ids @> {p}`.
     */
    patientIds: bigint('patient_ids', { mode: 'number' }).array(),
    /** The acting user's role names at the time (comma-separated), kept as they were if the roles change later. */
    role: text('role'),
    /** `ok`, or why the call was refused (`denied`, `not_found`, `conflict`, `invalid`): docs/audit.md. */
    outcome: text('outcome').notNull().default('ok'),
    /** For sign-in failures: the lower-cased identifier that was tried, whether or not it exists. */
    subject: text('subject'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.orgId, t.createdAt),
    // The audit screen's filters (modules/audit/audit-query.service.ts), each newest first.
    index('audit_log_org_patient_idx').on(t.orgId, t.patientId, t.createdAt.desc()),
    index('audit_log_org_user_idx').on(t.orgId, t.userId, t.createdAt.desc()),
    // A patient's trail also finds the list pages that showed them; only list pages carry the array.
    index('audit_log_patient_ids_idx')
      .using('gin', t.patientIds)
      .where(sql`${t.patientIds} IS NOT NULL`),
    // What an auditor looks for is rare among a clinic's reads (a deletion, a denied call): without these, a page
    // of one action walked the trail newest first, the whole trail for an entity or an outcome no row has. Each
    // costs an audited call one more index entry, a small part of the insert.
    index('audit_log_org_action_idx').on(t.orgId, t.action, t.createdAt.desc()),
    index('audit_log_org_entity_idx').on(t.orgId, t.entity, t.createdAt.desc()),
    index('audit_log_org_outcome_idx').on(t.orgId, t.outcome, t.createdAt.desc()),
    index('audit_log_login_failures_idx')
      .on(t.orgId, t.subject, t.createdAt)
      .where(sql`${t.action} = 'auth.login_failed'`),
    // The sign-in throttle (modules/auth/sign-in-throttle.ts): per account, and per address.
    index('audit_log_sign_in_account_idx')
      .on(t.orgId, t.entityId, t.createdAt)
      .where(sql`${t.action} IN ('auth.login_failed', 'auth.login')`),
    index('audit_log_login_failures_ip_idx')
      .on(t.orgId, t.ip, t.createdAt)
      .where(sql`${t.action} = 'auth.login_failed'`),
  ],
);

/**
 * Text compared byte-wise whatever the database's locale: a plain btree index then serves `LIKE 'prefix%'` and
 * `ORDER BY` together (search rank stages), on PGlite (C) and PostgreSQL (any locale) alike.
 */
const byteText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
/** Binary data (a logo); both drivers hand back a Uint8Array, Buffer.from views it without copying. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Per-organization sequences: patient file numbers, daily queue tickets (`ticket:YYYY-MM-DD`). */
export const orgCounters = pgTable(
  'org_counters',
  {
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.name] })],
);

export const patients = pgTable(
  'patients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    fileNumber: integer('file_number').notNull(),
    name: text('name').notNull(),
    /** The name normalised for search (shared/search/arabic-normalize). */
    nameNorm: byteText('name_norm').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    /** E.164 */
    phone: text('phone').notNull(),
    /** National significant number (no trunk 0, no country code): what phone search matches by prefix. */
    phoneNational: byteText('phone_national').notNull(),
    phone2: text('phone2'),
    phone2National: byteText('phone2_national'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    birthDateApproximate: boolean('birth_date_approximate').notNull().default(false),
    isMale: boolean('is_male').notNull().default(true),
    nationalId: text('national_id'),
    address: text('address'),
    occupation: text('occupation'),
    referralSource: text('referral_source'),
    guardianName: text('guardian_name'),
    /** normalizeName(guardianName): a child is found by the guardian's name too. */
    guardianNameNorm: byteText('guardian_name_norm'),
    guardianPhone: text('guardian_phone'),
    alerts: jsonb('alerts').notNull().default({}),
    notes: text('notes'),
    lastQueueAt: timestamp('last_queue_at', { withTimezone: true }),
    /**
     * The patient's latest visit (by date, then id, whatever its status), kept by a trigger on queue_entries
     * (migration 0017): the queue screen's "each patient's latest" reads it instead of proving, per visit, that no
     * later one exists. No foreign key: queue_entries already references patients, and the copy to PostgreSQL
     * orders tables by their keys (a cycle would have no order).
     */
    latestEntryId: integer('latest_entry_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    mergedIntoId: integer('merged_into_id'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('patients_org_file_number_uq').on(t.orgId, t.fileNumber),
    index('patients_org_name_idx')
      .on(t.orgId, t.nameNorm)
      .where(sql`${t.deletedAt} IS NULL`),
    // Women (or men) by name: most names at the start of the alphabet are men's (عبد…), and a scan of the name
    // index filtered by sex read thousands of men's rows before the first woman on a large clinic (bench/load).
    index('patients_org_sex_name_idx')
      .on(t.orgId, t.isMale, t.nameNorm)
      .where(sql`${t.deletedAt} IS NULL`),
    index('patients_name_trgm_idx')
      .using('gin', t.nameNorm.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} IS NULL`),
    // Each name's words, for the "contains" stage of the search: the typed words, expanded to the lexicon's words
    // that contain them, found as whole words. The trigram index reads every posting of the common trigrams
    // inside a rare word ("دال", "لام" in عبدالامير), so a full name took the time of its commonest trigrams. Not
    // partial: the planner reads how common each word is from a whole index's statistics only, and with them reads
    // a common family name by a short sequential scan instead.
    index('patients_name_words_idx').using('gin', sql`string_to_array(${t.nameNorm}, ' ')`),
    index('patients_guardian_trgm_idx')
      .using('gin', t.guardianNameNorm.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} IS NULL AND ${t.guardianNameNorm} IS NOT NULL`),
    // The rows written before guardian_name_norm existed, for the start-up fill: every write since sets both,
    // so this index stays empty and start-up reads it instead of scanning the table.
    index('patients_guardian_unfilled_idx')
      .on(t.id)
      .where(sql`${t.guardianName} IS NOT NULL AND ${t.guardianNameNorm} IS NULL`),
    index('patients_org_phone_idx')
      .on(t.orgId, t.phoneNational)
      .where(sql`${t.deletedAt} IS NULL`),
    index('patients_org_phone2_idx')
      .on(t.orgId, t.phone2National)
      .where(sql`${t.deletedAt} IS NULL AND ${t.phone2National} IS NOT NULL`),
    index('patients_org_last_queue_idx').on(t.orgId, t.lastQueueAt.desc().nullsLast()),
    // The list newest first, without a search: a clinic's first page, and its filters (sex, age, last visit). The
    // planner read the primary key backwards instead, skipping every later clinic's patients: 262–374 ms a page
    // for a clinic older than one of 1,000,000 (bench/patient-search, two clinics). The filters' columns follow
    // `id` (which is unique, so they never change the order) for an index-only scan that checks them: with `id`
    // alone the primary key still won whenever a filter was set.
    index('patients_org_newest_idx')
      .on(t.orgId, t.id.desc().nullsFirst(), t.isMale, t.birthDate, t.lastQueueAt)
      .where(sql`${t.deletedAt} IS NULL`),
    // The deleted patients an administrator restores from, newest deletion first: a handful beside a clinic's
    // live patients, which the list and its count scanned whole without it.
    index('patients_org_deleted_idx')
      .on(t.orgId, t.deletedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.deletedAt} IS NOT NULL`),
    // Each patient's latest visit, the join of the queue screen's "each patient's latest" (queue-view.ts).
    index('patients_latest_entry_idx')
      .on(t.latestEntryId)
      .where(sql`${t.deletedAt} IS NULL`),
  ],
);

/**
 * The distinct words of the organization's normalised names: a small lexicon that fuzzy search corrects a
 * misspelt word against (trigram distance on a few thousand words, not on every patient).
 */
export const patientNameWords = pgTable(
  'patient_name_words',
  {
    orgId: orgIdColumn(),
    word: byteText('word').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.word] }),
    index('patient_name_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops')),
  ],
);

export const patientDocuments = pgTable(
  'patient_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    queueId: integer('queue_id').references(() => queueEntries.id, { onDelete: 'set null' }),
    category: text('category').notNull(),
    /** As uploaded, for display; the file itself is stored under `storage_key`, a server-made name. */
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: integer('uploaded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_documents_patient_idx').on(t.orgId, t.patientId, t.createdAt)],
);

export const queueEntries = pgTable(
  'queue_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /**
     * The organization's calendar day of `date` when the ticket was given; tickets restart each day. Null until the
     * patient arrives (a booking or recall, status 0 Booked, docs/appointments.md).
     */
    ticketDay: date('ticket_day', { mode: 'string' }),
    ticketNumber: integer('ticket_number'),
    isVisitDate: boolean('is_visit_date').notNull().default(false),
    date: timestamp('date', { withTimezone: true }).notNull(),
    note: text('note'),
    isRewaiting: boolean('is_rewaiting').notNull().default(false),
    /** 0 Booked, 1 Waiting, 2 WithDoctor, 3 Finished, 4 Canceled, 5 NoShow (shared/queue/queue-states). */
    status: smallint('status').notNull().default(1),
    examTypes: text('exam_types')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    doctorId: integer('doctor_id').references(() => users.id),
    statusSince: timestamp('status_since', { withTimezone: true }).notNull(),
    /** A booking's length from `date`, in minutes (the appointment book); null for a walk-in or a recall. */
    slotMinutes: smallint('slot_minutes'),
    /** Booked by choice over a slot already taken. */
    overbooked: boolean('overbooked').notNull().default(false),
    /** When a booking or recall arrived (Booked → Waiting). */
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    /** The patient's answer to the booking's reminder (the bot's buttons): confirmed or cancelled. */
    bookingReply: text('booking_reply'),
    bookingReplyAt: timestamp('booking_reply_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    // The six statuses alone, so that "closed" can be read as `status > 2` (queue-lists.service.ts) and "open" as
    // `status IN (1, 2)`: Booked (0) is neither, a visit expected and not yet in the building.
    check('queue_entries_status_ck', sql`${t.status} BETWEEN 0 AND 5`),
    // A patient in the building, or seen, has a ticket; a booking gets one when it arrives.
    check(
      'queue_entries_ticket_ck',
      sql`${t.status} IN (0, 4, 5) OR (${t.ticketDay} IS NOT NULL AND ${t.ticketNumber} IS NOT NULL)`,
    ),
    // The appointment book: a doctor's bookings by start (slots, the day and week views, the free-slot search).
    // With each booking's length, status, patient and id after the start, the slot search (`heldSlotsOf`) reads one
    // doctor's month from the index alone (drizzle has no INCLUDE; as key columns they cover it the same way).
    index('queue_entries_book_idx')
      .on(t.orgId, t.doctorId, t.date, t.slotMinutes, t.status, t.patientId, t.id)
      .where(sql`${t.slotMinutes} IS NOT NULL`),
    // Bookings and recalls not yet arrived, by day: the due list, the no-show job, the reminders.
    index('queue_entries_booked_idx')
      .on(t.orgId, t.date)
      .where(sql`${t.status} = 0`),
    uniqueIndex('queue_entries_ticket_uq').on(t.orgId, t.ticketDay, t.ticketNumber),
    index('queue_entries_patient_idx').on(t.orgId, t.patientId, t.date),
    // A day's or a range's visits; with the status, the dashboard's chart counts 30 days from the index alone (the
    // heap's rows were most of its time).
    index('queue_entries_date_status_idx').on(t.orgId, t.date, t.status),
    index('queue_entries_status_idx').on(t.orgId, t.status, t.date),
    // The queue filter's visit reason (`exam_types @> '{…}'`, queue-lists.service.ts): the screen's order of each
    // reason's visits, their patient last for the count's deleted patients, so that a page of any reason reads its 25
    // rows in order and counts its 1,001 from the index alone. The GIN index of reasons it replaces served rare ones
    // only, and its count read a heap page a visit (docs/decisions.md).
    ...VISIT_REASON_INDEXES.map((reason) =>
      index(reasonIndexName(reason))
        .on(
          t.orgId,
          ...queueScreenOrder(t),
          t.date.desc().nullsFirst(),
          t.id.desc().nullsFirst(),
          t.patientId,
        )
        .where(hasReason(t.examTypes, reason)),
    ),
    index('queue_entries_rewaiting_idx')
      .on(t.orgId, t.date)
      .where(sql`${t.isRewaiting} AND ${t.status} = 1`),
    // The queue screen's order, so that a page of a filter without days reads its 25 rows in order instead of
    // sorting every visit of the clinic.
    index('queue_entries_screen_order_idx').on(
      t.orgId,
      ...queueScreenOrder(t),
      t.date.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

/**
 * The queue screen's order before newest-first (queue-lists.service.ts): who is with a doctor (status 2), then who
 * has waited longest (1, Waiting: since the later of entering Waiting and their date), then the closed visits.
 * Written once for the query and its index, with the statuses as constants: an index serves an ORDER BY only when
 * the expressions match, and a bound parameter would not.
 */
export function queueScreenOrder(t: {
  status: PgColumn;
  statusSince: PgColumn;
  date: PgColumn;
  id: PgColumn;
}) {
  return [
    sql`(CASE ${t.status} WHEN 2 THEN 0 WHEN 1 THEN 1 ELSE 2 END)`,
    sql`(CASE WHEN ${t.status} IN (1, 2) THEN greatest(${t.statusSince}, ${t.date}) END)`,
    sql`(CASE WHEN ${t.status} IN (1, 2) THEN ${t.id} END)`,
  ];
}

/**
 * The visit reasons, shared's VISIT_REASONS written out (drizzle-kit reads this file without the workspace's
 * packages; queue.test checks the two agree): each has its index of the queue screen's order (`queue_entries`).
 */
export const VISIT_REASON_INDEXES = ['Spectacles', 'Lasik', 'FollowUp', 'Biometry', 'Examinations'] as const;
type IndexedReason = (typeof VISIT_REASON_INDEXES)[number];

export const reasonIndexName = (reason: IndexedReason) => `queue_entries_reason_${reason.toLowerCase()}_idx`;

/**
 * A visit has `reason` among its reasons, the reason written as a constant: the predicate of its partial index, which
 * a statement can use only with the reason in its text, not bound (a generic plan cannot know it).
 */
export function hasReason(examTypes: PgColumn, reason: IndexedReason) {
  if (!VISIT_REASON_INDEXES.includes(reason))
    throw new Error(`hasReason: ${String(reason)} is not a visit reason`);
  return sql`${examTypes} @> ${sql.raw(`'{${reason}}'::text[]`)}`;
}

/**
 * Each calendar day's visits in the clinic's time zone, for the dashboard's chart: not canceled (`visits`) and
 * finished (`finished`). Kept by statement triggers on `queue_entries` and recounted when a clinic's zone changes
 * (migration 0023), so no write path can forget it; a row exists exactly for a day with a visit not canceled, so
 * the table is a function of the visits (a copy to PostgreSQL rebuilds it rather than copying it).
 */
export const queueDayCounts = pgTable(
  'queue_day_counts',
  {
    orgId: orgIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull(),
    finished: integer('finished').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day] })],
);

/**
 * Each calendar day's patients registered in the clinic's time zone and not deleted, for the dashboard's new
 * patients of the week and the month. Kept by triggers on `patients` and recounted when a clinic's zone changes
 * (migration 0024), as `queueDayCounts` is: a row exists exactly for a day with such a patient, so the table is a
 * function of the patients.
 */
export const patientDayCounts = pgTable(
  'patient_day_counts',
  {
    orgId: orgIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    registered: integer('registered').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day] })],
);

/** Append-only: one row per status change (who, when, from, to), from which waiting times are computed. */
export const queueStatusEvents = pgTable(
  'queue_status_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queueEntries.id, { onDelete: 'cascade' }),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    action: text('action').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** For moves into Waiting: when the patient is due (the entry's date then). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    actorId: integer('actor_id'),
    note: text('note'),
    /**
     * For an opening: since when the patient had been waiting, the later of the previous event and the moment it
     * made the visit due (`dueAt`). Written with the opening, so that the dashboard's mean wait of a day reads the
     * day's openings alone (migration 0025); null when nothing came before.
     */
    waitedFrom: timestamp('waited_from', { withTimezone: true }),
  },
  (t) => [
    index('queue_status_events_queue_idx').on(t.queueId, t.at),
    // The dashboard's mean wait of a day: its openings, read from the index alone.
    index('queue_status_events_openings_idx')
      .on(t.orgId, t.at, t.waitedFrom)
      .where(sql`${t.action} = 'open' AND ${t.waitedFrom} IS NOT NULL`),
  ],
);

/**
 * Examination records of every type (docs/exams.md), one table: `type` names the definition in
 * shared/exams that validated `data`; `derived` holds what was computed from it when it was saved. A deleted
 * record is kept (clinical data is never erased) and hidden. A queue entry that has any cannot be deleted.
 */
export const examRecords = pgTable(
  'exam_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    queueId: integer('queue_id').references(() => queueEntries.id),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    derived: jsonb('derived'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by'),
    ...timestamps,
  },
  (t) => [
    index('exam_records_patient_idx').on(t.orgId, t.patientId, t.type, t.createdAt),
    index('exam_records_queue_idx').on(t.queueId),
  ],
);

/**
 * The clinic's pick lists of the exam forms (the spec's numbered categories 1-25, shared/exams/exam-options),
 * seeded for each organization and edited by its administrators. A record stores the label it was given, so
 * editing a list never changes a record.
 */
export const examOptions = pgTable(
  'exam_options',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    category: text('category').notNull(),
    labelAr: text('label_ar').notNull(),
    labelEn: text('label_en').notNull(),
    position: integer('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('exam_options_category_idx').on(t.orgId, t.category, t.position)],
);

/**
 * How an organization's printouts look (spec section 3's print setting, plus logo, paper and the zero style).
 * At most one per organization is the default (a partial unique index): the one every print view uses. The
 * logo (≤ 1 MB, PNG or JPEG told by its first bytes) is kept here, so backups and several servers need nothing
 * beside the database.
 */
export const printSettings = pgTable(
  'print_settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name'),
    optometrist: text('optometrist').notNull().default(''),
    specialist: text('specialist').notNull().default(''),
    color: text('color').notNull().default('#000000'),
    header: text('header').notNull().default(''),
    footer: text('footer').notNull().default(''),
    logo: bytea('logo'),
    logoType: text('logo_type'),
    paperSize: text('paper_size').notNull().default('A5'),
    zeroAs: text('zero_as').notNull().default('plano'),
    /** `western` or `arabic` (DIGIT_SYSTEMS): every digit of a sheet in one system. */
    digits: text('digits').notNull().default('western'),
    isDefault: boolean('is_default').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    index('print_settings_org_idx').on(t.orgId),
    uniqueIndex('print_settings_default_uq')
      .on(t.orgId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * Every print (append-only): who printed which record at which version, on what paper, and the record as it was
 * printed (`snapshot`), so a reprint gives the patient the same paper even after the record was edited.
 */
export const printLog = pgTable(
  'print_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** An exam type or `queue`. */
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    version: integer('version'),
    paperSize: text('paper_size').notNull(),
    reprintOfId: integer('reprint_of_id'),
    snapshot: jsonb('snapshot'),
    summary: text('summary').notNull().default(''),
    printedBy: integer('printed_by'),
    printedAt: timestamp('printed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('print_log_patient_idx').on(t.orgId, t.patientId, t.kind, t.printedAt),
    index('print_log_record_idx').on(t.orgId, t.kind, t.recordId),
  ],
);

/** A user's notifications (spec sections 3, 4): unread until the user opens its row. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    details: text('details').notNull(),
    color: text('color').notNull(),
    /** What the notification is about (a support request, a message, a queue entry), by its type. */
    targetId: integer('target_id'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.orgId, t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.orgId, t.userId)
      .where(sql`NOT ${t.isRead}`),
  ],
);

/** The support desk the notifications point to: bug reports, feedback and feature requests, with answers. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    /** bug, feedback or feature. */
    type: text('type').notNull(),
    details: text('details').notNull(),
    /** open, in_progress or done. */
    status: text('status').notNull().default('open'),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    answer: text('answer'),
    answeredBy: integer('answered_by'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('support_requests_list_idx').on(t.orgId, t.type, t.status, t.createdAt),
    index('support_requests_reporter_idx').on(t.orgId, t.reporterId),
  ],
);

/**
 * A patient's Telegram user (the spec's messaging user): one live link per patient; relinking replaces it
 * (the old row is kept, deleted, for the messages that name it).
 */
export const telegramUsers = pgTable(
  'telegram_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    telegramId: bigint('telegram_id', { mode: 'number' }).notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    username: text('username'),
    languageCode: text('language_code'),
    isPremium: boolean('is_premium').notNull().default(false),
    isBot: boolean('is_bot').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    notifyOnFailure: boolean('notify_on_failure').notNull().default(true),
    photoUrl: text('photo_url'),
    createdBy: integer('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('telegram_users_patient_uq')
      .on(t.orgId, t.patientId)
      .where(sql`${t.deletedAt} IS NULL`),
    index('telegram_users_telegram_idx').on(t.orgId, t.telegramId),
  ],
);

/** One-time tokens of the self-linking link `t.me/<bot>?start=<token>`; only their hash is kept. */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('telegram_link_tokens_hash_uq').on(t.tokenHash)],
);

/**
 * The outbox of messages to patients (the spec's messaging message): written in the transaction that asks for
 * it, sent by the worker (jobs/telegram-outbox.ts). `status`: queued, sending, sent, failed, cancelled. A
 * recall reminder names its queue entry and day: at most one per entry and day.
 */
export const telegramMessages = pgTable(
  'telegram_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    telegramUserId: integer('telegram_user_id').references(() => telegramUsers.id),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    /** manual or recall. */
    kind: text('kind').notNull().default('manual'),
    queueId: integer('queue_id').references(() => queueEntries.id, { onDelete: 'set null' }),
    recallDay: date('recall_day', { mode: 'string' }),
    header: text('header').notNull().default(''),
    message: text('message').notNull(),
    footer: text('footer').notNull().default(''),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may take it (now, or later after a retryable failure or for a scheduled reminder). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker is sending it: another worker leaves it alone until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    telegramMessageId: bigint('telegram_message_id', { mode: 'number' }),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    index('telegram_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('telegram_messages_patient_idx').on(t.orgId, t.patientId, t.createdAt),
    index('telegram_messages_chat_idx').on(t.chatId, t.sentAt),
    uniqueIndex('telegram_messages_recall_uq')
      .on(t.orgId, t.queueId, t.recallDay)
      .where(sql`${t.kind} = 'recall'`),
    // A booking's reminder: at most one per booking and day (a booking moved to another day is reminded again).
    uniqueIndex('telegram_messages_booking_uq')
      .on(t.orgId, t.queueId, t.recallDay)
      .where(sql`${t.kind} = 'booking'`),
  ],
);

/** Every call made to send a message, with its outcome: sent, retry, failed or unconfirmed. */
export const telegramAttempts = pgTable(
  'telegram_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    messageId: integer('message_id')
      .notNull()
      .references(() => telegramMessages.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome'),
    httpStatus: integer('http_status'),
    error: text('error'),
  },
  (t) => [index('telegram_attempts_message_idx').on(t.messageId, t.startedAt)],
);

/**
 * The organization's side of the diagnosis code list (docs/code-lists.md): the shipped ICD-10 list lives in code
 * (modules/codes/diagnosis-codes.json); a row here is either the clinic's own entry (`is_custom`, with its
 * titles) or a mark on a shipped code (`is_favourite`, titles empty). One row per organization and code
 * (codes stored upper-case).
 */
export const organizationDiagnoses = pgTable(
  'organization_diagnoses',
  {
    orgId: orgIdColumn(),
    code: text('code').notNull(),
    titleEn: text('title_en').notNull().default(''),
    titleAr: text('title_ar').notNull().default(''),
    isCustom: boolean('is_custom').notNull().default(false),
    isFavourite: boolean('is_favourite').notNull().default(false),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.orgId, t.code] })],
);

/**
 * The clinic's drug formulary (docs/code-lists.md), seeded for each organization from shared/codes/drug-seeds and
 * edited by its administrators. A consultation keeps the drug's id and name as prescribed, so a drug is never erased:
 * removing it hides it (`is_active` false).
 */
export const drugs = pgTable(
  'drugs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    name: text('name').notNull(),
    brands: text('brands')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** shared/codes DRUG_FORMS */
    form: text('form').notNull(),
    /** shared/codes DRUG_CLASSES: the options screen's group; the prescription is checked by `ingredients`. */
    drugClass: text('drug_class').notNull(),
    /** As an Iraqi pharmacy writes it; '' when not given. */
    nameAr: text('name_ar').notNull().default(''),
    /** What patients and staff call it: searched, never printed. */
    layNames: text('lay_names')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * shared/prescribing drugIngredientSchema[]: every active substance with its strength. Null only on rows made
     * before drugs had ingredients that the upgrade at start (codes.service `upgradeDrugs`) has not read yet; an
     * empty array is a drug nobody has said the ingredients of (the prescription check cannot check it).
     */
    ingredients: jsonb('ingredients').$type<DrugIngredient[]>(),
    /** An excipient's substance id (`benzalkonium`), `none` for preservative-free, or null (not known). */
    preservative: text('preservative'),
    /** The usual dose, a number of `default_dose_unit` (shared/exams DOSE_UNITS). */
    defaultDose: doublePrecision('default_dose'),
    defaultDoseUnit: text('default_dose_unit'),
    /** shared/codes frequencySchema, or null. */
    defaultFrequency: jsonb('default_frequency'),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    index('drugs_org_name_idx').on(t.orgId, t.name),
    unique('drugs_id_org_uq').on(t.id, t.orgId),
    // The rows the upgrade at start has still to read: none once it has run, so its check costs nothing.
    index('drugs_ingredients_unread_idx')
      .on(t.id)
      .where(sql`${t.ingredients} IS NULL`),
  ],
);

/**
 * The organization's letter templates (shared/letters): rich text with merge fields, per kind and language,
 * seeded for each organization (modules/letters/letter-seeds.ts) and edited on the print-settings screen.
 */
export const letterTemplates = pgTable(
  'letter_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    /** shared/letters LETTER_KINDS */
    kind: text('kind').notNull(),
    /** `ar` or `en` */
    language: text('language').notNull(),
    name: text('name').notNull(),
    body: text('body').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [index('letter_templates_org_idx').on(t.orgId, t.kind, t.language)],
);

/** A letter made from a template for one visit: its merged text as the doctor then edited it. */
export const letters = pgTable(
  'letters',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    /** The visit it was written at (null once that visit is deleted: deleting is for mistakes). */
    queueId: integer('queue_id').references(() => queueEntries.id, { onDelete: 'set null' }),
    /** The template it was made from (null once that template is deleted). */
    templateId: integer('template_id').references(() => letterTemplates.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    language: text('language').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [index('letters_patient_idx').on(t.orgId, t.patientId, t.createdAt)],
);

// ----- The clinic's money (docs/money.md) -------------------------------------------------------------------------

/** Amounts in a currency's minor unit (dinars, dollar cents): integers, never floating point. */
const amount = (name: string) => bigint(name, { mode: 'number' });
const currencyCheck = (name: string, column: PgColumn) => check(name, sql`${column} IN ('IQD', 'USD')`);

/** The price list. A price changes in place (versioned, audited); a charge copies the price it was made at. */
export const billingServices = pgTable(
  'billing_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    code: text('code').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    /** SERVICE_KINDS: consultation, follow_up, test, procedure, surgery, other. */
    kind: text('kind').notNull(),
    /** Queueing a visit with this reason charges this service. */
    visitReason: text('visit_reason'),
    /** A price for one doctor; null: every doctor without one. */
    doctorId: integer('doctor_id').references(() => users.id),
    priceIqd: amount('price_iqd').notNull(),
    priceUsd: amount('price_usd'),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('billing_services_code_uq').on(t.orgId, sql`lower(${t.code})`),
    // One active service per visit reason and doctor: queueing must find one price, never choose between two.
    uniqueIndex('billing_services_reason_uq')
      .on(t.orgId, t.visitReason, sql`coalesce(${t.doctorId}, 0)`)
      .where(sql`${t.active} AND ${t.visitReason} IS NOT NULL`),
    check(
      'billing_services_prices_ck',
      sql`${t.priceIqd} >= 0 AND (${t.priceUsd} IS NULL OR ${t.priceUsd} >= 0)`,
    ),
  ],
);

/** One row per organization, made on first write: the free-return window. */
export const billingSettings = pgTable('billing_settings', {
  orgId: orgIdColumn().primaryKey(),
  freeReturnDays: smallint('free_return_days').notNull().default(10),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by'),
  ...timestamps,
});

/** A doctor's share in percent of what is paid for a service (`service_id` null: every other service). */
export const doctorShares = pgTable(
  'doctor_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id),
    serviceId: integer('service_id').references(() => billingServices.id),
    percent: smallint('percent').notNull(),
  },
  (t) => [
    uniqueIndex('doctor_shares_uq').on(t.orgId, t.doctorId, sql`coalesce(${t.serviceId}, 0)`),
    check('doctor_shares_percent_ck', sql`${t.percent} BETWEEN 0 AND 100`),
  ],
);

/**
 * A service given to a patient, with its price copied. Never deleted nor edited but for `balance`, `voided` and
 * `version`, which every entry on it moves in the statement that writes the entry (the 409 of two cashiers).
 */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    queueId: integer('queue_id').references(() => queueEntries.id),
    serviceId: integer('service_id')
      .notNull()
      .references(() => billingServices.id),
    code: text('code').notNull(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind').notNull(),
    doctorId: integer('doctor_id').references(() => users.id),
    currency: text('currency').notNull(),
    listAmount: amount('list_amount').notNull(),
    amount: amount('amount').notNull(),
    freeReturnOf: integer('free_return_of'),
    balance: amount('balance').notNull(),
    voided: boolean('voided').notNull().default(false),
    /** The clinic's calendar day of `created_at`. */
    day: date('day', { mode: 'string' }).notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    currencyCheck('charges_currency_ck', t.currency),
    check('charges_amounts_ck', sql`${t.amount} >= 0 AND ${t.listAmount} >= 0 AND ${t.balance} >= 0`),
    index('charges_patient_idx').on(t.orgId, t.patientId, t.createdAt),
    index('charges_queue_idx').on(t.orgId, t.queueId),
    index('charges_day_idx').on(t.orgId, t.day),
    // Outstanding balances: the few charges still owed, not the millions paid. Currency, balance and day ride along
    // so that the balances report reads this index alone (an index-only scan), not every owed charge's heap row.
    index('charges_owed_cover_idx')
      .on(t.orgId, t.patientId, t.currency, t.balance, t.day)
      .where(sql`${t.balance} > 0`),
  ],
);

/**
 * What happens to a charge, append-only: payments, discounts, exemptions, refunds and voids. `due_delta` is what the
 * entry did to the charge's balance, `drawer_delta` what it put in (payment) or took from (refund) the drawer.
 * Service and doctor are copied from the charge so that the reports read this table alone.
 */
export const billingEntries = pgTable(
  'billing_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => charges.id),
    patientId: integer('patient_id').notNull(),
    /** ENTRY_KINDS: payment, discount, exemption, refund, void. */
    kind: text('kind').notNull(),
    amount: amount('amount').notNull(),
    currency: text('currency').notNull(),
    dueDelta: amount('due_delta').notNull(),
    drawerDelta: amount('drawer_delta').notNull().default(0),
    method: text('method'),
    wallet: text('wallet'),
    percent: smallint('percent'),
    category: text('category'),
    reason: text('reason'),
    receiptId: integer('receipt_id'),
    /** For a payment: the charge's balance after it (the receipt's line). */
    balanceAfter: amount('balance_after'),
    shiftId: integer('shift_id'),
    reversesId: integer('reverses_id'),
    serviceId: integer('service_id').notNull(),
    doctorId: integer('doctor_id'),
    day: date('day', { mode: 'string' }).notNull(),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    currencyCheck('billing_entries_currency_ck', t.currency),
    check('billing_entries_amount_ck', sql`${t.amount} > 0`),
    // An entry is reversed once at most.
    uniqueIndex('billing_entries_reverses_uq')
      .on(t.reversesId)
      .where(sql`${t.reversesId} IS NOT NULL`),
    index('billing_entries_day_idx').on(t.orgId, t.day, t.kind),
    // The takings of a month or a period (the month and shares reports) read from the index alone: a month of a
    // large clinic is about 80,000 payments scattered over the table, each a heap page to fetch from the index above
    // (bench/billing). Payments and refunds only, with what those reports sum and group by.
    index('billing_entries_takings_idx')
      .on(t.orgId, t.day, t.currency, t.drawerDelta, t.doctorId, t.serviceId)
      .where(sql`${t.kind} IN ('payment', 'refund')`),
    index('billing_entries_charge_idx').on(t.orgId, t.chargeId),
    index('billing_entries_receipt_idx')
      .on(t.orgId, t.receiptId)
      .where(sql`${t.receiptId} IS NOT NULL`),
    index('billing_entries_shift_idx')
      .on(t.orgId, t.shiftId)
      .where(sql`${t.shiftId} IS NOT NULL`),
  ],
);

/** One payment: numbered per organization and year (`org_counters` `receipt:YYYY`, in its transaction: no gaps). */
export const receipts = pgTable(
  'receipts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    year: smallint('year').notNull(),
    sequence: integer('sequence').notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id),
    method: text('method').notNull(),
    wallet: text('wallet'),
    currency: text('currency').notNull(),
    total: amount('total').notNull(),
    balanceAfter: amount('balance_after').notNull(),
    shiftId: integer('shift_id').notNull(),
    /** The payment POST's key: the same key again answers this receipt. `request_hash` tells a different body. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    printCount: integer('print_count').notNull().default(0),
    day: date('day', { mode: 'string' }).notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    currencyCheck('receipts_currency_ck', t.currency),
    uniqueIndex('receipts_number_uq').on(t.orgId, t.year, t.sequence),
    uniqueIndex('receipts_idempotency_uq').on(t.orgId, t.idempotencyKey),
    index('receipts_patient_idx').on(t.orgId, t.patientId, t.createdAt),
    index('receipts_day_idx').on(t.orgId, t.day),
  ],
);

/** A cashier's drawer from opening to the count at closing. `floats`, `expected`, `counted`: DrawerCell lists. */
export const cashierShifts = pgTable(
  'cashier_shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    floats: jsonb('floats').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by'),
    expected: jsonb('expected'),
    counted: jsonb('counted'),
    note: text('note'),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    // A cashier has one open drawer at a time.
    uniqueIndex('cashier_shifts_open_uq')
      .on(t.orgId, t.userId)
      .where(sql`${t.closedAt} IS NULL`),
    index('cashier_shifts_day_idx').on(t.orgId, t.day),
  ],
);

/*
 * The appointment book (docs/appointments.md). A booking is a queue entry (status 0 Booked, `slot_minutes`); these
 * tables hold when doctors work, when the clinic is closed, the book's settings and where a booking was before.
 */

/** The book's settings, one row per organization (absent: the defaults of shared/appointments). */
export const appointmentSettings = pgTable('appointment_settings', {
  orgId: orgIdColumn().primaryKey(),
  /** 0 Sunday … 6 Saturday; Friday by default. */
  closedWeekdays: smallint('closed_weekdays')
    .array()
    .notNull()
    .default(sql`'{5}'::smallint[]`),
  /** Minutes per visit reason, `{ "Spectacles": 15, … }`. */
  slotMinutes: jsonb('slot_minutes').notNull(),
  defaultSlotMinutes: smallint('default_slot_minutes').notNull().default(15),
  noShowAfterMinutes: smallint('no_show_after_minutes').notNull().default(120),
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  reminderTextAr: text('reminder_text_ar').notNull(),
  reminderTextEn: text('reminder_text_en').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by'),
  ...timestamps,
});

/** A doctor's week: `{ "0": [{ "start": "09:00", "end": "12:30" }, …], … }` (shared `weekHoursSchema`). */
export const doctorHours = pgTable(
  'doctor_hours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => users.id),
    week: jsonb('week').notNull(),
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('doctor_hours_doctor_uq').on(t.orgId, t.doctorId)],
);

/** A day the clinic is closed: a public holiday it observes or its own closure. */
export const clinicClosures = pgTable(
  'clinic_closures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    /** holiday or closure. */
    kind: text('kind').notNull().default('closure'),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('clinic_closures_day_uq').on(t.orgId, t.day)],
);

/** Where a booking was before each move or resize: a move keeps its history. Append-only. */
export const bookingMoves = pgTable(
  'booking_moves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queueEntries.id, { onDelete: 'cascade' }),
    fromStart: timestamp('from_start', { withTimezone: true }).notNull(),
    fromMinutes: smallint('from_minutes'),
    fromDoctorId: integer('from_doctor_id'),
    toStart: timestamp('to_start', { withTimezone: true }).notNull(),
    toMinutes: smallint('to_minutes'),
    toDoctorId: integer('to_doctor_id'),
    movedBy: integer('moved_by'),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('booking_moves_queue_idx').on(t.orgId, t.queueId, t.movedAt)],
);

/**
 * The clinic's intraocular lenses (docs/outcomes.md): a model, its maker and the constant each formula needs, each
 * with its source and day (shared/outcomes `lensConstantSchema`: `{ value, source, sourceDate }`, or absent).
 */
export const iolLenses = pgTable(
  'iol_lenses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    model: text('model').notNull(),
    manufacturer: text('manufacturer').notNull().default(''),
    description: text('description').notNull().default(''),
    /** `{ aConstant?, pACD?, surgeonFactor? }`, each a shared/outcomes LensConstant. */
    constants: jsonb('constants').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    updatedBy: integer('updated_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('iol_lenses_org_model_uq').on(t.orgId, sql`lower(${t.model})`),
    unique('iol_lenses_id_org_uq').on(t.id, t.orgId),
  ],
);

/** A lens constant's earlier values: written when an edit or an accepted optimisation replaces one. Append-only. */
export const iolLensConstantHistory = pgTable(
  'iol_lens_constant_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orgId: orgIdColumn(),
    lensId: integer('lens_id').notNull(),
    /** aConstant, pACD or surgeonFactor */
    constant: text('constant').notNull(),
    value: doublePrecision('value').notNull(),
    source: text('source').notNull(),
    sourceDate: date('source_date', { mode: 'string' }),
    replacedWith: doublePrecision('replaced_with'),
    /** The eyes an optimised replacement was learned from. */
    eyes: integer('eyes'),
    replacedBy: integer('replaced_by'),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      columns: [t.lensId, t.orgId],
      foreignColumns: [iolLenses.id, iolLenses.orgId],
      name: 'iol_lens_constant_history_lens_fk',
    }).onDelete('cascade'),
    index('iol_lens_constant_history_lens_idx').on(t.orgId, t.lensId, t.replacedAt),
  ],
);

/**
 * The postoperative refraction a surgeon chose as an operation's outcome (an `operation` exam record's, a
 * `spectacles` record of the same patient). Without a row the outcome is the default: the earliest final
 * refraction of the eye 3–12 weeks after (modules/outcomes).
 */
export const operationOutcomes = pgTable(
  'operation_outcomes',
  {
    orgId: orgIdColumn(),
    operationId: integer('operation_id').notNull(),
    spectaclesId: integer('spectacles_id').notNull(),
    chosenBy: integer('chosen_by'),
    chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.operationId] })],
);

/** The outcomes' settings of an organization: one row, made on first write. */
export const outcomeSettings = pgTable('outcome_settings', {
  orgId: orgIdColumn().primaryKey(),
  /** The fewest first eyes with an outcome a constant is optimised from. */
  minimumEyes: integer('minimum_eyes').notNull().default(20),
  version: integer('version').notNull().default(1),
  ...timestamps,
});
