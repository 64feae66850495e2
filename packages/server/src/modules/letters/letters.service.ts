import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { ageOn, localDay } from '@basira/shared/dates/calendar';
import { formatDiopters } from '@basira/shared/clinical/rounding';
import { ltr } from '@basira/shared/clinical/ltr-text';
import { diagnosisWords, type DiagnosisTitles } from '@basira/shared/exams/diagnosis-words';
import { isExamType } from '@basira/shared/exams/exam-types';
import { prescribedReading, rxText } from '@basira/shared/exams/spectacles';
import {
  fillTemplate,
  type Letter,
  type LetterCreate,
  type LetterKind,
  type LetterLanguage,
  type LetterTemplate,
  type LetterTemplateCreate,
  type LetterTemplateUpdate,
  type LetterUpdate,
  type MergeValues,
} from '@basira/shared/letters/letters.schemas';
import type { Db } from '../../db/client.ts';
import { organizationsWithout } from '../../lib/organizations.ts';
import { examRecords, letters, letterTemplates, patients, queueEntries, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html-sanitizer.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { diagnosesByCodes } from '../codes/codes.service.ts';
import type { ExamsService } from '../exams/exams.service.ts';
import { LETTER_SEEDS } from './letter-seeds.ts';

type TemplateRow = typeof letterTemplates.$inferSelect;
type LetterRow = typeof letters.$inferSelect;

// ---------------------------------------------------------------------------------------------------------------
// Seeding
// ---------------------------------------------------------------------------------------------------------------

/** A new organization's templates: its own copy of LETTER_SEEDS. */
export async function seedLetterTemplates(db: Db, orgId: number): Promise<void> {
  await db.insert(letterTemplates).values(LETTER_SEEDS.map((seed) => ({ orgId, ...seed })));
}

/** At start: organizations made before letters existed get the templates once. */
export async function seedMissingLetterTemplates(db: Db): Promise<void> {
  for (const orgId of await organizationsWithout(db, letterTemplates)) await seedLetterTemplates(db, orgId);
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
export async function readLetter(db: Db, orgId: number, id: number): Promise<Letter> {
  const [found] = await db
    .select({ row: letters, userId: users.id, userName: users.name })
    .from(letters)
    .leftJoin(users, and(eq(users.id, letters.createdBy), eq(users.orgId, letters.orgId)))
    .where(inOrg(letters, orgId, eq(letters.id, id)));
  if (!found) throw notFound('Letter');
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

const EYE_WORDS: Record<LetterLanguage, Record<string, string>> = {
  ar: { right: 'العين اليمنى', left: 'العين اليسرى', both: 'العينان' },
  en: { right: 'right eye', left: 'left eye', both: 'both eyes' },
};

interface DiagnosisEntry {
  code?: string | null;
  text?: string | null;
  eye?: string | null;
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
          body: sanitizeRichText(input.body),
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
          ...(body !== undefined ? { body: sanitizeRichText(body) } : {}),
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

  /** The merge values of a visit, in the letter's language (HTML-escaped later, by fillTemplate). */
  async mergeValues(
    scope: RequestContext,
    organizationName: string,
    language: LetterLanguage,
    patientId: number,
    queueId: number,
  ): Promise<MergeValues> {
    const [patient] = await this.db
      .select()
      .from(patients)
      .where(inOrg(patients, scope.orgId, eq(patients.id, patientId), isNull(patients.deletedAt)));
    if (!patient) throw notFound('Patient');
    const [visit] = await this.db
      .select({ ticketDay: queueEntries.ticketDay })
      .from(queueEntries)
      .where(
        inOrg(queueEntries, scope.orgId, eq(queueEntries.id, queueId), eq(queueEntries.patientId, patientId)),
      );
    if (!visit) throw fieldError('queueId', 'queueId.unknown');
    const today = localDay(this.clock.now(), scope.timeZone);
    const age = ageOn(patient.birthDate, today);
    const ar = language === 'ar';
    return {
      'patient.name': patient.name,
      'patient.age': age === null ? '' : ltr(String(age)),
      'patient.fileNumber': ltr(String(patient.fileNumber)),
      'patient.sex': patient.isMale ? (ar ? 'ذكر' : 'Male') : ar ? 'أنثى' : 'Female',
      'visit.date': letterDate(visit.ticketDay),
      diagnoses: await this.diagnoses(scope.orgId, queueId, language),
      lastRx: await this.lastRx(scope.orgId, patientId),
      'doctor.name': scope.userName ?? '',
      'clinic.name': organizationName,
      today: letterDate(today),
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
   * The visit's latest consultation's diagnoses, each as its code's title in the letter's language then the doctor's
   * own words (`diagnosisWords`), with the eye: `H40.1 Primary open-angle glaucoma · advanced (right eye); …`. The
   * titles are those the record kept when saved; a record saved before it kept them has its codes looked up. Empty
   * without the exam type.
   */
  private async diagnoses(orgId: number, queueId: number, language: LetterLanguage): Promise<string> {
    if (!isExamType('consultation')) return '';
    const [record] = await this.db
      .select({ data: examRecords.data, derived: examRecords.derived })
      .from(examRecords)
      .where(
        inOrg(
          examRecords,
          orgId,
          eq(examRecords.queueId, queueId),
          eq(examRecords.type, 'consultation'),
          isNull(examRecords.deletedAt),
        ),
      )
      .orderBy(desc(examRecords.createdAt), desc(examRecords.id))
      .limit(1);
    const kept = (record?.derived as { diagnoses?: (DiagnosisTitles | null)[] } | null | undefined)
      ?.diagnoses;
    const list = ((record?.data as { diagnoses?: DiagnosisEntry[] } | undefined)?.diagnoses ?? [])
      .map((d, i) => ({ ...d, titles: kept ? (kept[i] ?? null) : undefined }))
      .filter((d) => d.code?.trim() || d.text?.trim());
    if (list.length === 0) return '';
    const looked = await diagnosesByCodes(
      this.db,
      orgId,
      list.flatMap((d) => (d.code && d.titles === undefined ? [d.code] : [])),
    );
    return list
      .map((d) => {
        const code = d.code?.trim() ?? '';
        const titles = d.titles === undefined && code ? looked.get(code.toUpperCase()) : d.titles;
        const eye = d.eye ? EYE_WORDS[language][d.eye] : undefined;
        const named = [code ? ltr(code) : '', diagnosisWords(titles, d.text, language).join(' · ')]
          .filter(Boolean)
          .join(' ');
        return eye ? `${named} (${eye})` : named;
      })
      .join(language === 'ar' ? '؛ ' : '; ');
  }

  async createLetter(scope: RequestContext, organizationName: string, input: LetterCreate): Promise<Letter> {
    const [template] = await this.db
      .select()
      .from(letterTemplates)
      .where(inOrg(letterTemplates, scope.orgId, eq(letterTemplates.id, input.templateId)));
    if (!template) throw fieldError('templateId', 'templateId.unknown');
    const language = template.language as LetterLanguage;
    const values = await this.mergeValues(scope, organizationName, language, input.patientId, input.queueId);
    const body = sanitizeRichText(fillTemplate(template.body, values));
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
      const row = await updateVersioned(
        tx,
        letters,
        { orgId: scope.orgId, id, expected: input.version },
        { title: input.title, body: sanitizeRichText(input.body), updatedBy: scope.userId },
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

  /** A patient's letters, newest first. */
  async listLetters(scope: RequestContext, patientId: number): Promise<Letter[]> {
    const rows = await this.db
      .select({ row: letters, userId: users.id, userName: users.name })
      .from(letters)
      .leftJoin(users, and(eq(users.id, letters.createdBy), eq(users.orgId, letters.orgId)))
      .where(inOrg(letters, scope.orgId, eq(letters.patientId, patientId)))
      .orderBy(desc(letters.createdAt), desc(letters.id))
      .limit(200);
    await recordAudit(this.db, scope, {
      action: 'letter.listed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return rows.map((r) =>
      letterView(r.row, r.userId !== null ? { id: r.userId, name: r.userName ?? '' } : null),
    );
  }
}
