import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Patient, PatientCreate, PatientUpdate } from '@basira/shared/patients/patients.schemas';
import { PATIENTS_PER_PAGE } from '@basira/shared/patients/patients.schemas';
import { parsePhone } from '@basira/shared/patients/phone';
import { QUEUE_STATUS } from '@basira/shared/queue/queue-states';
import { normalizeName } from '@basira/shared/search/arabic-normalize';
import { PATIENT_CHANGED_EVENT, type PatientChanged } from '@basira/shared/events/events.schemas';
import type { Db } from '../../db/client.ts';
import { patients, queueEntries } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound, patientDeleted } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';
import { birthDateForAge, localDay, startOfDay } from '@basira/shared/dates/calendar';
import { pageOffset, pageShape, pageWithTotal, totalColumn } from '../../lib/pages.ts';
import { literal, runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { auditedList, pageOfRows, recordAudit, writeAudited } from '../audit/audit.service.ts';
import type { EventHub } from '../events/event-hub.ts';
import type { CountryDirectory } from './country-directory.ts';
import { organizationLexicon } from '../codes/codes.service.ts';
import { addNameWords } from './name-words.ts';
import { storedAlerts } from './patient-alerts.ts';
import { patientViewColumns, toPatient, type PatientRow } from './patient-view.ts';
import { merged } from '@basira/shared/common/objects';

export const FILE_NUMBER_COUNTER = 'patient_file_number';

/** Registering, reading, editing, deleting and restoring patients. Search: patient-search.service.ts. */
/** How many of a patient's bookings ahead a refused deletion lists (`patient.has_bookings`); `count` has them all. */
export const BOOKINGS_LISTED = 20;

export class PatientsService {
  constructor(
    private readonly db: Db,
    private readonly countries: CountryDirectory,
    private readonly clock: Clock,
    private readonly events: EventHub,
  ) {}

  today(scope: { timeZone: string }): string {
    return localDay(this.clock.now(), scope.timeZone);
  }

  view(row: PatientRow, scope: { timeZone: string }): Patient {
    return toPatient(row, this.countries, this.today(scope));
  }

  liveRow(orgId: number, id: number, db: Db = this.db, lock = false): Promise<PatientRow> {
    return findLivePatient(db, orgId, id, lock);
  }

  private phoneOf(field: 'phone' | 'phone2' | 'guardianPhone', value: string, countryId: number) {
    const parsed = parsePhone(value, this.countries.isoOf(countryId));
    if (!parsed) throw fieldError(field, `${field}.invalid`);
    return parsed;
  }

  /** The birth date to store: given, or from an age (approximate), or today (the spec's default). */
  private birthDateOf(input: { birthDate?: string | undefined; age?: number | undefined }, today: string) {
    if (input.birthDate) {
      if (input.birthDate > today) throw fieldError('birthDate', 'birthDate.future');
      return { birthDate: input.birthDate, birthDateApproximate: false };
    }
    if (input.age !== undefined)
      return { birthDate: birthDateForAge(input.age, today)!, birthDateApproximate: true };
    return undefined;
  }

  async create(scope: RequestContext, input: PatientCreate): Promise<Patient> {
    const today = this.today(scope);
    const phone = this.phoneOf('phone', input.phone, input.countryId);
    const phone2 = input.phone2 ? this.phoneOf('phone2', input.phone2, input.countryId) : null;
    const guardianPhone = input.guardianPhone
      ? this.phoneOf('guardianPhone', input.guardianPhone, input.countryId)
      : null;
    const birth = this.birthDateOf(input, today) ?? { birthDate: today, birthDateApproximate: false };
    const nameNorm = normalizeName(input.name);
    const now = this.clock.now();
    // Each value stands for its column's placeholder below, and is encoded as that column's (a date, the alerts' JSON).
    const values = {
      orgId: scope.orgId,
      name: input.name,
      nameNorm,
      countryId: input.countryId,
      phone: phone.e164,
      phoneNational: phone.national,
      phone2: phone2?.e164 ?? null,
      phone2National: phone2?.national ?? null,
      birthDate: birth.birthDate,
      birthDateApproximate: birth.birthDateApproximate,
      isMale: input.isMale === 1,
      nationalId: input.nationalId ?? null,
      address: input.address ?? null,
      occupation: input.occupation ?? null,
      referralSource: input.referralSource ?? null,
      guardianName: input.guardianName ?? null,
      guardianNameNorm: guardianNameNorm(input.guardianName),
      guardianPhone: guardianPhone?.e164 ?? null,
      alerts: await storedAlerts(input.alerts, () => organizationLexicon(this.db, scope.orgId)),
      notes: input.notes ?? null,
      createdBy: scope.userId,
      updatedBy: scope.userId,
      createdAt: now,
      updatedAt: now,
    };
    const row = await this.db.transaction(async (tx) => {
      await addNameWords(tx, scope.orgId, nameNorm);
      // The file number last, in the statement that writes the patient and its audit row: every registration
      // waits on the counter's row until the one before it commits.
      const [inserted] = await writeAudited(
        tx,
        patients,
        {
          name: statementName('patient_insert'),
          write: (value) =>
            tx
              .insert(patients)
              .values({
                ...(Object.fromEntries(Object.keys(values).map((key) => [key, value(key)])) as Record<
                  keyof typeof values,
                  Placeholder
                >),
                fileNumber: sql`(SELECT value FROM counter)`,
              })
              .returning()
              .getSQL(),
          values,
          counter: FILE_NUMBER_COUNTER,
          writtenDetails: sql`jsonb_build_object('fileNumber', w.file_number)`,
        },
        scope,
        { action: 'patient.created', entity: 'patient', at: now },
      );
      return inserted!;
    });
    await this.publish(scope.orgId, row.id, 'created');
    return this.view(row, scope);
  }

  /** Reading a patient's record is audited (who opened whose record, from where). */
  async get(scope: RequestContext, id: number): Promise<Patient> {
    const row = await this.liveRow(scope.orgId, id);
    await recordAudit(this.db, scope, {
      action: 'patient.viewed',
      entity: 'patient',
      entityId: id,
      patientId: id,
    });
    return this.view(row, scope);
  }

  private async staleError(scope: RequestContext, id: number, db: Db): Promise<AppError> {
    const current = await this.liveRow(scope.orgId, id, db);
    return new AppError(
      'stale_version',
      'Someone else changed this patient; the current record is attached. Review it and save again.',
      undefined,
      { data: this.view(current, scope) },
    );
  }

  async update(scope: RequestContext, id: number, input: PatientUpdate): Promise<Patient> {
    const today = this.today(scope);
    const row = await this.db.transaction(async (tx) => {
      const current = await this.liveRow(scope.orgId, id, tx);
      const countryId = input.countryId ?? current.countryId;
      const changes: Partial<typeof patients.$inferInsert> = {};
      if (input.name !== undefined) {
        changes.name = input.name;
        changes.nameNorm = normalizeName(input.name);
      }
      if (input.countryId !== undefined) changes.countryId = input.countryId;
      // A new country re-reads the stored phones with it only when they are sent again.
      if (input.phone !== undefined) {
        const phone = this.phoneOf('phone', input.phone, countryId);
        changes.phone = phone.e164;
        changes.phoneNational = phone.national;
      }
      if (input.phone2 !== undefined) {
        const phone2 = input.phone2 ? this.phoneOf('phone2', input.phone2, countryId) : null;
        changes.phone2 = phone2?.e164 ?? null;
        changes.phone2National = phone2?.national ?? null;
      }
      if (input.guardianPhone !== undefined)
        changes.guardianPhone = input.guardianPhone
          ? this.phoneOf('guardianPhone', input.guardianPhone, countryId).e164
          : null;
      Object.assign(changes, this.birthDateOf(input, today));
      if (input.isMale !== undefined) changes.isMale = input.isMale === 1;
      for (const key of [
        'nationalId',
        'address',
        'occupation',
        'referralSource',
        'guardianName',
        'notes',
      ] as const)
        if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
      if (input.alerts !== undefined)
        changes.alerts = await storedAlerts(input.alerts, () => organizationLexicon(tx, scope.orgId));
      if (input.guardianName !== undefined) changes.guardianNameNorm = guardianNameNorm(input.guardianName);

      const updated = await updateVersioned(
        tx,
        patients,
        { orgId: scope.orgId, id, expected: input.version, where: isNull(patients.deletedAt) },
        { ...changes, updatedAt: this.clock.now(), updatedBy: scope.userId },
        () => this.staleError(scope, id, tx),
      );
      if (changes.nameNorm) await addNameWords(tx, scope.orgId, changes.nameNorm);
      await recordAudit(tx, scope, {
        action: 'patient.updated',
        entity: 'patient',
        entityId: id,
        patientId: id,
        details: { fields: Object.keys(changes).filter((k) => !k.endsWith('National') && k !== 'nameNorm') },
      });
      return updated;
    });
    await this.publish(scope.orgId, id, 'updated');
    return this.view(row, scope);
  }

  /**
   * Soft delete: the record stays, hidden, restorable by an administrator. Not while a visit is open (409
   * `patient.has_open_visits`) nor while it has bookings from today on (409 `patient.has_bookings`, `data`: their
   * count and the first `BOOKINGS_LISTED`).
   */
  async remove(scope: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.liveRow(scope.orgId, id, tx, true);
      const [open] = await tx
        .select({ id: queueEntries.id })
        .from(queueEntries)
        .where(
          inOrg(
            queueEntries,
            scope.orgId,
            eq(queueEntries.patientId, id),
            inArray(queueEntries.status, [QUEUE_STATUS.Waiting, QUEUE_STATUS.WithDoctor]),
          ),
        )
        .limit(1);
      if (open)
        throw new AppError(
          'patient.has_open_visits',
          'This patient is waiting or with a doctor: cancel or finish the visit first.',
        );
      // A record deleted with bookings to come would leave their slots free to book again while they still hold
      // a reminder and a restore could bring them back over someone else's (docs/appointments.md): refused until
      // the desk cancels or moves them.
      const today = localDay(this.clock.now(), scope.timeZone);
      const ahead = await tx
        .select({
          id: queueEntries.id,
          start: queueEntries.date,
          minutes: queueEntries.slotMinutes,
          doctorId: queueEntries.doctorId,
        })
        .from(queueEntries)
        .where(
          inOrg(
            queueEntries,
            scope.orgId,
            eq(queueEntries.patientId, id),
            eq(queueEntries.status, QUEUE_STATUS.Booked),
            gte(queueEntries.date, startOfDay(today, scope.timeZone)),
          ),
        )
        .orderBy(asc(queueEntries.date), asc(queueEntries.id));
      if (ahead.length > 0)
        throw new AppError(
          'patient.has_bookings',
          `This patient has ${ahead.length} booking(s) from today on: cancel or move them first.`,
          undefined,
          {
            data: {
              count: ahead.length,
              bookings: ahead.slice(0, BOOKINGS_LISTED).map((b) => ({
                id: b.id,
                start: b.start.toISOString(),
                minutes: b.minutes,
                doctorId: b.doctorId,
              })),
            },
          },
        );
      await updateVersioned(
        tx,
        patients,
        { orgId: scope.orgId, id, expected: undefined },
        { deletedAt: this.clock.now(), deletedBy: scope.userId, updatedAt: this.clock.now() },
        async () => notFound('Patient'),
      );
      await recordAudit(tx, scope, {
        action: 'patient.deleted',
        entity: 'patient',
        entityId: id,
        patientId: id,
      });
    });
    await this.publish(scope.orgId, id, 'deleted');
  }

  async restore(scope: RequestContext, id: number): Promise<Patient> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(patients)
        .where(inOrg(patients, scope.orgId, eq(patients.id, id)))
        .for('update');
      if (!current) throw notFound('Patient');
      if (current.mergedIntoId)
        throw new AppError(
          'patient.merged',
          `This record was merged into patient ${current.mergedIntoId}; it cannot be restored.`,
        );
      if (!current.deletedAt) return current;
      const restored = await updateVersioned(
        tx,
        patients,
        { orgId: scope.orgId, id, expected: undefined },
        { deletedAt: null, deletedBy: null, updatedAt: this.clock.now(), updatedBy: scope.userId },
        async () => notFound('Patient'),
      );
      await recordAudit(tx, scope, {
        action: 'patient.restored',
        entity: 'patient',
        entityId: id,
        patientId: id,
      });
      return restored;
    });
    await this.publish(scope.orgId, id, 'restored');
    return this.view(row, scope);
  }

  /**
   * Deleted (and merged-away) records, newest deletion first: what an administrator restores from. One prepared
   * statement, its rows carrying their total (a clinic's deleted records are few: counted in full).
   */
  async listDeleted(scope: RequestContext, page: number) {
    const deleted = (orgId: number) => inOrg(patients, orgId, isNotNull(patients.deletedAt));
    const counted = (orgId: number) =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(patients)
        .where(deleted(orgId));
    const order = [desc(patients.deletedAt), desc(patients.id)];
    // The page's audit row names its patients, in the same statement (docs/audit.md).
    const rows = await runPrepared(this.db, statementName('patients_deleted', pageShape(page)), (bind) => {
      const orgId = bind('orgId', scope.orgId);
      const skipped = pageOffset(bind, page, PATIENTS_PER_PAGE);
      const audit = auditedList(this.db, bind, scope, {
        action: 'patient.deleted_listed',
        entity: 'patient',
      });
      return () => {
        const listed = pageOfRows(
          this.db,
          patients,
          patients.id,
          deleted(orgId),
          order,
          literal(PATIENTS_PER_PAGE),
          skipped,
        );
        return this.db
          .with(listed, audit())
          .select({ ...patientViewColumns, total: totalColumn(counted(orgId)) })
          .from(patients)
          .where(and(deleted(orgId), inArray(patients.id, this.db.select({ id: listed.id }).from(listed))))
          .orderBy(...order);
      };
    });
    const today = this.today(scope);
    const { data, meta } = await pageWithTotal(
      rows,
      page,
      PATIENTS_PER_PAGE,
      () => counted(scope.orgId),
      (r) => toPatient(r, this.countries, today),
    );
    return { data, meta: merged(meta, { totalIsLowerBound: false }) };
  }

  async publish(orgId: number, id: number, action: PatientChanged['action']): Promise<void> {
    await this.events.publish(orgId, {
      type: PATIENT_CHANGED_EVENT,
      data: { id, action, at: this.clock.now().toISOString() },
    });
  }
}

