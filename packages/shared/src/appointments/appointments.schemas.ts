import { z } from 'zod';
import {
  dataOf,
  idSchema,
  idTextSchema,
  isoDateSchema,
  isoDateTimeSchema,
  queryIntSchema,
  versionSchema,
} from '../common/api.schemas.ts';
import { queueEntrySchema, userRefSchema, VISIT_REASONS } from '../queue/queue.schemas.ts';

/**
 * The appointment book (docs/appointments.md).
 *
 * - A **booking is the visit**: a queue entry in status Booked (0), with a slot (`slotMinutes`) starting at its
 *   `date`. Its arrival (`POST /api/mo/queue/arrived/{id}`) moves it to Waiting with today's ticket; no second
 *   record exists to drift from the first. A recall (re-waiting to a later day) is also Booked, without a slot: it is
 *   due on its day, not at a time.
 * - A booking never arrived by the end of its day (or `noShowAfterMinutes` after its time) becomes NoShow (5).
 * - **Hours** are per doctor and weekday, as sessions (`09:00–12:30`, `13:00–16:00`): the gap between two is a break.
 *   Closed weekdays and closures (the clinic's holidays) have no slots for anyone.
 * - Times are the clinic's local wall-clock times (`HH:MM`); days are its calendar days (`YYYY-MM-DD`); instants
 *   are ISO 8601 UTC.
 */

/** 0 = Sunday … 6 = Saturday (JavaScript's `getDay`); the screens start the week on Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SLOT_MINUTES_MIN = 5;
export const SLOT_MINUTES_MAX = 240;
/** Every start and length is on this grid (minutes). */
export const SLOT_STEP_MINUTES = 5;
/** The free-slot search looks this many days ahead at most. */
export const FREE_SLOT_DAYS_MAX = 60;
/** A book's range (list and summary) spans this many days at most. */
export const BOOK_RANGE_DAYS_MAX = 42;

