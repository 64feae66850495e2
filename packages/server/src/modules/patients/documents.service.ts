import path from 'node:path';
import type { Readable } from 'node:stream';
import { count, desc, eq } from 'drizzle-orm';
import type { PatientDocument } from '@basira/shared/patients/patients.schemas';
import type { Db } from '../../db/client.ts';
import { patientDocuments, queueEntries, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../types.ts';
import { inOrg } from '../../lib/tenant.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { DocumentStorage } from './document-storage.ts';
import { contentTypeOf, type DocumentContentType } from '../../lib/file-signature.ts';
import { findLivePatient } from './patients.service.ts';

export interface Upload {
  fileName: string;
  stream: Readable & { truncated?: boolean };
}

type DocumentRow = typeof patientDocuments.$inferSelect;

const documentColumns = {
  doc: patientDocuments,
  uploaderName: users.name,
};

function toDocument(row: DocumentRow, uploaderName: string | null): PatientDocument {
  return {
    id: row.id,
    patientId: row.patientId,
    queueId: row.queueId,
    category: row.category as PatientDocument['category'],
    fileName: row.fileName,
    contentType: row.contentType as DocumentContentType,
    size: row.sizeBytes,
    uploadedBy:
      row.uploadedBy !== null && uploaderName !== null ? { id: row.uploadedBy, name: uploaderName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Control characters, and the bidirectional controls that make `invoice\u202Egnp.exe` display as `…exe.png`. */
// eslint-disable-next-line no-control-regex -- stripping control characters is the point
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** A display name from what the client sent: no directories, no control or bidi characters, bounded. */
export function cleanFileName(name: string | undefined): string {
  const base = path.posix.basename((name ?? '').replaceAll('\\', '/'));
  const clean = base.replace(UNSAFE_IN_NAMES, '').trim();
  return clean.slice(-200) || 'document';
}

/** Patient documents: checked by content (PDF, PNG, JPEG), size-limited, stored under server-made names. */
export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly storage: DocumentStorage,
    private readonly clock: Clock,
    private readonly maxBytes: number,
  ) {}

  async upload(
    scope: RequestContext,
    patientId: number,
    upload: Upload,
    fields: { category: PatientDocument['category']; queueId?: number | undefined },
  ): Promise<PatientDocument> {
    try {
      await findLivePatient(this.db, scope.orgId, patientId);
      if (fields.queueId !== undefined) await this.assertVisitOf(scope.orgId, patientId, fields.queueId);
    } catch (error) {
      upload.stream.resume(); // read the rest of the upload so the answer is not cut off
      throw error;
    }
    const stored = await this.storage.save(scope.orgId, upload.stream, this.clock.now());
    const contentType = contentTypeOf(stored.head);
    if (upload.stream.truncated || stored.size > this.maxBytes) {
      await this.storage.remove(stored.key);
      throw new AppError(
        'document.too_large',
        `The file is larger than ${Math.floor(this.maxBytes / 1024 / 1024)} MB.`,
      );
    }
    if (!contentType) {
      await this.storage.remove(stored.key);
      throw new AppError('document.unsupported_type', 'Only PDF, PNG and JPEG files are accepted.');
    }
    try {
      const row = await this.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(patientDocuments)
          .values({
            orgId: scope.orgId,
            patientId,
            queueId: fields.queueId ?? null,
            category: fields.category,
            fileName: cleanFileName(upload.fileName),
            storageKey: stored.key,
            contentType,
            sizeBytes: stored.size,
            sha256: stored.sha256,
            uploadedBy: scope.userId,
          })
          .returning();
        await recordAudit(tx, scope, {
          action: 'patient.document_uploaded',
          entity: 'patient_document',
          entityId: inserted!.id,
          patientId,
          details: { fileName: inserted!.fileName, size: stored.size, contentType },
        });
        return inserted!;
      });
      return this.one(scope.orgId, row.id);
    } catch (error) {
      await this.storage.remove(stored.key);
      throw error;
    }
  }

  private async assertVisitOf(orgId: number, patientId: number, queueId: number): Promise<void> {
    const [visit] = await this.db
      .select({ id: queueEntries.id })
      .from(queueEntries)
      .where(inOrg(queueEntries, orgId, eq(queueEntries.id, queueId), eq(queueEntries.patientId, patientId)));
    if (!visit) throw fieldError('queueId', 'queueId.unknown');
  }

  private async one(orgId: number, id: number): Promise<PatientDocument> {
    const [row] = await this.db
      .select(documentColumns)
      .from(patientDocuments)
      .leftJoin(users, eq(users.id, patientDocuments.uploadedBy))
      .where(inOrg(patientDocuments, orgId, eq(patientDocuments.id, id)));
    if (!row) throw notFound('Document');
    return toDocument(row.doc, row.uploaderName);
  }

  /** A patient's documents, newest first (at most `limit`), and how many there are. */
  async list(
    orgId: number,
    patientId: number,
    limit = 500,
    db: Db = this.db,
  ): Promise<{ data: PatientDocument[]; total: number }> {
    const where = inOrg(patientDocuments, orgId, eq(patientDocuments.patientId, patientId));
    const rows = await db
      .select(documentColumns)
      .from(patientDocuments)
      .leftJoin(users, eq(users.id, patientDocuments.uploadedBy))
      .where(where)
      .orderBy(desc(patientDocuments.createdAt), desc(patientDocuments.id))
      .limit(limit);
    const total =
      rows.length < limit
        ? rows.length
        : ((await db.select({ n: count() }).from(patientDocuments).where(where))[0]?.n ?? 0);
    return { data: rows.map((r) => toDocument(r.doc, r.uploaderName)), total };
  }

  async listForPatient(scope: RequestContext, patientId: number): Promise<PatientDocument[]> {
    await findLivePatient(this.db, scope.orgId, patientId);
    const { data } = await this.list(scope.orgId, patientId);
    await recordAudit(this.db, scope, {
      action: 'patient.documents_viewed',
      entity: 'patient',
      entityId: patientId,
      patientId,
    });
    return data;
  }

  /** Opens a document for download; reading a patient's document is audited. */
  async open(scope: RequestContext, id: number): Promise<{ document: PatientDocument; stream: Readable }> {
    const document = await this.one(scope.orgId, id);
    await findLivePatient(this.db, scope.orgId, document.patientId);
    const [row] = await this.db
      .select({ key: patientDocuments.storageKey })
      .from(patientDocuments)
      .where(inOrg(patientDocuments, scope.orgId, eq(patientDocuments.id, id)));
    await recordAudit(this.db, scope, {
      action: 'patient.document_downloaded',
      entity: 'patient_document',
      entityId: id,
      patientId: document.patientId,
    });
    return { document, stream: this.storage.read(row!.key) };
  }

  async remove(scope: RequestContext, id: number): Promise<void> {
    const key = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(patientDocuments)
        .where(inOrg(patientDocuments, scope.orgId, eq(patientDocuments.id, id)))
        .returning();
      if (!row) throw notFound('Document');
      await recordAudit(tx, scope, {
        action: 'patient.document_deleted',
        entity: 'patient_document',
        entityId: id,
        patientId: row.patientId,
        details: { fileName: row.fileName, size: row.sizeBytes, sha256: row.sha256 },
      });
      return row.storageKey;
    });
    // After the commit: a failed delete leaves an orphan file, never a row without its file.
    await this.storage.remove(key).catch(() => {});
  }
}
