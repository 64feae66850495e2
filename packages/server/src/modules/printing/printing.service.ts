import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { ageOn, localDay } from '@basira/shared/dates/calendar';
import type { ExamDefinition } from '@basira/shared/exams/exam-definition';
import { isExamType, type ExamType } from '@basira/shared/exams/exam-types';
import { examDefinition } from '@basira/shared/exams/registry';
import {
  PRINT_LOG_PER_PAGE,
  printableKinds,
  printRequirementOf,
  type PrintFrameData,
  type PrintKind,
  type PrintLogCreate,
  type PrintLogEntry,
  type PrintPatient,
  type PrintRecorder,
} from '@basira/shared/print/printing.schemas';
import { holds } from '@basira/shared/permissions/permissions';
import { toVisionPrescription, type VisionPrescription } from '@basira/shared/print/vision-prescription';
import { spectacles } from '@basira/shared/exams/spectacles';
import type { Letter, LetterPrint } from '@basira/shared/letters/letters.schemas';
import type { Db } from '../../db/client.ts';
import { printLog, queueEntries, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { pageWithTotal, totalColumn } from '../../lib/pages.ts';
import { asIs, runPrepared, type Bind, type Built, statementName } from '../../lib/prepared.ts';
import { isoOf, isoTime, type TimesEitherWay } from '../../lib/iso-time.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';
import { auditedRead, recordAudit } from '../audit/audit.service.ts';
import type { ExamRecord, ExamsService } from '../exams/exams.service.ts';
import { readLetter } from '../letters/letters.service.ts';
import { alertsOf } from '../patients/patient-alerts.ts';
import { findLivePatient } from '../patients/patients.service.ts';
import type { PrintSettingsService } from './print-settings.service.ts';

/**
 * What a print log entry shows: every column but the snapshot (the printed record as it was, for a reprint), which
 * the list never shows; time read as text (`isoTime`). Selecting the whole row made each page of 25 read, send and
 * parse 25 snapshots, which were most of the server's CPU for the page (bench/list-pages).
 */
const listed = {
  id: printLog.id,
  kind: printLog.kind,
  recordId: printLog.recordId,
  version: printLog.version,
  patientId: printLog.patientId,
  paperSize: printLog.paperSize,
  reprintOfId: printLog.reprintOfId,
  summary: printLog.summary,
  printedAt: isoTime(printLog.printedAt),
};
type LogRow = TimesEitherWay<
  Omit<typeof printLog.$inferSelect, 'snapshot' | 'orgId' | 'printedBy'>,
  'printedAt'
>;

/**
 * What the print views need (the record, the patient, the organization's default print setting), the log of
 * every print with the record as printed, and the FHIR export of a spectacle prescription.
 */
export class PrintingService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly exams: ExamsService,
    private readonly settings: PrintSettingsService,
  ) {}

  async frame(scope: RequestContext, organizationName: string): Promise<PrintFrameData> {
    return {
      organization: { name: organizationName, timeZone: scope.timeZone },
      setting: await this.settings.defaultOf(scope.orgId),
    };
  }

  /** The printed record's patient, live: a deleted patient's records do not print (404 `patient.deleted`). */
  private async patient(scope: RequestContext, id: number): Promise<PrintPatient> {
    const row = await findLivePatient(this.db, scope.orgId, id);
    return {
      id: row.id,
      fileNumber: row.fileNumber,
      name: row.name,
      birthDate: row.birthDate,
      birthDateApproximate: row.birthDateApproximate,
      age: ageOn(row.birthDate, localDay(this.clock.now(), scope.timeZone)) ?? 0,
      isMale: row.isMale ? 1 : 0,
      allergies: alertsOf(row.alerts).allergies,
    };
  }

  /**
   * Who signs a printed record: its author as the record names them (a reprint, as printed then), a doctor or not
   * as their account says now. Null when it names nobody or the account is gone: the setting's names sign then.
   */
  private async recorder(
    scope: RequestContext,
    author: { id: number; name: string } | null,
  ): Promise<PrintRecorder | null> {
    if (!author) return null;
    const [row] = await this.db
      .select({ isDoctor: users.isDoctor })
      .from(users)
      .where(inOrg(users, scope.orgId, eq(users.id, author.id)));
    return row ? { id: author.id, name: author.name, isDoctor: row.isDoctor } : null;
  }

  private async logRow(scope: RequestContext, kind: PrintKind, recordId: number, printId: number) {
    const [row] = await this.db
      .select()
      .from(printLog)
      .where(
        inOrg(
          printLog,
          scope.orgId,
          eq(printLog.id, printId),
          eq(printLog.kind, kind),
          eq(printLog.recordId, recordId),
        ),
      );
    if (!row) throw notFound('Print');
    return row;
  }

  /** An exam record with its frame; with `printId`, the record as that print gave it. */
  async examPrint(
    scope: RequestContext,
    organizationName: string,
    definition: ExamDefinition,
    id: number,
    printId?: number,
  ) {
    const current = await this.exams.get(scope, definition, id, 'print.viewed');
    let record = current;
    let reprintOf: { id: number; printedAt: string } | null = null;
    if (printId !== undefined) {
      const earlier = await this.logRow(scope, definition.type as PrintKind, id, printId);
      if (earlier.snapshot) record = earlier.snapshot as ExamRecord;
      reprintOf = { id: earlier.id, printedAt: earlier.printedAt.toISOString() };
    }
    return {
      ...(await this.frame(scope, organizationName)),
      type: definition.type as ExamType,
      record,
      // The record's patient now (a merge may have moved it since the print).
      patient: await this.patient(scope, current.patientId),
      recordedBy: await this.recorder(scope, record.createdBy),
      reprintOf,
    };
  }

  /** A letter with its frame, audited as a print view; with `printId`, the letter as that print gave it. */
  async letterPrint(
    scope: RequestContext,
    organizationName: string,
    id: number,
    printId?: number,
  ): Promise<LetterPrint> {
    const current = await readLetter(this.db, scope.orgId, id);
    await recordAudit(this.db, scope, {
      action: 'print.viewed',
      entity: 'letter',
      entityId: id,
      patientId: current.patientId,
    });
    let letter = current;
    let reprintOf: { id: number; printedAt: string } | null = null;
    if (printId !== undefined) {
      const earlier = await this.logRow(scope, 'letter', id, printId);
      if (earlier.snapshot) letter = earlier.snapshot as Letter;
      reprintOf = { id: earlier.id, printedAt: earlier.printedAt.toISOString() };
    }
    return {
      ...(await this.frame(scope, organizationName)),
      letter,
      patient: await this.patient(scope, current.patientId),
      recordedBy: await this.recorder(scope, letter.createdBy),
      reprintOf,
    };
  }

  /**
   * Logs a print. An exam record is logged with the version on the page: if the record changed since, the paper
   * is not what the log would say, so it answers 409 with the current record. A reprint keeps the earlier
   * print's snapshot.
   */
  async log(scope: RequestContext, input: PrintLogCreate, held: readonly string[]): Promise<PrintLogEntry> {
    // Printing needs the right to print the kind and to read what the paper shows (printRequirementOf).
    if (!holds(held, printRequirementOf(input.type)))
      throw new AppError('permission.not_held', 'You may not print this.');
    const earlier =
      input.printId !== undefined ? await this.logRow(scope, input.type, input.id, input.printId) : undefined;
    let patientId: number;
    let version: number | null = null;
    let snapshot: unknown = null;
    let summary: string;
    if (isExamType(input.type)) {
      const definition = examDefinition(input.type);
      // Not a read of the record to audit: the print's own audit row names it.
      const current = await this.exams.read(scope.orgId, definition, input.id);
      const printed = earlier?.snapshot ? (earlier.snapshot as ExamRecord) : current;
      if (!earlier && input.version !== undefined && input.version !== current.version)
        throw new AppError(
          'stale_version',
          'This record was changed after the page was opened; reload it before printing.',
          undefined,
          { data: current },
        );
      patientId = current.patientId;
      version = printed.version;
      snapshot = printed;
      summary = definition.summary(printed as never, (printed.derived ?? undefined) as never);
    } else if (input.type === 'letter') {
      const current = await readLetter(this.db, scope.orgId, input.id);
      const printed = earlier?.snapshot ? (earlier.snapshot as Letter) : current;
      if (!earlier && input.version !== undefined && input.version !== current.version)
        throw new AppError(
          'stale_version',
          'This letter was changed after the page was opened; reload it before printing.',
          undefined,
          { data: current },
        );
      patientId = current.patientId;
      version = printed.version;
      snapshot = printed;
      summary = printed.title;
    } else {
      const [entry] = await this.db
        .select({ patientId: queueEntries.patientId, ticketNumber: queueEntries.ticketNumber })
        .from(queueEntries)
        .where(inOrg(queueEntries, scope.orgId, eq(queueEntries.id, input.id)));
      if (!entry) throw notFound('Queue entry');
      await findLivePatient(this.db, scope.orgId, entry.patientId);
      patientId = entry.patientId;
      summary = `#${entry.ticketNumber}`;
    }
    // The print's log row and its audit row land together or not at all.
    const row = await this.db.transaction(async (tx) => {
      const [logged] = await tx
        .insert(printLog)
        .values({
          orgId: scope.orgId,
          patientId,
          kind: input.type,
          recordId: input.id,
          version,
          paperSize: input.paperSize,
          reprintOfId: earlier?.id ?? null,
          snapshot,
          summary,
          printedBy: scope.userId,
          printedAt: this.clock.now(),
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'print.logged',
        entity: input.type,
        entityId: input.id,
        patientId,
        details: { printId: logged!.id, version, paperSize: input.paperSize },
      });
      return logged!;
    });
    return this.entry(row, scope.userId !== null ? { id: scope.userId, name: scope.userName ?? '' } : null);
  }

  private entry(row: LogRow, printedBy: { id: number; name: string } | null): PrintLogEntry {
    return {
      id: row.id,
      type: row.kind as PrintKind,
      recordId: row.recordId,
      version: row.version,
      patientId: row.patientId,
      paperSize: row.paperSize as PrintLogEntry['paperSize'],
      reprintOfId: row.reprintOfId,
      printedBy,
      printedAt: isoOf(row.printedAt),
      summary: row.summary,
    };
  }

  /**
   * A live patient's prints, newest first: only of the kinds the caller may print, which are those it may read
   * (a print's summary is the record's content: "H10.0 · ℞ 1", a letter's title).
   */
  async history(
    scope: RequestContext,
    query: { patientId: number; type?: PrintKind | undefined; page: number },
    held: readonly string[],
  ) {
    await findLivePatient(this.db, scope.orgId, query.patientId);
    const allowed = printableKinds(held);
    const kinds = query.type ? allowed.filter((kind) => kind === query.type) : allowed;
    const where = (bind: Bind): Built<SQL | undefined> => {
      const [orgId, patientId] = [bind('orgId', scope.orgId), bind('patientId', query.patientId)];
      const bound = bind('kinds', kinds);
      return () =>
        inOrg(
          printLog,
          orgId,
          eq(printLog.patientId, patientId),
          sql`${printLog.kind} = ANY(${bound}::text[])`,
        );
    };
    const counted = (bind: Bind) => {
      const matching = where(bind);
      return () => this.db.select({ n: count() }).from(printLog).where(matching());
    };
    const rows = await runPrepared(this.db, statementName('print_log_page'), (bind) => {
      const [matching, total] = [where(bind), counted(bind)];
      const audit = auditedRead(this.db, bind, scope, {
        action: 'print.log_viewed',
        entity: 'patient',
        entityId: query.patientId,
        patientId: query.patientId,
      });
      const offset = bind('offset', (query.page - 1) * PRINT_LOG_PER_PAGE);
      return () =>
        this.db
          .with(audit())
          .select({ row: listed, userId: users.id, userName: users.name, total: totalColumn(total()) })
          .from(printLog)
          .leftJoin(users, and(eq(users.id, printLog.printedBy), eq(users.orgId, printLog.orgId)))
          .where(matching())
          .orderBy(desc(printLog.printedAt), desc(printLog.id))
          .limit(PRINT_LOG_PER_PAGE)
          .offset(offset);
    });
    return pageWithTotal(
      rows,
      query.page,
      PRINT_LOG_PER_PAGE,
      () => counted(asIs)(),
      (r) => this.entry(r.row, r.userId !== null ? { id: r.userId, name: r.userName ?? '' } : null),
    );
  }

  /** The spectacle record as a FHIR R4 VisionPrescription. */
  async visionPrescription(scope: RequestContext, id: number): Promise<VisionPrescription> {
    const record = await this.exams.get(scope, spectacles as unknown as ExamDefinition, id, 'exam.exported');
    const patient = await this.patient(scope, record.patientId);
    return toVisionPrescription(record as Parameters<typeof toVisionPrescription>[0], patient);
  }
}
