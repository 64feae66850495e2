import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { LoginRequest, Me, ProfileUpdate } from '@basira/shared/auth/auth.schemas';
import type { Db } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, isUniqueViolation } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { Organization, RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { UsersService } from '../users/users.service.ts';
import type { Principal, SessionService } from './session.service.ts';

export interface LoginThrottle {
  maxFailures: number;
  windowMs: number;
}

const LOGIN_FAILED = 'auth.login_failed';
const invalidCredentials = () =>
  new AppError('auth.invalid_credentials', 'These credentials do not match our records.');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly usersService: UsersService,
    private readonly clock: Clock,
    private readonly throttle: LoginThrottle,
    private readonly idleMinutes: number,
  ) {}

  /**
   * `permissions` is the union of the user's roles as stored: `Administrator` stands for the whole catalogue
   * (holdsAny in shared applies it), which keeps this hot answer small (see bench/api-throughput).
   */
  me(org: Organization, principal: Principal, profile = principal.profile): Me {
    return {
      ...profile,
      permissions: principal.permissions,
      organization: org,
      session: { idleMinutes: this.idleMinutes, expiresAt: principal.expiresAt.toISOString() },
    };
  }

  /**
   * Failures are counted per organization and lower-cased identifier, whether or not the account exists,
   * from the audit log (so every server process sees the same count).
   */
  private async assertNotThrottled(orgId: number, subject: string): Promise<void> {
    const since = new Date(this.clock.now().getTime() - this.throttle.windowMs);
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${auditLog.createdAt})` })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, orgId),
          eq(auditLog.action, LOGIN_FAILED),
          eq(auditLog.subject, subject),
          gt(auditLog.createdAt, since),
        ),
      );
    if (!row || row.n < this.throttle.maxFailures) return;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : this.clock.now().getTime();
    const retryAfter = Math.max(
      1,
      Math.ceil((oldest + this.throttle.windowMs - this.clock.now().getTime()) / 1000),
    );
    throw new AppError('throttled', 'Too many failed sign-in attempts. Try again later.', undefined, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }

  async login(ctx: RequestContext, org: Organization, input: LoginRequest, userAgent: string | undefined) {
    const subject = input.email.trim().toLowerCase();
    await this.assertNotThrottled(org.id, subject);
    const [user] = await this.db
      .select()
      .from(users)
      .where(
        inOrg(
          users,
          org.id,
          or(sql`lower(${users.email}) = ${subject}`, sql`lower(${users.username}) = ${subject}`),
        ),
      )
      .limit(1);
    // Verify against a dummy hash for unknown users, so timing does not tell which accounts exist.
    const valid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
    if (!user || !valid || !user.isActive) {
      await recordAudit(
        this.db,
        { ...ctx, userId: user?.id ?? null },
        {
          action: LOGIN_FAILED,
          entity: 'user',
          ...(user ? { entityId: user.id } : {}),
          subject,
          details: { reason: !user ? 'unknown' : !valid ? 'password' : 'inactive' },
          at: this.clock.now(),
        },
      );
      throw invalidCredentials();
    }
    const session = await this.sessions.create(user, ctx.ip, userAgent);
    await recordAudit(
      this.db,
      { ...ctx, userId: user.id },
      { action: 'auth.login', entity: 'user', entityId: user.id, subject },
    );
    const principal = await this.sessions.resolve(session.token, org.id, true);
    return { token: session.token, user: this.me(org, principal) };
  }

  async logout(ctx: RequestContext, token: string): Promise<void> {
    await this.sessions.revokeToken(token);
    await recordAudit(this.db, ctx, {
      action: 'auth.logout',
      entity: 'user',
      ...(ctx.userId ? { entityId: ctx.userId } : {}),
    });
  }

  /** Own name, email, username; a password change needs the current password and ends the other sessions. */
  async updateProfile(
    ctx: RequestContext,
    org: Organization,
    principal: Principal,
    input: ProfileUpdate,
  ): Promise<Me> {
    const id = principal.user.id;
    const [current] = await this.db
      .select()
      .from(users)
      .where(inOrg(users, org.id, eq(users.id, id)));
    if (!current) throw invalidCredentials();
    if (input.password !== undefined) {
      if (!(await verifyPassword(input.currentPassword ?? '', current.passwordHash)))
        throw fieldError('currentPassword', 'currentPassword.wrong');
      if (input.password === input.currentPassword) throw fieldError('password', 'password.same_as_current');
    }
    const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined;
    try {
      await this.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            name: input.name,
            email: input.email,
            ...(input.username !== undefined ? { username: input.username || null } : {}),
            ...(passwordHash ? { passwordHash, mustChangePassword: false } : {}),
            version: sql`${users.version} + 1`,
            updatedAt: new Date(),
          })
          .where(inOrg(users, org.id, eq(users.id, id)));
        if (passwordHash) await this.sessions.revokeUserSessions(id, principal.sessionId, tx);
        await recordAudit(tx, ctx, {
          action: 'profile.updated',
          entity: 'user',
          entityId: id,
          details: { passwordChanged: Boolean(passwordHash) },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('duplicate', 'This email or username is already used.', {
          email: ['email.taken'],
        });
      throw error;
    }
    await this.sessions.invalidate({ userId: id });
    return this.me(org, principal, await this.usersService.get(org.id, id));
  }
}
