import { eq } from 'drizzle-orm';
import type { LoginRequest, Me, ProfileUpdate } from '@basira/shared/auth/auth.schemas';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { Organization, RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { duplicateOf, type UsersService } from '../users/users.service.ts';
import type { Principal, SessionService } from '../../lib/sessions.ts';
import { LOGIN_FAILED, LOGIN_SUCCEEDED, type SignInThrottle } from './sign-in-throttle.ts';
import { merged } from '@basira/shared/common/objects';

const invalidCredentials = () =>
  new AppError('auth.invalid_credentials', 'These credentials do not match our records.');

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly usersService: UsersService,
    private readonly clock: Clock,
    private readonly throttle: SignInThrottle,
    private readonly idleMinutes: number,
  ) {}

  /**
   * `permissions` is the union of the user's roles as stored: `Administrator` stands for the whole catalogue
   * (holdsAny in shared applies it), which keeps this hot answer small (see bench/api-throughput).
   */
  me(org: Organization, principal: Principal, profile = principal.profile): Me {
    return merged(profile, {
      permissions: principal.permissions,
      organization: org,
      session: { idleMinutes: this.idleMinutes, expiresAt: principal.expiresAt.toISOString() },
    });
  }

  async login(ctx: RequestContext, org: Organization, input: LoginRequest, userAgent: string | undefined) {
    const subject = input.email.trim().toLowerCase();
    const user = await this.usersService.byIdentifier(org.id, subject);
    await this.throttle.check(org.id, ctx.ip, user, subject);
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
    // The session and its audit row land together or not at all.
    const session = await this.db.transaction(async (tx) => {
      const created = await this.sessions.create(user, ctx.ip, userAgent, tx);
      await recordAudit(
        tx,
        { ...ctx, userId: user.id },
        { action: LOGIN_SUCCEEDED, entity: 'user', entityId: user.id, subject, at: this.clock.now() },
      );
      return created;
    });
    const principal = await this.sessions.resolve(session.token, org.id, true);
    return { token: session.token, user: this.me(org, principal) };
  }

  async logout(ctx: RequestContext, token: string): Promise<void> {
    await this.sessions.revokeToken(ctx.orgId, token, (tx) =>
      recordAudit(tx, ctx, {
        action: 'auth.logout',
        entity: 'user',
        ...(ctx.userId ? { entityId: ctx.userId } : {}),
      }),
    );
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
        await updateVersioned(
          tx,
          users,
          { orgId: org.id, id, expected: undefined },
          {
            name: input.name,
            email: input.email,
            ...(input.username !== undefined ? { username: input.username || null } : {}),
            ...(passwordHash ? { passwordHash, mustChangePassword: false } : {}),
          },
          async () => invalidCredentials(),
        );
        if (passwordHash) await this.sessions.revokeUserSessions(org.id, id, principal.sessionId, tx);
        await recordAudit(tx, ctx, {
          action: 'profile.updated',
          entity: 'user',
          entityId: id,
          details: { passwordChanged: Boolean(passwordHash) },
        });
      });
    } catch (error) {
      throw duplicateOf(error) ?? error;
    }
    await this.sessions.invalidate({ userId: id });
    return this.me(org, principal, await this.usersService.get(org.id, id));
  }
}
