import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, okSchema } from '@basira/shared/common/api.schemas';
import { PERMISSIONS, type PermissionName } from '@basira/shared/permissions/permissions';
import {
  permissionListSchema,
  roleListSchema,
  roleResponseSchema,
  roleSaveSchema,
} from '@basira/shared/roles/roles.schemas';
import { contextOf } from '../../plugins/auth.ts';
import type { RolesService } from './roles.service.ts';

/** Reading roles and the catalogue serves both the role screens and the user form. */
const READ_ROLES: PermissionName[] = [
  'add permission',
  'edit permission',
  'show permission',
  'delete permission',
  'add user',
  'edit user',
  'show users',
  'delete user',
];

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  const tags = ['roles'];

  app.get(
    '/api/permission',
    { config: { permission: READ_ROLES }, schema: { tags, response: { 200: permissionListSchema } } },
    async () => ({ data: [...PERMISSIONS] }),
  );

  app.get(
    '/api/role',
    { config: { permission: READ_ROLES }, schema: { tags, response: { 200: roleListSchema } } },
    async (request) => ({ data: await roles.list(request.org.id) }),
  );

  app.post(
    '/api/role',
    {
      config: { audit: { action: 'role.created', entity: 'role' }, permission: 'add permission' },
      schema: { tags, body: roleSaveSchema, response: { 201: roleResponseSchema } },
    },
    async (request, reply) => {
      const data = await roles.create(contextOf(request), request.principal!, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/role/:id',
    {
      config: { permission: READ_ROLES },
      schema: { tags, params: idParamsSchema, response: { 200: roleResponseSchema } },
    },
    async (request) => ({ data: await roles.get(request.org.id, request.params.id) }),
  );

  app.post(
    '/api/role/:id',
    {
      config: { audit: { action: 'role.updated', entity: 'role' }, permission: 'edit permission' },
      schema: { tags, params: idParamsSchema, body: roleSaveSchema, response: { 200: roleResponseSchema } },
    },
    async (request) => ({
      data: await roles.update(contextOf(request), request.principal!, request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/role/:id',
    {
      config: { audit: { action: 'role.deleted', entity: 'role' }, permission: 'delete permission' },
      schema: { tags, params: idParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await roles.delete(contextOf(request), request.principal!, request.params.id);
      return { data: { ok: true as const } };
    },
  );
};
