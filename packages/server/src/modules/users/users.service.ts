import { asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserCreate, UserDetail, UserUpdate } from '@basira/shared/users/users.schemas';
import { effectivePermissions } from '@basira/shared/permissions/permissions';
import type { Db } from '../../db/client.ts';
import { roles, userRoles, users } from '../../db/schema.ts';
import { withRoles } from '../../lib/user-view.ts';
import { AppError, isUniqueViolation, notFound, pgConstraint } from '../../lib/errors.ts';
import { likePattern, pageMeta } from '../../lib/pages.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { Principal, SessionService } from '../../lib/sessions.ts';
import { assertActiveAdministrator, assertCanGrant, permissionsOfRoles } from '../roles/role-guards.ts';

const PER_PAGE = 25;
type UserRow = typeof users.$inferSelect;

/** A unique violation on a user's email or username, as the 409 naming that field. */
export const duplicateOf = (error: unknown): AppError | undefined => {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = pgConstraint(error) ?? '';
  const field = constraint.includes('username') ? 'username' : 'email';
  return new AppError('duplicate', `This ${field} is already used by another user.`, {
    [field]: [`${field}.taken`],
  });
};

export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
  ) {}

  async list(orgId: number, page: number, search?: string) {
    const where: SQL = inOrg(
      users,
      orgId,
      search
        ? or(
            ilike(users.name, likePattern(search)),
            ilike(users.email, likePattern(search)),
            ilike(users.username, likePattern(search)),
          )
        : undefined,
    );
    const [count] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(where);
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.name), asc(users.id))
      .limit(PER_PAGE)
      .offset((page - 1) * PER_PAGE);
    return { data: await withRoles(this.db, rows), meta: pageMeta(page, PER_PAGE, count?.n ?? 0) };
  }

  /**
   * The user a sign-in name names: an email when it holds `@`, else a username (usernames never hold `@`, so the
   * two can never be confused), case-insensitively.
   */
  async byIdentifier(orgId: number, identifier: string, db: Db = this.db): Promise<UserRow | undefined> {
    const name = identifier.trim().toLowerCase();
    const column = name.includes('@') ? users.email : users.username;
    const [row] = await db
      .select()
      .from(users)
      .where(inOrg(users, orgId, sql`lower(${column}) = ${name}`));
    return row;
  }

  private async row(orgId: number, id: number, db: Db = this.db): Promise<UserRow> {
    const [row] = await db
      .select()
      .from(users)
      .where(inOrg(users, orgId, eq(users.id, id)));
    if (!row) throw notFound('User');
    return row;
  }

  async get(orgId: number, id: number, db: Db = this.db): Promise<UserDetail> {
    const [user] = await withRoles(db, [await this.row(orgId, id, db)]);
    const permissions = effectivePermissions(await this.sessions.permissionsOf(orgId, id, db));
    return { ...user!, permissions };
  }

  /** Role ids must be this organization's; the caller must hold every permission they carry. */
  private async checkRoles(
    tx: Db,
    orgId: number,
    actor: Principal,
    roleIds: number[],
    previous: number[] = [],
  ) {
    const unique = [...new Set(roleIds)];
    if (unique.length === 0) return unique;
    const found = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(inOrg(roles, orgId, inArray(roles.id, unique)));
    if (found.length !== unique.length)
      throw new AppError('validation', 'The given data was invalid.', { roles: ['role.unknown'] });
    const added = unique.filter((id) => !previous.includes(id));
    assertCanGrant(actor.permissions, await permissionsOfRoles(tx, orgId, added));
    return unique;
  }

  /** Nobody may change a user who holds more than they do (e.g. reset an administrator's password). */
  private async assertCanManage(tx: Db, actor: Principal, userId: number) {
    if (userId === actor.user.id) return;
    const theirs = await this.sessions.permissionsOf(actor.user.orgId, userId, tx);
    assertCanGrant(actor.permissions, theirs);
  }

  async create(ctx: RequestContext, actor: Principal, input: UserCreate): Promise<UserDetail> {
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.db.transaction(async (tx) => {
        const roleIds = await this.checkRoles(tx, ctx.orgId, actor, input.roles);
        const [row] = await tx
          .insert(users)
          .values({
            orgId: ctx.orgId,
            name: input.name,
            email: input.email,
            username: input.username || null,
            passwordHash,
            isActive: input.isActive,
            isDoctor: input.isDoctor,
            // Set by someone else: the user chooses their own at first sign-in.
            mustChangePassword: true,
          })
          .returning();
        if (roleIds.length)
          await tx
            .insert(userRoles)
            .values(roleIds.map((roleId) => ({ orgId: ctx.orgId, userId: row!.id, roleId })));
        await recordAudit(tx, ctx, { action: 'user.created', entity: 'user', entityId: row!.id });
        return this.get(ctx.orgId, row!.id, tx);
      });
    } catch (error) {
      throw duplicateOf(error) ?? error;
    }
  }

  private async staleError(orgId: number, id: number, db: Db): Promise<AppError> {
    return new AppError('stale_version', 'Someone else changed this user; reload and try again.', undefined, {
      data: await this.get(orgId, id, db),
    });
  }

  async update(ctx: RequestContext, actor: Principal, id: number, input: UserUpdate): Promise<UserDetail> {
    const passwordHash = input.password ? await hashPassword(input.password) : undefined;
    let result: UserDetail;
    try {
      result = await this.db.transaction(async (tx) => {
        await this.row(ctx.orgId, id, tx);
        await this.assertCanManage(tx, actor, id);
        const previous = (
          await tx
            .select({ id: userRoles.roleId })
            .from(userRoles)
            .where(inOrg(userRoles, ctx.orgId, eq(userRoles.userId, id)))
        ).map((r) => r.id);
        const roleIds = await this.checkRoles(tx, ctx.orgId, actor, input.roles, previous);
        if (id === actor.user.id && !input.isActive)
          throw new AppError('user.cannot_delete_self', 'You cannot deactivate your own account.');
        await updateVersioned(
          tx,
          users,
          { orgId: ctx.orgId, id, expected: input.version },
          {
            name: input.name,
            email: input.email,
            username: input.username || null,
            isActive: input.isActive,
            ...(input.isDoctor === undefined ? {} : { isDoctor: input.isDoctor }),
            ...(passwordHash ? { passwordHash, mustChangePassword: id !== actor.user.id } : {}),
          },
          () => this.staleError(ctx.orgId, id, tx),
        );
        await tx.delete(userRoles).where(inOrg(userRoles, ctx.orgId, eq(userRoles.userId, id)));
        if (roleIds.length)
          await tx
            .insert(userRoles)
            .values(roleIds.map((roleId) => ({ orgId: ctx.orgId, userId: id, roleId })));
        if (!input.isActive || passwordHash)
          await this.sessions.revokeUserSessions(
            ctx.orgId,
            id,
            id === actor.user.id ? actor.sessionId : undefined,
            tx,
          );
        await assertActiveAdministrator(tx, ctx.orgId);
        await recordAudit(tx, ctx, {
          action: 'user.updated',
          entity: 'user',
          entityId: id,
          details: { isActive: input.isActive, passwordChanged: Boolean(passwordHash), roles: roleIds },
        });
        return this.get(ctx.orgId, id, tx);
      });
    } catch (error) {
      throw duplicateOf(error) ?? error;
    }
    await this.sessions.invalidate({ userId: id });
    return result;
  }

  /** A password set by an administration command: the account is active again and every session ends. */
  async resetPassword(ctx: RequestContext, id: number, password: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.db.transaction(async (tx) => {
      await updateVersioned(
        tx,
        users,
        { orgId: ctx.orgId, id, expected: undefined },
        { passwordHash, mustChangePassword: true, isActive: true },
        async () => notFound('User'),
      );
      await this.sessions.revokeUserSessions(ctx.orgId, id, undefined, tx);
      await recordAudit(tx, ctx, { action: 'user.password_reset', entity: 'user', entityId: id });
    });
    await this.sessions.invalidate({ userId: id });
  }

  /** Deleting deactivates: the user's records keep their author. */
  async deactivate(ctx: RequestContext, actor: Principal, id: number): Promise<void> {
    if (id === actor.user.id)
      throw new AppError('user.cannot_delete_self', 'You cannot delete your own account.');
    await this.db.transaction(async (tx) => {
      await this.row(ctx.orgId, id, tx);
      await this.assertCanManage(tx, actor, id);
      await updateVersioned(
        tx,
        users,
        { orgId: ctx.orgId, id, expected: undefined },
        { isActive: false },
        async () => notFound('User'),
      );
      await this.sessions.revokeUserSessions(ctx.orgId, id, undefined, tx);
      await assertActiveAdministrator(tx, ctx.orgId);
      await recordAudit(tx, ctx, { action: 'user.deactivated', entity: 'user', entityId: id });
    });
    await this.sessions.invalidate({ userId: id });
  }
}
