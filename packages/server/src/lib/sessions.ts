import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { rolePermissions, sessions, userRoles, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { AppError } from './errors.ts';
import { inOrg } from './tenant.ts';
import { hashToken, newToken } from './tokens.ts';
import type { User } from '@basira/shared/users/users.schemas';
import { ADMINISTRATOR } from '@basira/shared/permissions/permissions';
import { withRoles } from './user-view.ts';

export interface SessionUser {
  id: number;
  orgId: number;
  name: string;
  email: string;
  username: string | null;
  isActive: boolean;
  mustChangePassword: boolean;
}

/** The signed-in caller: their user row, the permissions their roles hold, and their session. */
export interface Principal {
  sessionId: number;
  user: SessionUser;
  /** The user as the API shows it (with roles), cached with the session so /api/me needs no query. */
  profile: User;
  permissions: string[];
  expiresAt: Date;
}

interface CachedSession {
  principal: Principal;
  /** The latest moment the session may have been used, in any process (see `touchMs`). */
  lastUsedAt: number;
  lastWrittenAt: number;
  loadedAt: number;
}

/**
 * The administration CLI acts for the organization's administrator, without a user or a session (id 0 names no
 * row): its writes go through the same services, rules and audit as the API's.
 */
export function administrationPrincipal(org: { id: number }): Principal {
  const user = { id: 0, orgId: org.id, name: 'Administration', email: '', username: null };
  return {
    sessionId: 0,
    user: { ...user, isActive: true, mustChangePassword: false },
    profile: {
      ...user,
      isActive: true,
      isDoctor: false,
      mustChangePassword: false,
      roles: [],
      version: 1,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
    },
    permissions: [ADMINISTRATOR],
    expiresAt: new Date(8.64e15),
  };
}

export interface SessionLifetimes {
  idleMs: number;
  absoluteMs: number;
}

export const AUTH_CHANNEL = 'basira_auth';
/** A cached session is re-read after this long even without a notification (a lost LISTEN connection). */
const CACHE_TTL_MS = 30_000;
/** last_seen_at is written at most this often (and at least four times per idle period). */
const TOUCH_WRITE_MS = 60_000;

type Invalidation = { userId: number } | { orgId: number } | { tokenHash: string };

/**
 * Sessions with an in-process cache. Revocation takes effect at once: the acting process drops its entry
 * before answering, and other processes drop theirs on a NOTIFY.
 */
export class SessionService {
  private readonly cache = new Map<string, CachedSession>();
  private unlisten: (() => Promise<void>) | undefined;
  private offReconnect: (() => void) | undefined;
  /**
   * How often a use is written to last_seen_at. A stored value can therefore lag the real last use (in another
   * process, or before a restart) by up to this much, and is read as `last_seen_at + touchMs`: a session in
   * use never expires early, and an abandoned one lives at most this much past its idle time.
   */
  private readonly touchMs: number;

  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly lifetimes: SessionLifetimes,
  ) {
    this.touchMs = Math.min(TOUCH_WRITE_MS, Math.floor(lifetimes.idleMs / 4));
  }

  private get db(): Db {
    return this.database.db;
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(AUTH_CHANNEL, (payload) => {
      try {
        this.dropLocal(JSON.parse(payload) as Invalidation);
      } catch {
        this.cache.clear();
      }
    });
    // A revocation notified while the listening connection was down was missed: forget every cached session.
    this.offReconnect = this.database.onReconnect(() => this.cache.clear());
  }

  async stop(): Promise<void> {
    this.offReconnect?.();
    await this.unlisten?.();
    this.cache.clear();
  }

  async create(
    user: { id: number; orgId: number },
    ip: string,
    userAgent: string | undefined,
    db: Db = this.db,
  ) {
    const { token, hash } = newToken();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + this.lifetimes.absoluteMs);
    const [row] = await db
      .insert(sessions)
      .values({
        orgId: user.orgId,
        userId: user.id,
        tokenHash: hash,
        createdAt: now,
        lastSeenAt: now,
        expiresAt,
        ip,
        userAgent: userAgent?.slice(0, 300) ?? null,
      })
      .returning({ id: sessions.id });
    return { token, sessionId: row!.id, expiresAt };
  }

  /**
   * Resolves a bearer token for an organization, or throws 401. Background calls do not count as activity.
   * `orgId` undefined is a page's request (web/rendered-pages.ts), which names no organization: the session's own.
   */
  async resolve(token: string, orgId: number | undefined, background: boolean): Promise<Principal> {
    const tokenHash = hashToken(token);
    const now = this.clock.now().getTime();
    let entry = this.cache.get(tokenHash);
    // Reloaded after the TTL, and before expiring it for idleness: another process may have seen it used.
    if (!entry || now - entry.loadedAt > CACHE_TTL_MS || this.idle(entry, now))
      entry = await this.load(tokenHash, now, entry);
    const { principal } = entry;
    if (orgId !== undefined && principal.user.orgId !== orgId)
      throw new AppError('auth.wrong_organization', 'This token belongs to another organization.');
    if (now >= principal.expiresAt.getTime() || this.idle(entry, now)) {
      this.cache.delete(tokenHash);
      throw new AppError('auth.session_expired', 'Your session has expired.');
    }
    if (!background) {
      entry.lastUsedAt = Math.max(entry.lastUsedAt, now);
      if (now - entry.lastWrittenAt >= this.touchMs) {
        entry.lastWrittenAt = now;
        await this.db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(inOrg(sessions, principal.user.orgId, eq(sessions.id, principal.sessionId)));
      }
    }
    return principal;
  }

  private idle(entry: CachedSession, now: number): boolean {
    return now - entry.lastUsedAt > this.lifetimes.idleMs;
  }

  private async load(tokenHash: string, now: number, previous?: CachedSession): Promise<CachedSession> {
    this.cache.delete(tokenHash);
    // A token hash is unique across organizations; resolve() compares the organization right after (to answer
    // auth.wrong_organization, which tells the web app to sign in again rather than "expired").
    // eslint-disable-next-line basira/org-scoped-query -- scoped by the unique token hash, org checked by resolve()
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    if (!row || !row.user.isActive) throw new AppError('unauthorized', 'Sign in to continue.');
    const permissions = await this.permissionsOf(row.user.orgId, row.user.id);
    const [profile] = await withRoles(this.db, [row.user]);
    const { id, orgId, name, email, username, isActive, mustChangePassword } = row.user;
    const stored = row.session.lastSeenAt.getTime();
    const entry: CachedSession = {
      principal: {
        sessionId: row.session.id,
        user: { id, orgId, name, email, username, isActive, mustChangePassword },
        profile: profile!,
        permissions,
        expiresAt: row.session.expiresAt,
      },
      // The stored use may lag the real one by up to touchMs; a use seen here is never forgotten by a reload.
      lastUsedAt: Math.max(stored + this.touchMs, previous?.lastUsedAt ?? 0),
      lastWrittenAt: Math.max(stored, previous?.lastWrittenAt ?? 0),
      loadedAt: now,
    };
    this.cache.set(tokenHash, entry);
    return entry;
  }

  async permissionsOf(orgId: number, userId: number, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .selectDistinct({ permission: rolePermissions.permission })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .where(inOrg(userRoles, orgId, eq(userRoles.userId, userId)));
    return rows.map((r) => r.permission).sort();
  }

  /**
   * Revokes one session; `alongside` writes in the same transaction (the caller's audit row). The cached session is
   * dropped everywhere once it has committed.
   */
  async revokeToken(orgId: number, token: string, alongside: (tx: Db) => Promise<void>): Promise<void> {
    const tokenHash = hashToken(token);
    await this.db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: this.clock.now() })
        .where(inOrg(sessions, orgId, eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
      await alongside(tx);
    });
    await this.invalidate({ tokenHash });
  }

  /**
   * Ends every session of a user (disabled, password reset), optionally keeping the caller's own.
   * Inside a transaction, call `invalidate({ userId })` after it commits, so no process re-caches the old row.
   */
  async revokeUserSessions(
    orgId: number,
    userId: number,
    exceptSessionId?: number,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(
        inOrg(
          sessions,
          orgId,
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          exceptSessionId === undefined ? undefined : ne(sessions.id, exceptSessionId),
        ),
      );
  }

  /** Drops cached principals (roles or a user changed) here and in every other server process. */
  async invalidate(what: Invalidation): Promise<void> {
    this.dropLocal(what);
    await this.database.notify(AUTH_CHANNEL, JSON.stringify(what));
  }

  private dropLocal(what: Invalidation): void {
    if ('tokenHash' in what) {
      this.cache.delete(what.tokenHash);
      return;
    }
    for (const [key, entry] of this.cache) {
      const user = entry.principal.user;
      if ('userId' in what ? user.id === what.userId : user.orgId === what.orgId) this.cache.delete(key);
    }
  }
}