/** A live (not deleted) patient of the organization, or 404 (`patient.deleted` when soft-deleted). */
export async function findLivePatient(db: Db, orgId: number, id: number, lock = false): Promise<PatientRow> {
  const query = db
    .select()
    .from(patients)
    .where(inOrg(patients, orgId, eq(patients.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Patient');
  if (row.deletedAt) throw patientDeleted();
  return row;
}

const guardianNameNorm = (name: string | null | undefined) => (name ? normalizeName(name) || null : null);

/**
 * Fills `guardian_name_norm` of records written before it existed (migration 0006): the normalisation is the
 * shared JavaScript one, which SQL cannot repeat. Runs at start; once done, it finds nothing to do.
 */
export async function backfillGuardianNames(db: Db): Promise<void> {
  // eslint-disable-next-line basira/org-scoped-query -- every organization's rows, once, at start
  const rows = await db
    .select({ id: patients.id, orgId: patients.orgId, guardianName: patients.guardianName })
    .from(patients)
    .where(and(isNotNull(patients.guardianName), isNull(patients.guardianNameNorm)));
  for (const row of rows)
    // eslint-disable-next-line no-restricted-syntax -- a derived column, not an edit
    await db
      .update(patients)
      .set({ guardianNameNorm: guardianNameNorm(row.guardianName) ?? '' })
      .where(inOrg(patients, row.orgId, eq(patients.id, row.id)));
}
