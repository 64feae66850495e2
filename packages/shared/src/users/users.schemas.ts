import { z } from 'zod';
import { idSchema, pageOf, dataOf, versionSchema } from '../common/api.schemas.ts';

/**
 * One username rule for every way a username is set (user form, profile, CLI): letters, digits, `.`, `_` and
 * `-`, so never an `@`; sign-in reads an identifier with `@` as an email, so a username can never pass for one.
 */
export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'username.min')
  .max(60, 'username.max')
  .regex(/^[\p{L}\p{N}._-]+$/u, 'username.invalid');

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  isActive: z.boolean(),
  /** A doctor: listed in the queue's doctor choice (with `open board`), named on prescriptions. */
  isDoctor: z.boolean(),
  mustChangePassword: z.boolean(),
  roles: z.array(roleRefSchema),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userDetailSchema = userSchema.extend({ permissions: z.array(z.string()) });
export type UserDetail = z.infer<typeof userDetailSchema>;

const userFields = {
  name: z.string().trim().min(1, 'name.required').min(3, 'name.min').max(120, 'name.max'),
  email: z.email('email.invalid').max(254),
  username: usernameSchema.nullish(),
  roles: z.array(idSchema).max(100).default([]),
  isActive: z.boolean().default(true),
};

function passwordsMatch(
  v: { password?: string | undefined; password_confirmation?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.password !== undefined && v.password !== v.password_confirmation)
    ctx.addIssue({
      code: 'custom',
      path: ['password_confirmation'],
      message: 'password_confirmation.mismatch',
    });
}

export const userCreateSchema = z
  .object({
    ...userFields,
    isDoctor: z.boolean().default(false),
    password: z.string().min(1, 'password.required').min(8, 'password.min').max(200),
    password_confirmation: z.string().min(1, 'password_confirmation.required').max(200),
  })
  .superRefine(passwordsMatch);
export type UserCreate = z.infer<typeof userCreateSchema>;

/** Update: the password is optional (blank keeps it); `version`, when sent, guards against a stale overwrite. */
export const userUpdateSchema = z
  .object({
    ...userFields,
    /** Left out: unchanged. */
    isDoctor: z.boolean().optional(),
    password: z.string().min(8, 'password.min').max(200).optional(),
    password_confirmation: z.string().max(200).optional(),
    version: versionSchema.optional(),
  })
  .superRefine(passwordsMatch);
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const userResponseSchema = dataOf(userDetailSchema);
export const userPageSchema = pageOf(userSchema);
