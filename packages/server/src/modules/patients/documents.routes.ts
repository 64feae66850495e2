import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import {
  documentUploadFieldsSchema,
  patientDocumentListSchema,
  patientDocumentResponseSchema,
  type PatientDocument,
} from '@basira/shared/patients/patients.schemas';
import { READ_PATIENTS } from '@basira/shared/permissions/permissions';
import { AppError } from '../../lib/errors.ts';
import { contextOf } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

const downloadQuerySchema = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });

/** `filename*` carries the UTF-8 name (Arabic names), `filename` an ASCII fallback for old clients. */
function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The multipart parser throws plain errors for a malformed body or one cut off mid-file: the client's
 * mistake, so a 400 (the stored part is already removed). Its limit errors carry their own status.
 */
function unreadableUpload(error: unknown): never {
  if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number')
    throw error;
  throw new AppError('bad_request', 'The upload could not be read: it is malformed or was cut off.');
}

export const documentsRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  maxBytes: number;
}> = async (app, { documents, maxBytes }) => {
  const tags = ['patient documents'];
  await app.register(multipart, {
    // Room for one part too many, which the route itself refuses with a clear 400.
    limits: { fileSize: maxBytes, files: 2, fields: 1, parts: 2, fieldSize: 1024 },
    throwFileSizeLimit: true,
  });

  app.get(
    '/api/mo/patient/:id/document',
    {
      config: {
        audit: { action: 'patient.documents_viewed', entity: 'patient', patientFrom: 'entity' },
        permission: READ_PATIENTS,
      },
      schema: { tags, params: idParamsSchema, response: { 200: patientDocumentListSchema } },
    },
    async (request) => ({ data: await documents.listForPatient(contextOf(request), request.params.id) }),
  );

  /** multipart/form-data with exactly one part, the file named `file`; category and visit in the query string. */
  app.post(
    '/api/mo/patient/:id/document',
    {
      config: {
        audit: { action: 'patient.document_uploaded', entity: 'patient', patientFrom: 'entity' },
        permission: 'edit patient',
      },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: documentUploadFieldsSchema,
        consumes: ['multipart/form-data'],
        response: { 201: patientDocumentResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Send the document as multipart/form-data.');
      const ctx = contextOf(request);
      let saved: PatientDocument | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file' || saved) {
            if (part.type === 'file') part.file.resume();
            throw new AppError('bad_request', 'Send one file, as the part named "file", and nothing else.');
          }
          saved = await documents
            .upload(ctx, request.params.id, { fileName: part.filename, stream: part.file }, request.query)
            // The file part itself failed: the body was cut off or malformed, not our storage or database.
            .catch((error: unknown) => (part.file.errored ? unreadableUpload(error) : Promise.reject(error)));
        }
      } catch (error) {
        // An extra part after the file: the file is not kept either.
        if (saved) await documents.remove(ctx, saved.id);
        unreadableUpload(error);
      }
      if (!saved)
        throw new AppError('validation', 'The given data was invalid.', { file: ['file.required'] });
      return reply.status(201).send({ data: saved });
    },
  );

  app.get(
    '/api/mo/patient/document/:id',
    {
      config: {
        audit: { action: 'patient.document_downloaded', entity: 'patient_document' },
        permission: READ_PATIENTS,
      },
      schema: { tags, params: idParamsSchema, querystring: downloadQuerySchema },
    },
    async (request, reply) => {
      const { document, stream } = await documents.open(contextOf(request), request.params.id);
      return reply
        .type(document.contentType)
        .header('content-length', String(document.size))
        .header('content-disposition', contentDisposition(request.query.disposition, document.fileName))
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.delete(
    '/api/mo/patient/document/delete/:id',
    {
      config: {
        audit: { action: 'patient.document_deleted', entity: 'patient_document' },
        permission: 'edit patient',
      },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await documents.remove(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
