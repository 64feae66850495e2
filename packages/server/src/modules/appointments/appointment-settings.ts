import {
  DEFAULT_REMINDER_TEXT,
  DEFAULT_SLOT_MINUTES,
  slotLengthsSchema,
  type AppointmentSettings,
} from '@basira/shared/appointments/appointments.schemas';
import type { Db } from '../../db/client.ts';
import { appointmentSettings } from '../../db/schema.ts';
import { literal, runPrepared, statementName } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';

/** The book's settings before a clinic saves its own (version 1 without a row: the first save inserts it). */
export const DEFAULT_APPOINTMENT_SETTINGS: AppointmentSettings = {
  closedWeekdays: [5],
  slotMinutes: { ...DEFAULT_SLOT_MINUTES },
  defaultSlotMinutes: 15,
  noShowAfterMinutes: 120,
  remindersEnabled: true,
  reminderTextAr: DEFAULT_REMINDER_TEXT.ar,
  reminderTextEn: DEFAULT_REMINDER_TEXT.en,
  version: 1,
};

/**
 * A clinic's appointment settings, or the defaults. Read by the book, by queueing a visit for a later day (its slot
 * length) and by the no-show and reminder jobs. `db` may be a transaction.
 */
export async function loadAppointmentSettings(db: Db, orgId: number): Promise<AppointmentSettings> {
  // Prepared: every read of the book starts with it.
  const [row] = await runPrepared(db, statementName('appointment_settings'), (bind) => {
    const org = bind('orgId', orgId);
    return () =>
      db.select().from(appointmentSettings).where(inOrg(appointmentSettings, org)).limit(literal(1));
  });
  if (!row) return DEFAULT_APPOINTMENT_SETTINGS;
  // A reason added after the row was saved takes its default length.
  const slotMinutes = slotLengthsSchema.parse({ ...DEFAULT_SLOT_MINUTES, ...(row.slotMinutes as object) });
  return {
    closedWeekdays: row.closedWeekdays,
    slotMinutes,
    defaultSlotMinutes: row.defaultSlotMinutes,
    noShowAfterMinutes: row.noShowAfterMinutes,
    remindersEnabled: row.remindersEnabled,
    reminderTextAr: row.reminderTextAr,
    reminderTextEn: row.reminderTextEn,
    version: row.version,
  };
}
