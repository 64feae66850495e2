import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type Column, type SQL } from 'drizzle-orm';
import { durationWords } from '@basira/shared/common/arabic-count';
import { ageOn, localDay } from '@basira/shared/dates/calendar';
import { formatDiopters } from '@basira/shared/clinical/rounding';
import { ltr } from '@basira/shared/clinical/ltr-text';
import type { ConsultationDerived, consultation } from '@basira/shared/exams/consultation';
import { diagnosisWords } from '@basira/shared/exams/diagnosis-words';
import type { ValuesOf } from '@basira/shared/exams/fields';
import { examTypesProviding } from '@basira/shared/exams/registry';
import type { lowVision } from '@basira/shared/exams/low-vision';
import { prescribedReading, rxText, type spectacles } from '@basira/shared/exams/spectacles';
import {
  DRIVING_LICENCE_AGE,
  fillTemplate,
  LETTER_BODY_MAX,
  LETTERS_PER_PAGE,
  type Letter,
  type LetterCreate,
  type LetterKind,
  type LetterLanguage,
  type LetterTemplate,
  type LetterTemplateCreate,
  type LetterTemplateUpdate,
  type LetterUpdate,
  type MergeValues,
  usesMergeField,
} from '@basira/shared/letters/letters.schemas';
import type { PageMeta } from '@basira/shared/common/api.schemas';
import type { Db } from '../../db/client.ts';
import { organizationsWithout } from '../../lib/organizations.ts';
import {
  examRecords,
  letters,
  letterTemplates,
  patients,
  printLog,
  queueEntries,
  users,
} from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound, patientDeleted } from '../../lib/errors.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import { sanitizeLetterText } from '../../lib/html-sanitizer.ts';
import { pageWithTotal, totalColumn } from '../../lib/pages.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { diagnosesByCodes } from '../codes/codes.service.ts';
import type { ExamsService } from '../exams/exams.service.ts';
import { LETTER_SEEDS } from './letter-seeds.ts';
import { PREVIOUS_LETTER_SEEDS } from './letter-seeds-previous.ts';

type TemplateRow = typeof letterTemplates.$inferSelect;
type LetterRow = typeof letters.$inferSelect;

/**
 * A letter's or a template's body as it is stored: text formatting only (`sanitizeLetterText`), then no longer
 * than LETTER_BODY_MAX. The limit is on what is stored, measured as the request's is (its length), so a body
 * read back is always accepted again: measured on the way in, 49,000 `<` were stored as 196,000 characters of
 * `&lt;`, and saving them back unchanged was refused. `field` and `code` name the error past it.
 */
function storedBody(html: string, field: string, code = 'value.too_long'): string {
  const body = sanitizeLetterText(html);
  if (body.length > LETTER_BODY_MAX) throw fieldError(field, code);
  return body;
}

// ---------------------------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------------------------

/** A new organization's templates: its own copy of LETTER_SEEDS. */
export async function seedLetterTemplates(db: Db, orgId: number): Promise<void> {
  await db.insert(letterTemplates).values(LETTER_SEEDS.map((seed) => ({ orgId, ...seed })));
}

/**
 * At start: organizations made before letters existed get the templates once, and every organization's seeded
 * template that was never edited is brought to today's seed.
 */
export async function seedMissingLetterTemplates(db: Db): Promise<void> {
  for (const orgId of await organizationsWithout(db, letterTemplates)) await seedLetterTemplates(db, orgId);
  await upgradeSeededLetterTemplates(db);
}

/**
 * A template whose body is still, word for word, an earlier seed of its kind and language (PREVIOUS_LETTER_SEEDS)
 * was never edited: it becomes today's seed, its version bumped (an editor open on it then gets a 409, not a
 * silent overwrite). An edited template is left alone, whatever it says. Idempotent: once replaced, no body
 * matches an earlier seed any more.
 */
