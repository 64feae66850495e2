import { eq, sql } from 'drizzle-orm';
import {
  BOARD_DOCUMENTS_LIMIT,
  BOARD_EXAMS_PER_TYPE,
  BOARD_VISITS_PER_PAGE,
  type Board,
  type ExamRecordRef,
} from '@basira/shared/queue/board.schemas';
import type { Db } from '../../db/client.ts';
import { examRecords, queueEntries, users } from '../../db/schema.ts';
import type { RequestContext } from '../../types.ts';
import { inOrg } from '../../lib/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { DocumentsService } from '../patients/documents.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { QueueListsService } from '../queue/queue-lists.service.ts';
import type { QueueService } from '../queue/queue.service.ts';
import type { QueueTransitionsService } from '../queue/queue-transitions.service.ts';
import { selectEntries } from '../queue/queue-view.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * The patient board of one visit: opening it moves the entry to WithDoctor (one doctor wins; the others get
 * 409), showing it only reads. Both answer the board's first screen, bounded whatever the patient's history:
 * one page of earlier visits, the latest exam records per type, the latest documents.
 */
export class BoardService {
  constructor(
    private readonly db: Db,
    private readonly patients: PatientsService,
    private readonly queue: QueueService,
    private readonly lists: QueueListsService,
    private readonly transitions: QueueTransitionsService,
    private readonly documents: DocumentsService,
  ) {}

  async open(scope: RequestContext, patientId: number, queueId: number): Promise<Board> {
    await this.patients.liveRow(scope.orgId, patientId);
    await this.transitions.move(scope, queueId, 'open', { patientId });
    return this.board(scope, patientId, queueId, 'board.opened');
  }

  async show(scope: RequestContext, patientId: number, queueId: number): Promise<Board> {
    await this.patients.liveRow(scope.orgId, patientId);
    const [entry] = await selectEntries(
      this.db,
      scope.orgId,
      eq(queueEntries.id, queueId),
      eq(queueEntries.patientId, patientId),
    );
    if (!entry) throw notFound('Queue entry');
    return this.board(scope, patientId, queueId, 'board.viewed');
  }

  visits(scope: RequestContext, patientId: number, page: number, exceptQueueId?: number) {
    return this.lists.ofPatient(scope, patientId, page, BOARD_VISITS_PER_PAGE, exceptQueueId);
  }

  private async board(
    scope: RequestContext,
    patientId: number,
    queueId: number,
    action: string,
  ): Promise<Board> {
    // Independent reads: on PostgreSQL they run side by side on the pool.
    const [row, visit, earlierVisits, exams, documents] = await Promise.all([
      this.patients.liveRow(scope.orgId, patientId),
      this.queue.detail(scope, queueId),
      this.visits(scope, patientId, 1, queueId),
      this.examGroups(scope.orgId, patientId),
      this.documents.list(scope.orgId, patientId, BOARD_DOCUMENTS_LIMIT),
      recordAudit(this.db, scope, { action, entity: 'queue', entityId: queueId, patientId }),
    ]);
    const patient = this.patients.view(row, scope);
    return {
      patient,
      visit,
      earlierVisits,
      exams,
      documents: documents.data,
      documentsTotal: documents.total,
    };
  }

  /** Per exam type: how many, and the latest few (a window query: no type is read in full). */
  private async examGroups(orgId: number, patientId: number): Promise<Board['exams']> {
    const ranked = this.db
      .select({
        id: examRecords.id,
        type: examRecords.type,
        queueId: examRecords.queueId,
        createdAt: examRecords.createdAt,
        updatedAt: examRecords.updatedAt,
        createdBy: examRecords.createdBy,
        rank: sql<number>`row_number() OVER (PARTITION BY ${examRecords.type} ORDER BY ${examRecords.createdAt} DESC, ${examRecords.id} DESC)`.as(
          'rank',
        ),
        total: sql<number>`count(*) OVER (PARTITION BY ${examRecords.type})`.as('total'),
      })
      .from(examRecords)
      .where(inOrg(examRecords, orgId, eq(examRecords.patientId, patientId)))
      .as('ranked');
    const rows = await this.db
      .select({
        id: ranked.id,
        type: ranked.type,
        queueId: ranked.queueId,
        createdAt: ranked.createdAt,
        updatedAt: ranked.updatedAt,
        createdBy: ranked.createdBy,
        total: ranked.total,
        authorName: users.name,
      })
      .from(ranked)
      .leftJoin(users, eq(users.id, ranked.createdBy))
      .where(sql`${ranked.rank} <= ${BOARD_EXAMS_PER_TYPE}`)
      .orderBy(ranked.type, ranked.rank);
    const groups = new Map<string, { type: string; total: number; records: ExamRecordRef[] }>();
    for (const r of rows) {
      let group = groups.get(r.type);
      if (!group) groups.set(r.type, (group = { type: r.type, total: Number(r.total), records: [] }));
      group.records.push({
        id: r.id,
        type: r.type,
        queueId: r.queueId,
        createdAt: new Date(r.createdAt).toISOString(),
        updatedAt: new Date(r.updatedAt).toISOString(),
        createdBy:
          r.createdBy !== null && r.authorName !== null ? { id: r.createdBy, name: r.authorName } : null,
      });
    }
    return [...groups.values()];
  }
}
