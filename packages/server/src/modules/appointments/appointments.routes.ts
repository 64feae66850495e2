import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@basira/shared/common/api.schemas';
import type { PermissionName } from '@basira/shared/permissions/permissions';
import {
  appointmentPatientParamsSchema,
  appointmentSettingsResponseSchema,
  appointmentSettingsUpdateSchema,
  attendanceQuerySchema,
  attendanceReportResponseSchema,
  bookingCreateSchema,
  bookingDetailResponseSchema,
  bookingMoveSchema,
  bookingResponseSchema,
  bookQuerySchema,
  bookResponseSchema,
  bookSummaryResponseSchema,
  closureCreateSchema,
  closureListResponseSchema,
  closureResponseSchema,
  closuresQuerySchema,
  daySlotsResponseSchema,
  doctorHoursListResponseSchema,
  doctorHoursUpdateSchema,
  doctorIdParamsSchema,
  dueListResponseSchema,
  freeSlotsQuerySchema,
  freeSlotsResponseSchema,
  holidaySuggestionsResponseSchema,
  hoursSavedResponseSchema,
  patientAppointmentsResponseSchema,
  slotsQuerySchema,
} from '@basira/shared/appointments/appointments.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { AppointmentsSetupService } from './appointments-setup.service.ts';
import type { AppointmentsService } from './appointments.service.ts';

const BASE = '/api/appointments';
const SHOW: PermissionName = 'show appointments';
const BOOK: PermissionName = 'book appointments';
const MANAGE: PermissionName = 'manage appointment hours';
/** Reading the book: whoever sees it or books in it. */
const READ: PermissionName[] = [SHOW, BOOK];
/** The settings and the hours: whoever works with the book. */
const ANY: PermissionName[] = [SHOW, BOOK, MANAGE];

export interface AppointmentsRouteServices {
  appointments: AppointmentsService;
  setup: AppointmentsSetupService;
}

