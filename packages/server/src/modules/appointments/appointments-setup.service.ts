import { asc, eq, gte, sql } from 'drizzle-orm';
import type {
  AppointmentSettings,
  AppointmentSettingsUpdate,
  BookingFull,
  Closure,
  ClosureCreate,
  DoctorHours,
  DoctorHoursUpdate,
} from '@basira/shared/appointments/appointments.schemas';
import { iraqHolidays, type HolidaySuggestion } from '@basira/shared/appointments/iraq-holidays';
import { localDay } from '@basira/shared/dates/calendar';
import type { Db } from '../../db/client.ts';
import { appointmentSettings, clinicClosures, doctorHours, queueEntries } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { loadAppointmentSettings } from './appointment-settings.ts';
import {
  closuresBetween,
  doctorsOf,
  hoursRows,
  isDoctor,
  misfit,
  selectBookings,
  toBooking,
  toClosure,
  toDoctorHours,
  type BookingRow,
} from './appointments-common.ts';

/** The book's settings, the doctors' hours and the clinic's closures (docs/appointments.md). */
export class AppointmentsSetupService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  settings(orgId: number, db: Db = this.db): Promise<AppointmentSettings> {
    return loadAppointmentSettings(db, orgId);
  }

  /** Versioned as billing's settings: no row answers version 1, and the first save (version 1) makes it. */
  async updateSettings(
    scope: RequestContext,
    input: AppointmentSettingsUpdate,
  ): Promise<AppointmentSettings> {
    const now = this.clock.now();
    const stale = async (db: Db) =>
      new AppError(
        'stale_version',
        'Someone else changed the appointment settings; the current ones are attached.',
        undefined,
        { data: await this.settings(scope.orgId, db) },
      );
    const { version, ...fields } = input;
    const values = {
      closedWeekdays: [...new Set(fields.closedWeekdays)].sort(),
      slotMinutes: fields.slotMinutes,
      defaultSlotMinutes: fields.defaultSlotMinutes,
      noShowAfterMinutes: fields.noShowAfterMinutes,
      remindersEnabled: fields.remindersEnabled,
      reminderTextAr: fields.reminderTextAr,
      reminderTextEn: fields.reminderTextEn,
    };
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ version: appointmentSettings.version })
          .from(appointmentSettings)
          .where(inOrg(appointmentSettings, scope.orgId))
          .for('update');
        if ((current?.version ?? 1) !== version) throw await stale(tx);
        const before = await this.settings(scope.orgId, tx);
        await tx
          .insert(appointmentSettings)
          .values({
            orgId: scope.orgId,
            ...values,
            version: version + 1,
            updatedBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: appointmentSettings.orgId,
            set: { ...values, version: version + 1, updatedBy: scope.userId, updatedAt: now },
          });
        const { version: _v, ...was } = before;
        await recordAudit(tx, scope, {
          action: 'appointment.settings_updated',
          entity: 'appointment_settings',
          details: { before: was, after: values },
        });
        return this.settings(scope.orgId, tx);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw await stale(this.db);
      throw error;
    }
  }

  /** Every doctor's week (an empty week, version 1, for a doctor whose hours were never saved). */
  async hours(orgId: number): Promise<DoctorHours[]> {
    const [doctors, rows] = await Promise.all([doctorsOf(this.db, orgId), hoursRows(this.db, orgId)]);
    return doctors.map((d) => toDoctorHours(d, rows.get(d.id)));
  }

  private async doctorHours(
    db: Db,
    orgId: number,
    doctor: { id: number; name: string },
  ): Promise<DoctorHours> {
    const rows = await hoursRows(db, orgId, [doctor.id]);
    return toDoctorHours(doctor, rows.get(doctor.id));
  }

  /**
   * A doctor's new week. Answers the hours and the doctor's bookings from now on that no longer fit them (outside
   * the sessions, or on a closed day): listed for reception to move, never moved or dropped here.
   */
  async updateHours(
    scope: RequestContext,
    doctorId: number,
    input: DoctorHoursUpdate,
  ): Promise<{ hours: DoctorHours; outside: BookingFull[] }> {
    const now = this.clock.now();
    const doctor = await isDoctor(this.db, scope.orgId, doctorId);
    if (!doctor) throw notFound('Doctor');
    const stale = async (db: Db) =>
      new AppError(
        'stale_version',
        'Someone else changed these hours; the current ones are attached.',
        undefined,
        {
          data: await this.doctorHours(db, scope.orgId, doctor),
        },
      );
    try {
      const hours = await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(doctorHours)
          .where(inOrg(doctorHours, scope.orgId, eq(doctorHours.doctorId, doctorId)))
          .for('update');
        if (!current) {
          if (input.version !== 1) throw await stale(tx);
          await tx.insert(doctorHours).values({
            orgId: scope.orgId,
            doctorId,
            week: input.week,
            version: 2,
            updatedBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          });
        } else
          await updateVersioned(
            tx,
            doctorHours,
            { orgId: scope.orgId, id: current.id, expected: input.version },
            { week: input.week, updatedBy: scope.userId, updatedAt: now },
            () => stale(tx),
          );
        await recordAudit(tx, scope, {
          action: 'appointment.hours_updated',
          entity: 'doctor_hours',
          entityId: doctorId,
          details: { before: current?.week ?? null, after: input.week },
        });
        return this.doctorHours(tx, scope.orgId, doctor);
      });
      return { hours, outside: await this.outside(scope, doctorId, hours.week, now) };
    } catch (error) {
      if (isUniqueViolation(error)) throw await stale(this.db);
      throw error;
    }
  }

  /** The doctor's Booked bookings with a slot from `now` on that the week or the closed days leave out. */
  private async outside(
    scope: RequestContext,
    doctorId: number,
    week: DoctorHours['week'],
    now: Date,
  ): Promise<BookingFull[]> {
    const [settings, rows] = await Promise.all([
      this.settings(scope.orgId),
      selectBookings(
        this.db,
        scope.orgId,
        eq(queueEntries.doctorId, doctorId),
        eq(queueEntries.status, 0),
        sql`${queueEntries.slotMinutes} IS NOT NULL`,
        gte(queueEntries.date, now),
      ).orderBy(asc(queueEntries.date), asc(queueEntries.id)),
    ]);
    if (rows.length === 0) return [];
    const first = localDay(rows[0]!.date, scope.timeZone);
    const last = localDay(rows.at(-1)!.date, scope.timeZone);
    const closed = new Set((await closuresBetween(this.db, scope.orgId, first, last)).map((c) => c.day));
    return rows
      .filter(
        (r: BookingRow) =>
          misfit(
            { start: r.date, minutes: r.slotMinutes! },
            week,
            settings.closedWeekdays,
            closed,
            scope.timeZone,
          ) !== null,
      )
      .map(toBooking);
  }

  async closures(orgId: number, year: number): Promise<Closure[]> {
    return (await closuresBetween(this.db, orgId, `${year}-01-01`, `${year}-12-31`)).map(toClosure);
  }

  async addClosure(scope: RequestContext, input: ClosureCreate): Promise<Closure> {
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clinicClosures)
          .values({
            orgId: scope.orgId,
            day: input.day,
            name: input.name,
            kind: input.kind,
            createdBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, scope, {
          action: 'appointment.closure_added',
          entity: 'clinic_closure',
          entityId: row!.id,
          details: { ...input },
        });
        return toClosure(row!);
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('appointments.closure_exists', 'That day is already closed.', {
          day: ['day.taken'],
        });
      throw error;
    }
  }

  async removeClosure(scope: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(clinicClosures)
        .where(inOrg(clinicClosures, scope.orgId, eq(clinicClosures.id, id)))
        .returning();
      if (!row) throw notFound('Closure');
      await recordAudit(tx, scope, {
        action: 'appointment.closure_removed',
        entity: 'clinic_closure',
        entityId: id,
        details: { day: row.day, name: row.name, kind: row.kind },
      });
    });
  }

  holidays(year: number): HolidaySuggestion[] {
    return iraqHolidays(year);
  }
}
