import { z } from 'zod';
import { dataOf, versionSchema } from '../common/api.schemas.ts';

export const permissionSchema = z.object({ id: z.number().int(), name: z.string() });

export const roleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  usersCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** Requests name permissions by name; answers carry `{id, name}` as spec section 3 shows. */
export const roleSaveSchema = z.object({
  name: z.string().trim().min(1, 'name.required').max(100, 'name.max'),
  permissions: z.array(z.string().max(100)).max(200),
  version: versionSchema.optional(),
});
export type RoleSave = z.infer<typeof roleSaveSchema>;

export const roleResponseSchema = dataOf(roleSchema);
export const roleListSchema = dataOf(z.array(roleSchema));
export const permissionListSchema = dataOf(z.array(permissionSchema));