/** The appointment book (docs/appointments.md); arrivals, no-shows and cancellations are the queue's moves. */
export const appointmentsRoutes: FastifyPluginAsyncZod<AppointmentsRouteServices> = async (
  app,
  { appointments, setup },
) => {
  const tags = ['appointments'];

  // ----- Settings, hours, closures -----

  app.get(
    `${BASE}/settings`,
    { config: { permission: ANY }, schema: { tags, response: { 200: appointmentSettingsResponseSchema } } },
    async (request) => ({ data: await setup.settings(request.org.id) }),
  );

  app.put(
    `${BASE}/settings`,
    {
      config: {
        audit: { action: 'appointment.settings_updated', entity: 'appointment_settings' },
        permission: MANAGE,
      },
      schema: {
        tags,
        body: appointmentSettingsUpdateSchema,
        response: { 200: appointmentSettingsResponseSchema },
      },
    },
    async (request) => ({ data: await setup.updateSettings(contextOf(request), request.body) }),
  );

  app.get(
    `${BASE}/hours`,
    { config: { permission: ANY }, schema: { tags, response: { 200: doctorHoursListResponseSchema } } },
    async (request) => ({ data: await setup.hours(request.org.id) }),
  );

  app.put(
    `${BASE}/hours/:doctorId`,
    {
      config: { audit: { action: 'appointment.hours_updated', entity: 'doctor_hours' }, permission: MANAGE },
      schema: {
        tags,
        params: doctorIdParamsSchema,
        body: doctorHoursUpdateSchema,
        response: { 200: hoursSavedResponseSchema },
      },
    },
    async (request) => ({
      data: await setup.updateHours(contextOf(request), request.params.doctorId, request.body),
    }),
  );

  app.get(
    `${BASE}/closures`,
    {
      config: { permission: ANY },
      schema: { tags, querystring: closuresQuerySchema, response: { 200: closureListResponseSchema } },
    },
    async (request) => ({ data: await setup.closures(request.org.id, request.query.year) }),
  );

  app.post(
    `${BASE}/closures`,
    {
      config: {
        audit: { action: 'appointment.closure_added', entity: 'clinic_closure' },
        permission: MANAGE,
      },
      schema: { tags, body: closureCreateSchema.strict(), response: { 201: closureResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await setup.addClosure(contextOf(request), request.body) }),
  );

  app.delete(
    `${BASE}/closures/:id`,
    {
      config: {
        audit: { action: 'appointment.closure_removed', entity: 'clinic_closure' },
        permission: MANAGE,
      },
      schema: { tags, params: idParamsSchema },
    },
    async (request, reply) => {
      await setup.removeClosure(contextOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${BASE}/holidays`,
    {
      config: { permission: ANY },
      schema: { tags, querystring: closuresQuerySchema, response: { 200: holidaySuggestionsResponseSchema } },
    },
    async (request) => ({ data: setup.holidays(request.query.year) }),
  );

  // ----- Slots and the book -----

  app.get(
    `${BASE}/slots`,
    {
      config: { permission: READ },
      schema: { tags, querystring: slotsQuerySchema, response: { 200: daySlotsResponseSchema } },
    },
    async (request) => ({ data: await appointments.slots(contextOf(request), request.query) }),
  );

  app.get(
    `${BASE}/free-slots`,
    {
      config: { permission: READ },
      schema: { tags, querystring: freeSlotsQuerySchema, response: { 200: freeSlotsResponseSchema } },
    },
    async (request) => ({ data: await appointments.freeSlots(contextOf(request), request.query) }),
  );

  app.get(
    BASE,
    {
      config: { permission: READ },
      schema: { tags, querystring: bookQuerySchema, response: { 200: bookResponseSchema } },
    },
    async (request) => ({ data: await appointments.book(contextOf(request), request.query) }),
  );

  app.get(
    `${BASE}/summary`,
    {
      config: { permission: READ },
      schema: { tags, querystring: attendanceQuerySchema, response: { 200: bookSummaryResponseSchema } },
    },
    async (request) => ({ data: await appointments.summary(contextOf(request), request.query) }),
  );

  app.get(
    `${BASE}/due`,
    { config: { permission: READ }, schema: { tags, response: { 200: dueListResponseSchema } } },
    async (request) => ({ data: await appointments.due(contextOf(request)) }),
  );

  app.get(
    `${BASE}/reports/attendance`,
    {
      config: { permission: SHOW },
      schema: { tags, querystring: attendanceQuerySchema, response: { 200: attendanceReportResponseSchema } },
    },
    async (request) => ({ data: await appointments.attendance(contextOf(request), request.query) }),
  );

  app.get(
    `${BASE}/patients/:patientId`,
    {
      config: {
        permission: READ,
        audit: {
          action: 'appointment.listed',
          entity: 'patient',
          idParam: 'patientId',
          patientFrom: 'patientId',
        },
      },
      schema: {
        tags,
        params: appointmentPatientParamsSchema,
        response: { 200: patientAppointmentsResponseSchema },
      },
    },
    async (request) => ({ data: await appointments.patient(contextOf(request), request.params.patientId) }),
  );

  // ----- Bookings -----

  app.post(
    BASE,
    {
      config: {
        permission: BOOK,
        audit: { action: 'appointment.booked', entity: 'appointment', patientFrom: 'patientId' },
      },
      schema: { tags, body: bookingCreateSchema, response: { 201: bookingResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await appointments.create(contextOf(request), request.body) }),
  );

  app.get(
    `${BASE}/:id`,
    {
      config: { permission: READ, audit: { action: 'appointment.viewed', entity: 'appointment' } },
      schema: { tags, params: idParamsSchema, response: { 200: bookingDetailResponseSchema } },
    },
    async (request) => ({ data: await appointments.detail(contextOf(request), request.params.id) }),
  );

  app.post(
    `${BASE}/:id/move`,
    {
      config: { permission: BOOK, audit: { action: 'appointment.moved', entity: 'appointment' } },
      schema: {
        tags,
        params: idParamsSchema,
        body: bookingMoveSchema,
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => ({
      data: await appointments.move(contextOf(request), request.params.id, request.body),
    }),
  );
};
