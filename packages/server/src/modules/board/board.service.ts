import { eq } from 'drizzle-orm';
import { readableExamTypes } from '@basira/shared/exams/exam-types';
import { BOARD_DOCUMENTS_LIMIT, BOARD_VISITS_PER_PAGE, type Board } from '@basira/shared/queue/board.schemas';
import type { Db } from '../../db/client.ts';
import { queueEntries } from '../../db/schema.ts';
import type { RequestContext } from '../../types.ts';
import type { ExamsService } from '../exams/exams.service.ts';
import type { DocumentsService } from '../patients/documents.service.ts';
import type { PatientRow } from '../patients/patient-view.ts';
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
    private readonly exams: ExamsService,
  ) {}

  /** `permissions`: the caller's, which decide the record types the board shows (readableExamTypes). */
  async open(
    scope: RequestContext,
    patientId: number,
    queueId: number,
    permissions: readonly string[],
  ): Promise<Board> {
    await this.patients.liveRow(scope.orgId, patientId);
    await this.transitions.moveOnly(scope, queueId, 'open', { patientId });
    // Read again after the move, which refreshes the patient's last visit.
    return this.board(
      scope,
      patientId,
      this.patients.liveRow(scope.orgId, patientId),
      queueId,
      'board.opened',
      permissions,
    );
  }

  async show(
    scope: RequestContext,
    patientId: number,
    queueId: number,
    permissions: readonly string[],
  ): Promise<Board> {
    // Both checks at once; a missing patient is named before a missing visit, as when they ran in turn.
    const [row, [entry]] = await Promise.all([
      this.patients.liveRow(scope.orgId, patientId),
      selectEntries(
        this.db,
        scope.orgId,
        eq(queueEntries.id, queueId),
        eq(queueEntries.patientId, patientId),
      ),
    ]);
    if (!entry) throw notFound('Queue entry');
    return this.board(scope, patientId, Promise.resolve(row), queueId, 'board.viewed', permissions);
  }

  /** `GET /api/mo/board/{patientId}/visits`: further pages of the board's earlier visits, audited as a read. */
  visits(scope: RequestContext, patientId: number, page: number, exceptQueueId?: number) {
    return this.lists.ofPatient(scope, patientId, page, {
      perPage: BOARD_VISITS_PER_PAGE,
      ...(exceptQueueId === undefined ? {} : { exceptId: exceptQueueId }),
      audit: { action: 'board.visits_viewed', entity: 'patient', entityId: patientId, patientId },
    });
  }

  /** `patientRow` is the patient's read, already done or under way beside the board's own. */
  private async board(
    scope: RequestContext,
    patientId: number,
    patientRow: Promise<PatientRow>,
    queueId: number,
    action: string,
    permissions: readonly string[],
  ): Promise<Board> {
    // Independent reads: on PostgreSQL they run side by side on the pool. The board's audit row is written by the
    // earlier visits' statement.
    const [row, visit, earlierVisits, exams, documents] = await Promise.all([
      patientRow,
      this.queue.detail(scope, queueId),
      this.lists.ofPatient(scope, patientId, 1, {
        perPage: BOARD_VISITS_PER_PAGE,
        exceptId: queueId,
        audit: { action, entity: 'queue', entityId: queueId, patientId },
        patientRead: true,
      }),
      this.exams.groups(scope.orgId, patientId, readableExamTypes(permissions)),
      this.documents.list(scope.orgId, patientId, BOARD_DOCUMENTS_LIMIT),
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
}
