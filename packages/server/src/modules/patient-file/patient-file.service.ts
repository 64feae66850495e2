import { readableExamTypes } from '@basira/shared/exams/exam-types';
import {
  PATIENT_FILE_OPEN_LIMIT,
  PATIENT_FILE_VISITS_PER_PAGE,
  type PatientFile,
} from '@basira/shared/patients/patient-file.schemas';
import { BOARD_DOCUMENTS_LIMIT } from '@basira/shared/queue/board.schemas';
import type { RequestContext } from '../../types.ts';
import type { ExamsService } from '../exams/exams.service.ts';
import type { DocumentsService } from '../patients/documents.service.ts';
import type { PatientsService } from '../patients/patients.service.ts';
import type { PatientTrendsService } from './patient-trends.service.ts';
import type { QueueListsService } from '../queue/queue-lists.service.ts';

/**
 * The patient's file: everything the clinic holds on one patient, read without a queue entry and without
 * moving any status. Exam sections follow the caller's permissions (a receptionist sees the visits and the
 * documents, a doctor the records too). Reading it is audited like a board read.
 */
export class PatientFileService {
  constructor(
    private readonly patients: PatientsService,
    private readonly lists: QueueListsService,
    private readonly exams: ExamsService,
    private readonly documents: DocumentsService,
    private readonly trends: PatientTrendsService,
  ) {}

  async read(scope: RequestContext, patientId: number, permissions: readonly string[]): Promise<PatientFile> {
    const row = await this.patients.liveRow(scope.orgId, patientId);
    const readable = readableExamTypes(permissions);
    // Independent reads: on PostgreSQL they run side by side on the pool.
    const [openVisits, visits, exams, lastRx, documents, trends] = await Promise.all([
      this.lists.openOfPatient(scope, patientId, PATIENT_FILE_OPEN_LIMIT),
      // The file's audit row is written by its visits' statement.
      this.lists.ofPatient(scope, patientId, 1, {
        perPage: PATIENT_FILE_VISITS_PER_PAGE,
        audit: { action: 'patient.file.viewed', entity: 'patient', entityId: patientId, patientId },
        patientRead: true,
      }),
      this.exams.groups(scope.orgId, patientId, readable),
      readable.includes('spectacles') ? this.exams.lastFinalRx(scope.orgId, patientId) : null,
      this.documents.list(scope.orgId, patientId, BOARD_DOCUMENTS_LIMIT),
      // In the file's answer, so that opening the file is one read in the audit trail (not file, then trends).
      this.trends.series(scope, patientId, permissions),
    ]);
    return {
      patient: this.patients.view(row, scope),
      openVisits,
      visits,
      exams,
      // Validated against the spectacles record schema by the route's response schema.
      lastRx: lastRx as PatientFile['lastRx'],
      documents: documents.data,
      documentsTotal: documents.total,
      trends,
    };
  }

  /** `GET /api/mo/patient/{id}/visits`: a further page of the file's visits, audited as a read. */
  visitsPage(scope: RequestContext, patientId: number, page: number) {
    return this.lists.ofPatient(scope, patientId, page, {
      perPage: PATIENT_FILE_VISITS_PER_PAGE,
      audit: { action: 'patient.visits_viewed', entity: 'patient', entityId: patientId, patientId },
    });
  }
}
