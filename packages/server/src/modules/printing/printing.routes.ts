import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import { examSchemas } from '@basira/shared/exams/exam-definition';
import { EXAM_PERMISSIONS, readersOf } from '@basira/shared/exams/exam-types';
import { EXAM_DEFINITIONS, examDefinition } from '@basira/shared/exams/registry';
import {
  printSettingCreateSchema,
  printSettingListSchema,
  printSettingResponseSchema,
  printSettingUpdateSchema,
} from '@basira/shared/print/print-settings.schemas';
import {
  ANY_PRINT,
  examPrintQuerySchema,
  examPrintSchema,
  printLogCreateSchema,
  printLogPageSchema,
  printLogQuerySchema,
  printLogResponseSchema,
  printRequirementOf,
  queuePrintSchema,
} from '@basira/shared/print/printing.schemas';
import { FHIR_CONTENT_TYPE } from '@basira/shared/print/vision-prescription';
import { letterPrintSchema } from '@basira/shared/letters/letters.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { QueueService } from '../queue/queue.service.ts';
import type { PrintSettingsService } from './print-settings.service.ts';
import type { PrintingService } from './printing.service.ts';

const SETTING = 'print setting' as const;
/** A logo of 1 MB is about 1.4 MB as base64; the rest of a setting is small. */
const SETTING_BODY_LIMIT = 2 * 1024 * 1024;

/** Print settings (the spec's calls), the print views' data, the print log and the FHIR export. */
export const printingRoutes: FastifyPluginAsyncZod<{
  settings: PrintSettingsService;
  printing: PrintingService;
  queue: QueueService;
}> = async (app, { settings, printing, queue }) => {
  const tags = ['printing'];

  app.get(
    '/api/mo/printSetting',
    { config: { permission: SETTING }, schema: { tags, response: { 200: printSettingListSchema } } },
    async (request) => ({ data: await settings.list(request.org.id) }),
  );

  app.post(
    '/api/mo/printSetting',
    {
      bodyLimit: SETTING_BODY_LIMIT,
      config: { audit: { action: 'print_setting.created', entity: 'print_setting' }, permission: SETTING },
      schema: { tags, body: printSettingCreateSchema, response: { 201: printSettingResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await settings.create(contextOf(request), request.body) }),
  );

  app.get(
    '/api/mo/printSetting/:id',
    {
      config: { permission: SETTING },
      schema: { tags, params: idParamsSchema, response: { 200: printSettingResponseSchema } },
    },
    async (request) => ({ data: await settings.get(request.org.id, request.params.id) }),
  );

  app.post(
    '/api/mo/printSetting/:id',
    {
      bodyLimit: SETTING_BODY_LIMIT,
      config: { audit: { action: 'print_setting.updated', entity: 'print_setting' }, permission: SETTING },
      schema: {
        tags,
        params: idParamsSchema,
        body: printSettingUpdateSchema,
        response: { 200: printSettingResponseSchema },
      },
    },
    async (request) => ({
      data: await settings.update(contextOf(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/mo/printSetting/delete/:id',
    {
      config: { audit: { action: 'print_setting.deleted', entity: 'print_setting' }, permission: SETTING },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await settings.remove(contextOf(request), request.params.id);
      return { data: { ok: true as const } };
    },
  );

  for (const { type } of EXAM_DEFINITIONS) {
    const definition = examDefinition(type);
    app.get(
      `/api/mo/print/${type}/:id`,
      {
        config: {
          audit: { action: 'print.viewed', entity: type },
          permission: printRequirementOf(type),
        },
        schema: {
          tags,
          params: idParamsSchema,
          querystring: examPrintQuerySchema,
          response: { 200: examPrintSchema(examSchemas(definition).record) },
        },
      },
      async (request) => ({
        data: await printing.examPrint(
          contextOf(request),
          request.org.name,
          definition,
          request.params.id,
          request.query.printId,
        ),
      }),
    );
  }

  app.get(
    '/api/mo/print/letter/:id',
    {
      config: {
        audit: { action: 'print.viewed', entity: 'letter' },
        permission: printRequirementOf('letter'),
      },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: examPrintQuerySchema,
        response: { 200: letterPrintSchema },
      },
    },
    async (request) => ({
      data: await printing.letterPrint(
        contextOf(request),
        request.org.name,
        request.params.id,
        request.query.printId,
      ),
    }),
  );

  app.get(
    '/api/mo/print/queue/:id',
    {
      config: {
        audit: { action: 'queue.ticket_printed', entity: 'queue' },
        permission: printRequirementOf('queue'),
      },
      schema: { tags, params: idParamsSchema, response: { 200: queuePrintSchema } },
    },
    async (request) => {
      const scope = contextOf(request);
      const [frame, ticket] = await Promise.all([
        printing.frame(scope, request.org.name),
        queue.ticket(scope, request.org.name, request.params.id),
      ]);
      return { data: { ...frame, ticket } };
    },
  );

  app.post(
    '/api/mo/print/log',
    {
      config: {
        audit: { action: 'print.logged', entity: 'print_log', patientFrom: 'patientId' },
        permission: ANY_PRINT,
      },
      schema: { tags, body: printLogCreateSchema, response: { 201: printLogResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await printing.log(contextOf(request), request.body, request.principal?.permissions ?? []),
      }),
  );

  app.get(
    '/api/mo/print/log',
    {
      config: {
        audit: { action: 'print.log_viewed', entity: 'patient', patientFrom: 'patientId' },
        permission: ANY_PRINT,
      },
      schema: { tags, querystring: printLogQuerySchema, response: { 200: printLogPageSchema } },
    },
    async (request) =>
      printing.history(contextOf(request), request.query, request.principal?.permissions ?? []),
  );

  app.get(
    '/api/mo/exam/spectacles/:id/fhir',
    {
      config: {
        audit: { action: 'exam.exported', entity: 'spectacles' },
        // An export is a read of the record: its readers (printing it is a read as well: printRequirementOf).
        permission: readersOf(EXAM_PERMISSIONS.spectacles),
      },
      schema: {
        tags,
        params: idParamsSchema,
        response: { 200: z.looseObject({ resourceType: z.literal('VisionPrescription') }) },
      },
    },
    async (request, reply) => {
      const resource = await printing.visionPrescription(contextOf(request), request.params.id);
      return reply
        .type(FHIR_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="vision-prescription-${request.params.id}.json"`)
        .send(resource);
    },
  );
};