const timeOfDaySchema = (key: string) =>
  z
    .string({ error: `${key}.required` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${key}.invalid`)
    .refine((v) => Number(v.slice(3)) % SLOT_STEP_MINUTES === 0, `${key}.step`);
export type TimeOfDay = string;

export const slotMinutesSchema = (key = 'minutes') =>
  z
    .number({ error: `${key}.required` })
    .int(`${key}.integer`)
    .min(SLOT_MINUTES_MIN, `${key}.min`)
    .max(SLOT_MINUTES_MAX, `${key}.max`)
    .refine((n) => n % SLOT_STEP_MINUTES === 0, `${key}.step`);

/** One working session of a day; the gap between two sessions is a break. */
export const sessionSchema = z
  .object({ start: timeOfDaySchema('start'), end: timeOfDaySchema('end') })
  .refine((s) => s.start < s.end, { path: ['end'], message: 'end.before_start' });
export type Session = z.infer<typeof sessionSchema>;

const daySessionsSchema = z
  .array(sessionSchema)
  .max(6)
  .refine(
    (list) =>
      [...list]
        .sort((a, b) => (a.start < b.start ? -1 : 1))
        .every((s, i, all) => i === 0 || all[i - 1]!.end <= s.start),
    'sessions.overlap',
  );

/** A doctor's week: the sessions of each weekday, keyed "0" (Sunday) to "6" (Saturday); a missing day is off. */
export const weekHoursSchema = z
  .object({
    0: daySessionsSchema.default([]),
    1: daySessionsSchema.default([]),
    2: daySessionsSchema.default([]),
    3: daySessionsSchema.default([]),
    4: daySessionsSchema.default([]),
    5: daySessionsSchema.default([]),
    6: daySessionsSchema.default([]),
  })
  .strict();
export type WeekHours = z.output<typeof weekHoursSchema>;

export const doctorHoursSchema = z.object({
  doctor: userRefSchema,
  week: weekHoursSchema,
  /** 1 with `updatedAt` null until the hours are first saved (the doctor has no hours and no slots till then). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type DoctorHours = z.infer<typeof doctorHoursSchema>;

/** `PUT /api/appointments/hours/{doctorId}`: `version` 1 for the first save (billing settings do the same). */
export const doctorHoursUpdateSchema = z.object({ week: weekHoursSchema, version: versionSchema }).strict();
export type DoctorHoursUpdate = z.output<typeof doctorHoursUpdateSchema>;

/** The visit reasons' default slot lengths, in minutes. */
export const DEFAULT_SLOT_MINUTES: Record<(typeof VISIT_REASONS)[number], number> = {
  Spectacles: 15,
  Lasik: 45,
  FollowUp: 10,
  Biometry: 20,
  Examinations: 15,
};

export const slotLengthsSchema = z
  .object(
    Object.fromEntries(VISIT_REASONS.map((r) => [r, slotMinutesSchema(r)])) as Record<
      (typeof VISIT_REASONS)[number],
      ReturnType<typeof slotMinutesSchema>
    >,
  )
  .strict();

const reminderTextSchema = (key: string) =>
  z.string().trim().min(1, `${key}.required`).max(1000, `${key}.max`);

/**
 * The book's settings. A reminder text may hold `{patient}`, `{doctor}`, `{date}`, `{time}` and `{clinic}`.
 * `noShowAfterMinutes`: a booking not arrived this long after its start is a no-show (and at the latest at the end
 * of its day).
 */
export const appointmentSettingsSchema = z.object({
  closedWeekdays: z.array(z.number().int().min(0).max(6)).max(7),
  slotMinutes: slotLengthsSchema,
  /** A booking without a reason, or with several, takes the longest of its reasons' lengths, or this one. */
  defaultSlotMinutes: slotMinutesSchema('defaultSlotMinutes'),
  noShowAfterMinutes: z
    .number()
    .int()
    .min(0, 'noShowAfterMinutes.min')
    .max(24 * 60, 'noShowAfterMinutes.max'),
  remindersEnabled: z.boolean(),
  reminderTextAr: reminderTextSchema('reminderTextAr'),
  reminderTextEn: reminderTextSchema('reminderTextEn'),
  version: z.number().int(),
});
export type AppointmentSettings = z.infer<typeof appointmentSettingsSchema>;

export const appointmentSettingsUpdateSchema = appointmentSettingsSchema
  .omit({ version: true })
  .extend({ closedWeekdays: z.array(z.number().int().min(0).max(6)).max(7), version: versionSchema })
  .strict();
export type AppointmentSettingsUpdate = z.output<typeof appointmentSettingsUpdateSchema>;

export const CLOSURE_KINDS = ['holiday', 'closure'] as const;
export const closureSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  name: z.string(),
  kind: z.enum(CLOSURE_KINDS),
});
export type Closure = z.infer<typeof closureSchema>;
export const closureCreateSchema = z.object({
  day: isoDateSchema('day'),
  name: z.string().trim().min(1, 'name.required').max(120, 'name.max'),
  kind: z.enum(CLOSURE_KINDS).default('closure'),
});
export type ClosureCreate = z.output<typeof closureCreateSchema>;
export const closuresQuerySchema = z.object({ year: queryIntSchema(2000, 2100, 'year') });

/** A free or taken slot of one doctor's day. `bookings` are the ids holding it (an overbooked slot has two). */
export const slotSchema = z.object({
  start: z.string(),
  /** The local wall-clock time, `HH:MM`. */
  time: z.string(),
  minutes: z.number().int(),
  free: z.boolean(),
  bookings: z.array(z.number().int()),
});
export type Slot = z.infer<typeof slotSchema>;

/** `GET /api/appointments/slots`: one doctor's day, cut into slots of the reason's length. */
export const slotsQuerySchema = z.object({
  doctorId: idTextSchema,
  day: isoDateSchema('day'),
  reason: z.enum(VISIT_REASONS).optional(),
  minutes: queryIntSchema(SLOT_MINUTES_MIN, SLOT_MINUTES_MAX, 'minutes').optional(),
});
export const daySlotsSchema = z.object({
  doctorId: z.number().int(),
  day: z.string(),
  /** Why the day has no sessions, when it has none. */
  closed: z.enum(['weekday', 'closure', 'no_hours']).nullable(),
  closureName: z.string().nullable(),
  sessions: z.array(sessionSchema),
  slots: z.array(slotSchema),
});
export type DaySlots = z.infer<typeof daySlotsSchema>;

/** `GET /api/appointments/free-slots`: the first free slots of one doctor from a day on. */
export const freeSlotsQuerySchema = z.object({
  doctorId: idTextSchema,
  from: isoDateSchema('from').optional(),
  days: queryIntSchema(1, FREE_SLOT_DAYS_MAX, 'days').default(30),
  reason: z.enum(VISIT_REASONS).optional(),
  minutes: queryIntSchema(SLOT_MINUTES_MIN, SLOT_MINUTES_MAX, 'minutes').optional(),
  limit: queryIntSchema(1, 200, 'limit').default(20),
});
export const freeSlotsSchema = z.object({
  doctorId: z.number().int(),
  minutes: z.number().int(),
  slots: z.array(slotSchema.extend({ day: z.string() })),
});

/** A booking as the book shows it: the queue entry with its slot, lean (no patient summary beyond the name). */
/**
 * A booking as the book's list carries it (`GET /api/appointments`): what the book's screen draws and moves. The
 * fields marked "not in the book's list" are left out there (a day of 40 doctors answered 779 kB with them, 2,740
 * bookings) and carried by every other answer (`bookingFullSchema`); the book's drawer reads them from
 * `GET /api/appointments/{id}`.
 */
export const bookingSchema = z.object({
  id: z.number().int(),
  patient: z.object({
    id: z.number().int(),
    name: z.string(),
    /** Not in the book's list. */
    fileNumber: z.number().int().optional(),
    /** Not in the book's list. */
    phone: z.string().nullable().optional(),
  }),
  doctorId: z.number().int().nullable(),
  /** The start, ISO 8601 UTC. */
  start: z.string(),
  /** null for a recall (due on its day, no time). */
  minutes: z.number().int().nullable(),
  examTypes: z.array(z.enum(VISIT_REASONS)),
  /** Not in the book's list. */
  note: z.string().nullable().optional(),
  /** The queue status id: 0 Booked, 1 Waiting (arrived), 2 WithDoctor, 3 Finished, 4 Canceled, 5 NoShow. */
  statusId: z.number().int(),
  overbooked: z.boolean(),
  /** Not in the book's list. */
  isRewaiting: z.boolean().optional(),
  /** Not in the book's list. */
  arrivedAt: z.string().nullable().optional(),
  /** The patient's answer to the reminder, from the bot's buttons. */
  reply: z.enum(['confirmed', 'cancelled']).nullable(),
  version: z.number().int(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** A booking with all of it: every answer but the book's list (a booking, its detail, the due list, …). */
export const bookingFullSchema = bookingSchema.extend({
  patient: z.object({
    id: z.number().int(),
    name: z.string(),
    fileNumber: z.number().int(),
    phone: z.string().nullable(),
  }),
  note: z.string().nullable(),
  isRewaiting: z.boolean(),
  arrivedAt: z.string().nullable(),
});
export type BookingFull = z.infer<typeof bookingFullSchema>;

/** `GET /api/appointments`: the bookings (and recalls) of a range of days, of some doctors or all. */
export const bookQuerySchema = z
  .object({
    from: isoDateSchema('from'),
    to: isoDateSchema('to'),
    /** Comma-separated doctor ids; absent = every doctor. */
    doctorIds: z
      .string()
      .regex(/^\d{1,9}(,\d{1,9}){0,99}$/, 'doctorIds.invalid')
      .transform((v) => [...new Set(v.split(',').map(Number))])
      .optional(),
    /** Include canceled and no-show bookings (the book greys them). */
    all: z
      .enum(['0', '1'])
      .transform((v) => v === '1')
      .optional(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'to.before_from' });
export const bookSchema = z.object({
  from: z.string(),
  to: z.string(),
  closures: z.array(closureSchema),
  closedWeekdays: z.array(z.number().int()),
  hours: z.array(doctorHoursSchema),
  bookings: z.array(bookingSchema),
});
export type Book = z.infer<typeof bookSchema>;

/** `GET /api/appointments/summary`: counts per doctor and day (the month overview; the week of many doctors). */
export const bookSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(
    z.object({
      day: z.string(),
      doctorId: z.number().int().nullable(),
      booked: z.number().int(),
      arrived: z.number().int(),
      noShow: z.number().int(),
      canceled: z.number().int(),
      /** Minutes of the doctor's sessions that day; with `bookedMinutes`, how full the day is. */
      openMinutes: z.number().int(),
      bookedMinutes: z.number().int(),
    }),
  ),
});

/** `POST /api/appointments`: book a slot. The booking is a queue entry in status Booked. */
export const bookingCreateSchema = z
  .object({
    patientId: idSchema,
    doctorId: idSchema,
    start: isoDateTimeSchema('start'),
    /** Absent: the reason's slot length (the longest of several). */
    minutes: slotMinutesSchema().optional(),
    examTypes: z
      .array(z.enum(VISIT_REASONS, { error: 'examTypes.invalid' }))
      .max(5)
      .default([]),
    note: z
      .string()
      .trim()
      .max(2000, 'note.max')
      .nullish()
      .transform((v) => (v ? v : null)),
    /** Book although the slot is taken: the booking is marked overbooked (else 409 `appointments.slot_taken`). */
    overbook: z.boolean().default(false),
  })
  .strict();
export type BookingCreate = z.output<typeof bookingCreateSchema>;

/** `POST /api/appointments/{id}/move`: another start, length or doctor; the earlier place stays in the history. */
export const bookingMoveSchema = z
  .object({
    start: isoDateTimeSchema('start').optional(),
    minutes: slotMinutesSchema().optional(),
    doctorId: idSchema.optional(),
    overbook: z.boolean().default(false),
    version: versionSchema,
  })
  .strict();
export type BookingMove = z.output<typeof bookingMoveSchema>;

/** One earlier place of a booking. */
export const bookingMoveEventSchema = z.object({
  id: z.number().int(),
  fromStart: z.string(),
  fromMinutes: z.number().int().nullable(),
  fromDoctor: userRefSchema.nullable(),
  toStart: z.string(),
  toMinutes: z.number().int().nullable(),
  toDoctor: userRefSchema.nullable(),
  at: z.string(),
  by: userRefSchema.nullable(),
});
export const bookingDetailSchema = z.object({
  booking: bookingFullSchema,
  entry: queueEntrySchema,
  moves: z.array(bookingMoveEventSchema),
});

/** The 409 `appointments.slot_taken` carries the slot as it is now in `data`. */
export const slotTakenDataSchema = z.object({
  start: z.string(),
  minutes: z.number().int(),
  bookings: z.array(bookingFullSchema),
});

/** `GET /api/appointments/due`: bookings and recalls due today or earlier, not arrived. */
export const dueListSchema = z.object({
  day: z.string(),
  entries: z.array(
    bookingFullSchema.extend({
      /** Whole days since the booking's day: 0 due today. */
      overdueDays: z.number().int(),
    }),
  ),
});

/** `GET /api/appointments/reports/attendance`: per doctor and reason, over a range of days. */
export const attendanceQuerySchema = z
  .object({ from: isoDateSchema('from'), to: isoDateSchema('to') })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'to.before_from' });
export const attendanceReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      doctor: userRefSchema.nullable(),
      /** The visit's first reason, or null for none. */
      reason: z.enum(VISIT_REASONS).nullable(),
      booked: z.number().int(),
      arrived: z.number().int(),
      noShow: z.number().int(),
      canceled: z.number().int(),
    }),
  ),
});

/** `GET /api/appointments/patients/{patientId}`: the patient's bookings ahead and the counts of missed ones. */
export const patientAppointmentsSchema = z.object({
  upcoming: z.array(bookingFullSchema),
  noShows: z.number().int(),
  cancellations: z.number().int(),
  lastNoShow: z.string().nullable(),
});

/** A holiday offered to tick (not stored until the clinic adds it): Iraq's public holidays of a year. */
export const holidaySuggestionSchema = z.object({
  day: z.string(),
  key: z.string(),
  /** Islamic dates are computed (Umm al-Qura); the announced day may differ by one. */
  approximate: z.boolean(),
});

/** `PUT /api/appointments/hours/{doctorId}` answers the hours and the bookings now outside them (never moved). */
export const hoursSavedSchema = z.object({ hours: doctorHoursSchema, outside: z.array(bookingFullSchema) });

export const doctorIdParamsSchema = z.object({ doctorId: idTextSchema });
export const appointmentPatientParamsSchema = z.object({ patientId: idTextSchema });

export const appointmentSettingsResponseSchema = dataOf(appointmentSettingsSchema);
export const doctorHoursListResponseSchema = dataOf(z.array(doctorHoursSchema));
export const hoursSavedResponseSchema = dataOf(hoursSavedSchema);
export const closureResponseSchema = dataOf(closureSchema);
export const closureListResponseSchema = dataOf(z.array(closureSchema));
export const holidaySuggestionsResponseSchema = dataOf(z.array(holidaySuggestionSchema));
export const daySlotsResponseSchema = dataOf(daySlotsSchema);
export const freeSlotsResponseSchema = dataOf(freeSlotsSchema);
export const bookResponseSchema = dataOf(bookSchema);
export const bookSummaryResponseSchema = dataOf(bookSummarySchema);
export const bookingResponseSchema = dataOf(bookingFullSchema);
export const bookingDetailResponseSchema = dataOf(bookingDetailSchema);
export const dueListResponseSchema = dataOf(dueListSchema);
export const attendanceReportResponseSchema = dataOf(attendanceReportSchema);
export const patientAppointmentsResponseSchema = dataOf(patientAppointmentsSchema);

/** The reminder's text until a clinic writes its own (placeholders as `appointmentSettingsSchema` lists). */
export const DEFAULT_REMINDER_TEXT = {
  ar: 'تذكير: لديك موعد في {clinic} مع {doctor} يوم {date} الساعة {time}. يرجى تأكيد الحضور أو الإلغاء بالأزرار أدناه.',
  en: 'Reminder: you have an appointment at {clinic} with {doctor} on {date} at {time}. Please confirm or cancel with the buttons below.',
} as const;

/** A booking's default length: the longest of its reasons' slot lengths, or the default for none. */
export function slotLengthFor(
  settings: Pick<AppointmentSettings, 'slotMinutes' | 'defaultSlotMinutes'>,
  reasons: readonly (typeof VISIT_REASONS)[number][],
): number {
  return reasons.length === 0
    ? settings.defaultSlotMinutes
    : Math.max(...reasons.map((r) => settings.slotMinutes[r]));
}