export async function upgradeSeededLetterTemplates(db: Db): Promise<void> {
  for (const previous of PREVIOUS_LETTER_SEEDS) {
    const current = LETTER_SEEDS.find((s) => s.kind === previous.kind && s.language === previous.language);
    if (!current || current.body === previous.body) continue;
    // eslint-disable-next-line basira/org-scoped-query -- every organization's untouched copies, once, at start
    await db
      .update(letterTemplates)
      .set({ body: current.body, version: sql`${letterTemplates.version} + 1`, updatedAt: sql`now()` })
      .where(
        and(
          eq(letterTemplates.kind, previous.kind),
          eq(letterTemplates.language, previous.language),
          eq(letterTemplates.body, previous.body),
        ),
      );
  }
}

/**
 * Letters, templates and letters' print snapshots stored before they kept text formatting only: each
 * that holds a link or an image is sanitised again, so no print page, reprint included, shows a link. A letter or
 * template changed has its version bumped (an editor open on it then gets a 409, not a silent overwrite). Run
 * once (`runOnce`); idempotent, as sanitising is.
 */
export async function upgradeLettersToText(db: Db): Promise<void> {
  const markup = (text: Column | SQL) => or(ilike(text, '%<a%'), ilike(text, '%<img%'));
  // eslint-disable-next-line basira/org-scoped-query -- every organization's letters, once, at start
  const stored = await db
    .select({ orgId: letters.orgId, id: letters.id, body: letters.body })
    .from(letters)
    .where(markup(letters.body));
  for (const row of stored) {
    const body = sanitizeLetterText(row.body);
    if (body !== row.body)
      await db
        .update(letters)
        .set({ body, version: sql`${letters.version} + 1`, updatedAt: sql`now()` })
        .where(inOrg(letters, row.orgId, eq(letters.id, row.id)));
  }
  // eslint-disable-next-line basira/org-scoped-query -- every organization's templates, once, at start
  const templates = await db
    .select({ orgId: letterTemplates.orgId, id: letterTemplates.id, body: letterTemplates.body })
    .from(letterTemplates)
    .where(markup(letterTemplates.body));
  for (const row of templates) {
    const body = sanitizeLetterText(row.body);
    if (body !== row.body)
      await db
        .update(letterTemplates)
        .set({ body, version: sql`${letterTemplates.version} + 1`, updatedAt: sql`now()` })
        .where(inOrg(letterTemplates, row.orgId, eq(letterTemplates.id, row.id)));
  }
  // eslint-disable-next-line basira/org-scoped-query -- every organization's printed letters, once, at start
  const printed = await db
    .select({ orgId: printLog.orgId, id: printLog.id, snapshot: printLog.snapshot })
    .from(printLog)
    .where(and(eq(printLog.kind, 'letter'), markup(sql`${printLog.snapshot}->>'body'`)));
  for (const row of printed) {
    const letter = row.snapshot as Letter;
    const body = sanitizeLetterText(letter.body);
    if (body !== letter.body)
      await db
        .update(printLog)
        .set({ snapshot: { ...letter, body } })
        .where(inOrg(printLog, row.orgId, eq(printLog.id, row.id)));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Views
// ---------------------------------------------------------------------------------------------------------------

const templateView = (row: TemplateRow): LetterTemplate => ({
  id: row.id,
  kind: row.kind as LetterKind,
  language: row.language as LetterLanguage,
  name: row.name,
  body: row.body,
  isActive: row.isActive,
  version: row.version,
});

const letterView = (row: LetterRow, createdBy: { id: number; name: string } | null): Letter => ({
  id: row.id,
  patientId: row.patientId,
  queueId: row.queueId,
  templateId: row.templateId,
  kind: row.kind as LetterKind,
  language: row.language as LetterLanguage,
  title: row.title,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  createdBy,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** One letter of the organization with its author's name; 404 when absent or another organization's. */
/** A letter of a live patient: a deleted patient's letters answer 404 `patient.deleted`, as the patient does. */
export async function readLetter(db: Db, orgId: number, id: number): Promise<Letter> {
  const [found] = await db
    .select({ row: letters, userId: users.id, userName: users.name, patientDeletedAt: patients.deletedAt })
    .from(letters)
    .innerJoin(patients, and(eq(patients.id, letters.patientId), eq(patients.orgId, letters.orgId)))
    .leftJoin(users, and(eq(users.id, letters.createdBy), eq(users.orgId, letters.orgId)))
    .where(inOrg(letters, orgId, eq(letters.id, id)));
  if (!found) throw notFound('Letter');
  if (found.patientDeletedAt) throw patientDeleted();
  return letterView(
    found.row,
    found.userId !== null ? { id: found.userId, name: found.userName ?? '' } : null,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Merge values
// ---------------------------------------------------------------------------------------------------------------

/** `2026-11-25` → `25/11/2026`, isolated left-to-right so an Arabic sentence keeps its order. */
const letterDate = (day: string) => ltr(day.split('-').reverse().join('/'));

type SpectaclesData = ValuesOf<(typeof spectacles)['fields']>;
type LowVisionData = ValuesOf<(typeof lowVision)['fields']>;
type ConsultationData = ValuesOf<(typeof consultation)['fields']>;
type Acuity = { text: string } | null | undefined;

/**
 * The record types a letter reads, as their definitions declare them (`provides`), not by their words: the
 * diagnoses and the referral (the consultation's), the acuities (the spectacles record's), colour vision and the
 * field (the low-vision record's). The data types above are the fields a provider keeps (exam-definition.ts).
 */
const DIAGNOSIS_TYPES: readonly string[] = examTypesProviding('diagnoses');
const ACUITY_TYPES = examTypesProviding('acuity');
const VISUAL_FUNCTION_TYPES: readonly string[] = examTypesProviding('visualFunction');

/** A letter's own words: the eyes, what was not recorded, the low-vision record's choices. */
const WORDS = {
  ar: {
    eyes: { right: 'العين اليمنى', left: 'العين اليسرى', both: 'العينان' } as Record<string, string>,
    // No agreement to make with the noun it follows (acuity, colour vision, field): "no measurement recorded".
    notRecorded: 'لا قياس مسجَّل',
    listSeparator: '؛ ',
    partSeparator: '، ',
    field: {
      normal: 'طبيعي',
      centralLoss: 'فقدان مركزي',
      peripheralLoss: 'فقدان محيطي',
      extensiveLoss: 'فقدان واسع',
      totalLoss: 'فقدان كامل',
    } as Record<string, string>,
  },
  en: {
    eyes: { right: 'right eye', left: 'left eye', both: 'both eyes' } as Record<string, string>,
    notRecorded: 'not recorded',
    listSeparator: '; ',
    partSeparator: ', ',
    field: {
      normal: 'normal',
      centralLoss: 'central loss',
      peripheralLoss: 'peripheral loss',
      extensiveLoss: 'extensive loss',
      totalLoss: 'total loss',
    } as Record<string, string>,
  },
} as const;

const COLOUR_TESTS: Record<string, string> = {
  ishihara: 'Ishihara',
  hrr: 'HRR',
  farnsworthD15: 'Farnsworth D-15',
};

/**
 * The warning of a fitness-to-drive report for an applicant under the licensing age (DRIVING_LICENCE_AGE);
 * empty for an adult or an unknown age, and the template's line then disappears (fillTemplate).
 */
export function drivingAgeWarning(age: number | null, isMale: boolean, language: LetterLanguage): string {
  if (age === null || age >= DRIVING_LICENCE_AGE) return '';
  if (language === 'en')
    return `Warning: the applicant is ${durationWords(age, 'years', 'en')} old, under the licensing age of ${DRIVING_LICENCE_AGE} years.`;
  return `تنبيه: عمر ${isMale ? 'المتقدِّم' : 'المتقدِّمة'} ${durationWords(age, 'years', 'ar')}، أي دون السن القانونية لمنح إجازة السوق (${durationWords(DRIVING_LICENCE_AGE, 'years', 'ar')}).`;
}

interface DiagnosisEntry {
  code?: string | null;
  text?: string | null;
  eye?: string | null;
}

/** `right eye 17/17, left eye 12/17 (Ishihara)`: the low-vision record's colour plates, else not recorded. */
function colourVision(record: LowVisionData | undefined, language: LetterLanguage): string {
  const words = WORDS[language];
  const eyes = (['right', 'left'] as const).flatMap((eye) => {
    const result = record?.colour?.[eye]?.result?.trim();
    return result ? [`${words.eyes[eye]} ${ltr(result)}`] : [];
  });
  if (eyes.length === 0) return words.notRecorded;
  const test = record?.colour?.test ? ` (${COLOUR_TESTS[record.colour.test]})` : '';
  return `${eyes.join(words.partSeparator)}${test}`;
}

interface VisitRecord {
  type: string;
  data: unknown;
  derived: unknown;
}

export class LettersService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly exams: ExamsService,
  ) {}

  // -------------------------------------------------------------------------------------------------------------
  // Templates
  // -------------------------------------------------------------------------------------------------------------

  async listTemplates(orgId: number): Promise<LetterTemplate[]> {
    const rows = await this.db
      .select()
      .from(letterTemplates)
      .where(inOrg(letterTemplates, orgId))
      .orderBy(asc(letterTemplates.kind), asc(letterTemplates.language), asc(letterTemplates.id));
    return rows.map(templateView);
  }

  private async templateRow(orgId: number, id: number, db: Db = this.db): Promise<TemplateRow> {
    const [row] = await db
      .select()
      .from(letterTemplates)
      .where(inOrg(letterTemplates, orgId, eq(letterTemplates.id, id)));
    if (!row) throw notFound('Letter template');
    return row;
  }

  async getTemplate(orgId: number, id: number): Promise<LetterTemplate> {
    return templateView(await this.templateRow(orgId, id));
  }

  async createTemplate(scope: RequestContext, input: LetterTemplateCreate): Promise<LetterTemplate> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(letterTemplates)
        .values({
          orgId: scope.orgId,
          kind: input.kind,
          language: input.language,
          name: input.name,
          body: storedBody(input.body, 'body'),
          isActive: input.isActive ?? true,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'letter_template.created',
        entity: 'letter_template',
        entityId: row!.id,
      });
      return templateView(row!);
    });
  }

  async updateTemplate(
    scope: RequestContext,
    id: number,
    input: LetterTemplateUpdate,
  ): Promise<LetterTemplate> {
    const { version, body, ...fields } = input;
    return this.db.transaction(async (tx) => {
      const row = await updateVersioned(
        tx,
        letterTemplates,
        { orgId: scope.orgId, id, expected: version },
        {
          ...fields,
          ...(body !== undefined ? { body: storedBody(body, 'body') } : {}),
          updatedBy: scope.userId,
        },
        async () =>
          new AppError(
            'stale_version',
            'Someone else changed this letter template; the current one is attached. Review it and save again.',
            undefined,
            { data: templateView(await this.templateRow(scope.orgId, id, tx)) },
          ),
      );
      await recordAudit(tx, scope, {
        action: 'letter_template.updated',
        entity: 'letter_template',
        entityId: id,
      });
      return templateView(row);
    });
  }

  /** Letters made from it keep their text (their template link is cleared by the database). */
  async removeTemplate(scope: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(letterTemplates)
        .where(inOrg(letterTemplates, scope.orgId, eq(letterTemplates.id, id)))
        .returning({ id: letterTemplates.id });
      if (!row) throw notFound('Letter template');
      await recordAudit(tx, scope, {
        action: 'letter_template.deleted',
        entity: 'letter_template',
        entityId: id,
      });
    });
  }

  // -------------------------------------------------------------------------------------------------------------
  // Letters
  // -------------------------------------------------------------------------------------------------------------

  /**
   * The merge values of a visit, in the letter's language (HTML-escaped later, by fillTemplate), with the
   * patient's sex that resolves the template's `{{masculine|feminine}}` words. `days`: the sick leave's.
   */
  async mergeValues(
    scope: RequestContext,
    organizationName: string,
    language: LetterLanguage,
    patientId: number,
    queueId: number,
    days?: number,
  ): Promise<{ values: MergeValues; isMale: boolean }> {
    const patient = await findLivePatient(this.db, scope.orgId, patientId);
    const [visit] = await this.db
      .select({ ticketDay: queueEntries.ticketDay, date: queueEntries.date })
      .from(queueEntries)
      .where(
        inOrg(queueEntries, scope.orgId, eq(queueEntries.id, queueId), eq(queueEntries.patientId, patientId)),
      );
    if (!visit) throw fieldError('queueId', 'queueId.unknown');
    const today = localDay(this.clock.now(), scope.timeZone);
    // A visit's day is its ticket's; a booking not yet arrived has none, and is of its booked day.
    const visitDay = visit.ticketDay ?? localDay(visit.date, scope.timeZone);
    const age = ageOn(patient.birthDate, today);
    const ar = language === 'ar';
    const records = await this.visitRecords(scope.orgId, queueId);
    const consultations = records.filter((r) => DIAGNOSIS_TYPES.includes(r.type));
    const referral = consultations
      .map((r) => (r.data as ConsultationData).referral)
      .findLast((ref) => ref?.to?.trim() || ref?.reason?.trim());
    const acuity = await this.acuity(scope, patientId, queueId, visitDay, language);
    const lowVisionRecord = records.findLast((r) => VISUAL_FUNCTION_TYPES.includes(r.type))?.data as
      LowVisionData | undefined;
    return {
      isMale: patient.isMale,
      values: {
        'patient.name': patient.name,
        'patient.age': age === null ? '' : ltr(String(age)),
        'patient.fileNumber': ltr(String(patient.fileNumber)),
        'patient.sex': patient.isMale ? (ar ? 'ذكر' : 'Male') : ar ? 'أنثى' : 'Female',
        'visit.date': letterDate(visitDay),
        diagnoses: await this.diagnoses(scope.orgId, consultations, language),
        lastRx: await this.lastRx(scope.orgId, patientId),
        'referral.to': referral?.to?.trim() ?? '',
        'referral.reason': referral?.reason?.trim() ?? '',
        'sickLeave.days': days === undefined ? '' : durationWords(days, 'days', language),
        ...acuity,
        colourVision: colourVision(lowVisionRecord, language),
        visualField: lowVisionRecord?.field
          ? WORDS[language].field[lowVisionRecord.field]!
          : WORDS[language].notRecorded,
        'driving.ageWarning': drivingAgeWarning(age, patient.isMale, language),
        'doctor.name': scope.userName ?? '',
        'clinic.name': organizationName,
        today: letterDate(today),
      },
    };
  }

  /** The visit's live records a letter reads (diagnoses, visual function), in the order they were written. */
  private async visitRecords(orgId: number, queueId: number): Promise<VisitRecord[]> {
    return this.db
      .select({ type: examRecords.type, data: examRecords.data, derived: examRecords.derived })
      .from(examRecords)
      .where(
        inOrg(
          examRecords,
          orgId,
          eq(examRecords.queueId, queueId),
          inArray(examRecords.type, [...DIAGNOSIS_TYPES, ...VISUAL_FUNCTION_TYPES]),
          isNull(examRecords.deletedAt),
        ),
      )
      .orderBy(asc(examRecords.createdAt), asc(examRecords.id));
  }

  /**
   * The fitness-to-drive report's acuity, as typed (`6/9`, `0.8`, `CF 1m`), isolated left-to-right: uncorrected
   * (`vision.<eye>.unaided`) and corrected (the prescribed reading's `va`) per eye, from the visit's spectacles
   * record, else the patient's latest one that holds any acuity; `va.date` says which day it was measured.
   * No record type holds an acuity with both eyes open, so "both eyes" says it was not recorded: the doctor who
   * measures it types it into the letter.
   */
  private async acuity(
    scope: RequestContext,
    patientId: number,
    queueId: number,
    visitDay: string,
    language: LetterLanguage,
  ): Promise<
    Pick<MergeValues, 'va.date' | `va.${'uncorrected' | 'corrected'}.${'right' | 'left' | 'both'}`>
  > {
    const rows = await this.db
      .select({
        queueId: examRecords.queueId,
        data: examRecords.data,
        createdAt: examRecords.createdAt,
        ticketDay: queueEntries.ticketDay,
      })
      .from(examRecords)
      .leftJoin(
        queueEntries,
        and(eq(queueEntries.id, examRecords.queueId), eq(queueEntries.orgId, examRecords.orgId)),
      )
      .where(
        inOrg(
          examRecords,
          scope.orgId,
          eq(examRecords.patientId, patientId),
          inArray(examRecords.type, ACUITY_TYPES),
          isNull(examRecords.deletedAt),
        ),
      )
      .orderBy(desc(examRecords.createdAt), desc(examRecords.id))
      .limit(50);
    const read = (data: SpectaclesData) => {
      const corrected = prescribedReading(data.readings);
      return {
        uncorrected: { right: data.vision?.right?.unaided, left: data.vision?.left?.unaided },
        corrected: { right: corrected?.right?.va, left: corrected?.left?.va },
      };
    };
    const holds = (va: ReturnType<typeof read>) =>
      [va.uncorrected.right, va.uncorrected.left, va.corrected.right, va.corrected.left].some((v) => v?.text);
    const readings = rows
      .map((row) => ({ row, va: read(row.data as SpectaclesData) }))
      .filter((r) => holds(r.va));
    const found = readings.find((r) => r.row.queueId === queueId) ?? readings[0];
    const none = WORDS[language].notRecorded;
    const text = (va: Acuity) => (va?.text ? ltr(va.text) : none);
    const day = found
      ? found.row.queueId === queueId
        ? visitDay
        : (found.row.ticketDay ?? localDay(found.row.createdAt, scope.timeZone))
      : null;
    return {
      'va.date': day ? letterDate(day) : none,
      'va.uncorrected.right': text(found?.va.uncorrected.right),
      'va.uncorrected.left': text(found?.va.uncorrected.left),
      'va.uncorrected.both': none,
      'va.corrected.right': text(found?.va.corrected.right),
      'va.corrected.left': text(found?.va.corrected.left),
      'va.corrected.both': none,
    };
  }

  /** The latest final spectacle prescription: `R -2.00 -0.75 × 090 · L -1.50 · Add +2.00`, isolated LTR. */
  private async lastRx(orgId: number, patientId: number): Promise<string> {
    const record = await this.exams.lastFinalRx(orgId, patientId);
    type Eye = Parameters<typeof rxText>[0];
    type Reading = { isFinal?: boolean | null; kind?: string | null; right?: Eye; left?: Eye };
    const reading = prescribedReading(record?.readings as Reading[] | undefined);
    if (!reading) return '';
    const add = reading.right?.add ?? reading.left?.add;
    // Each eye's numbers isolated, and the whole line too: in an Arabic sentence it still reads R … · L … left
    // to right, every sign left of its digits.
    return ltr(
      [
        `R ${ltr(rxText(reading.right))}`,
        `L ${ltr(rxText(reading.left))}`,
        ...(add != null ? [`Add ${ltr(formatDiopters(add))}`] : []),
      ].join(' · '),
    );
  }

  /**
   * The diagnoses of every consultation of the visit, in the order written, each as its code, its title in the
   * letter's language (as the record saved it, else the code list's) and the doctor's own words (`diagnosisWords`),
   * with the eye: `H40.1 Primary open-angle glaucoma · advanced (right eye); …`. A diagnosis two consultations both
   * name is written once.
   */
  private async diagnoses(
    orgId: number,
    consultations: readonly VisitRecord[],
    language: LetterLanguage,
  ): Promise<string> {
    const entries = consultations
      .flatMap((record) => {
        const saved = (record.derived as Partial<ConsultationDerived> | null)?.diagnoses;
        return ((record.data as { diagnoses?: DiagnosisEntry[] }).diagnoses ?? []).map((d, i) => ({
          code: d.code?.trim().toUpperCase() ?? '',
          text: d.text?.trim() ?? '',
          eye: d.eye ?? null,
          saved: saved?.[i] ?? null,
        }));
      })
      .filter((d) => d.code || d.text);
    if (entries.length === 0) return '';
    const listed = await diagnosesByCodes(
      this.db,
      orgId,
      entries.flatMap((d) => (d.code && !d.saved ? [d.code] : [])),
    );
    const words = WORDS[language];
    const lines = entries.map((d) => {
      const titles = d.saved ?? (d.code ? listed.get(d.code) : undefined);
      const named = [d.code ? ltr(d.code) : '', diagnosisWords(titles, d.text, language).join(' · ')]
        .filter(Boolean)
        .join(' ');
      const eye = d.eye ? words.eyes[d.eye] : undefined;
      return eye ? `${named} (${eye})` : named;
    });
    return [...new Set(lines)].join(words.listSeparator);
  }

  async createLetter(scope: RequestContext, organizationName: string, input: LetterCreate): Promise<Letter> {
    const [template] = await this.db
      .select()
      .from(letterTemplates)
      .where(inOrg(letterTemplates, scope.orgId, eq(letterTemplates.id, input.templateId)));
    if (!template) throw fieldError('templateId', 'templateId.unknown');
    // An inactive template is withdrawn: the board no longer offers it, and no call makes a letter of it.
    if (!template.isActive) throw fieldError('templateId', 'templateId.inactive');
    // A sick leave is for a number of days the doctor gives: the letter is not made without it.
    if (input.days === undefined && usesMergeField(template.body, 'sickLeave.days'))
      throw fieldError('days', 'days.required');
    const language = template.language as LetterLanguage;
    const { values, isMale } = await this.mergeValues(
      scope,
      organizationName,
      language,
      input.patientId,
      input.queueId,
      input.days,
    );
    // Filled in, a template near the limit can pass it (merge values are escaped): the letter is not made.
    const body = storedBody(fillTemplate(template.body, values, isMale), 'templateId', 'templateId.too_long');
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(letters)
        .values({
          orgId: scope.orgId,
          patientId: input.patientId,
          queueId: input.queueId,
          templateId: template.id,
          kind: template.kind,
          language,
          title: template.name,
          body,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'letter.created',
        entity: 'letter',
        entityId: inserted!.id,
        patientId: input.patientId,
        details: { templateId: template.id, kind: template.kind, language },
      });
      return inserted!;
    });
    return letterView(row, scope.userId !== null ? { id: scope.userId, name: scope.userName ?? '' } : null);
  }

  async updateLetter(scope: RequestContext, id: number, input: LetterUpdate): Promise<Letter> {
    await this.db.transaction(async (tx) => {
      // A deleted patient's letter is not saved (404 `patient.deleted`); an unknown one is 404 before the write.
      await readLetter(tx, scope.orgId, id);
      const row = await updateVersioned(
        tx,
        letters,
        { orgId: scope.orgId, id, expected: input.version },
        { title: input.title, body: storedBody(input.body, 'body'), updatedBy: scope.userId },
        async () => {
          const current = await readLetter(tx, scope.orgId, id);
          return new AppError(
            'stale_version',
            'Someone else changed this letter; the current one is attached. Review it and save again.',
            undefined,
            { data: current },
          );
        },
      );
      await recordAudit(tx, scope, {
        action: 'letter.updated',
        entity: 'letter',
        entityId: id,
        patientId: row.patientId,
      });
    });
    return readLetter(this.db, scope.orgId, id);
  }

  async getLetter(scope: RequestContext, id: number): Promise<Letter> {
    const letter = await readLetter(this.db, scope.orgId, id);
    await recordAudit(this.db, scope, {
      action: 'letter.viewed',
      entity: 'letter',
      entityId: id,
      patientId: letter.patientId,
    });
    return letter;
  }

  /** A patient's letters, newest first, a page at a time (LETTERS_PER_PAGE). */
  async listLetters(
    scope: RequestContext,
    patientId: number,
    page: number,
  ): Promise<{ data: Letter[]; meta: PageMeta }> {
    await findLivePatient(this.db, scope.orgId, patientId);
    const ofPatient = () => inOrg(letters, scope.orgId, eq(letters.patientId, patientId));
    const count = () =>
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(letters)
        .where(ofPatient());
    const rows = await this.db
      .select({ row: letters, userId: users.id, userName: users.name, total: totalColumn(count()) })
      .from(letters)
      .leftJoin(users, and(eq(users.id, letters.createdBy), eq(users.orgId, letters.orgId)))
      .where(ofPatient())
      .orderBy(desc(letters.createdAt), desc(letters.id))
      .limit(LETTERS_PER_PAGE)
      .offset((page - 1) * LETTERS_PER_PAGE);
    await recordAudit(this.db, scope, {
      action: 'letter.listed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return pageWithTotal(rows, page, LETTERS_PER_PAGE, count, (r) =>
      letterView(r.row, r.userId !== null ? { id: r.userId, name: r.userName ?? '' } : null),
    );
  }
}
