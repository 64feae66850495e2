import { z } from 'zod';
import { usernameSchema, userSchema } from '../users/users.schemas.ts';

/** Header that marks polls and the event stream, which must not keep an idle session alive. */
export const BACKGROUND_HEADER = 'x-background';
/** Header that selects the organization by slug; absent means `default`. */
export const ORGANIZATION_HEADER = 'x-organization';
export const DEFAULT_ORGANIZATION = 'default';
/**
 * The installation's own organization, whose administrators manage what holds every organization of the server (its
 * backups). A clinic hosted beside it manages only its own records (docs/operations.md, "Backups").
 */
export const isInstallationOrganization = (slug: string) => slug === DEFAULT_ORGANIZATION;

export const passwordSchema = z.string().min(8, 'password.min').max(200, 'password.max');

export const loginRequestSchema = z.object({
  /** An email or a username: many clinic staff have no email. */
  email: z.string().trim().min(1, 'email.required').max(254),
  password: z.string().min(1, 'password.required').max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const meSchema = userSchema.extend({
  permissions: z.array(z.string()),
  organization: z.object({ id: z.number(), slug: z.string(), name: z.string(), timeZone: z.string() }),
  session: z.object({ idleMinutes: z.number(), expiresAt: z.string() }),
});
export type Me = z.infer<typeof meSchema>;

export const loginResponseSchema = z.object({ data: z.object({ token: z.string(), user: meSchema }) });
export const meResponseSchema = z.object({ data: meSchema });

export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(3, 'name.min').max(120),
    email: z.email('email.invalid').max(254),
    username: usernameSchema.nullish(),
    currentPassword: z.string().max(200).optional(),
    password: passwordSchema.optional(),
    password_confirmation: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.password === undefined) return;
    if (v.password_confirmation !== v.password)
      ctx.addIssue({
        code: 'custom',
        path: ['password_confirmation'],
        message: 'password_confirmation.mismatch',
      });
    if (!v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'currentPassword.required' });
  });
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
