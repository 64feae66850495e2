import { and, eq, gt, isNull, max, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';

export const LOGIN_FAILED = 'auth.login_failed';
export const LOGIN_SUCCEEDED = 'auth.login';

/** An address the account signed in from this recently is the owner's: the account's lock does not apply to it. */
const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60_000;

export interface LoginThrottle {
  /** Failures per account (or per unknown identifier) before it is throttled. */
  maxFailures: number;
  /** Failures per address, over all accounts, before the address is throttled. */
  maxFailuresPerAddress: number;
  windowMs: number;
}

/**
 * Sign-in failures are counted, from the audit log (so every server process sees the same count), per account
 * whatever identifier named it (email or username), per tried identifier when it names no account, and per
 * address. Past either limit a 429 answers, except to an account at an address it signed in from before: there
 * the owner still signs in with the right password, so neither a stranger guessing at the account nor one trying
 * accounts that do not exist from the clinic's shared address locks the owner out. A success clears the account's
 * count. Past the address's limit every other attempt from it is refused, unknown identifiers and accounts new to
 * the address alike, so the answer never tells which accounts exist. (docs/decisions.md)
 */
export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: LoginThrottle,
  ) {}

  /** Throws 429 when this attempt may not even be checked against the password. */
  async check(
    orgId: number,
    ip: string,
    account: { id: number } | undefined,
    subject: string,
  ): Promise<void> {
    const now = this.clock.now().getTime();
    const since = new Date(now - this.limits.windowMs);
    const byAddress = await this.failures(orgId, since, eq(auditLog.ip, ip));
    const addressOver = byAddress.n >= this.limits.maxFailuresPerAddress;
    // Only an account can have an address of its own: a guess at one that does not exist is refused at once.
    if (addressOver && !account) throw this.throttled([byAddress.oldest], now);

    const mine = account
      ? and(eq(auditLog.entityId, account.id), await this.sinceLastSuccess(orgId, account.id, since))
      : and(eq(auditLog.subject, subject), isNull(auditLog.entityId));
    const byAccount = await this.failures(orgId, since, mine);
    const accountOver = byAccount.n >= this.limits.maxFailures;
    if (!addressOver && !accountOver) return;
    if (account && (await this.knownAddress(orgId, account.id, ip, now))) return;
    throw this.throttled(
      [addressOver ? byAddress.oldest : undefined, accountOver ? byAccount.oldest : undefined],
      now,
    );
  }

  private async failures(orgId: number, since: Date, who: SQL | undefined) {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int`, oldest: min(auditLog.createdAt) })
      .from(auditLog)
      .where(inOrg(auditLog, orgId, eq(auditLog.action, LOGIN_FAILED), gt(auditLog.createdAt, since), who));
    return { n: row?.n ?? 0, oldest: row?.oldest ?? null };
  }

  /** The account's count restarts at its last successful sign-in (audit ids are in order, timestamps may tie). */
  private async sinceLastSuccess(orgId: number, userId: number, since: Date): Promise<SQL | undefined> {
    const [row] = await this.db
      .select({ last: max(auditLog.id) })
      .from(auditLog)
      .where(
        inOrg(
          auditLog,
          orgId,
          eq(auditLog.action, LOGIN_SUCCEEDED),
          eq(auditLog.entityId, userId),
          gt(auditLog.createdAt, since),
        ),
      );
    return row?.last ? gt(auditLog.id, row.last) : undefined;
  }

  private async knownAddress(orgId: number, userId: number, ip: string, now: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        inOrg(
          auditLog,
          orgId,
          eq(auditLog.action, LOGIN_SUCCEEDED),
          eq(auditLog.entityId, userId),
          eq(auditLog.ip, ip),
          gt(auditLog.createdAt, new Date(now - KNOWN_ADDRESS_MS)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The 429, with `Retry-After` until the last of the limits passed lifts (each when its oldest failure ages out). */
  private throttled(oldest: (Date | null | undefined)[], now: number): AppError {
    const lifts = Math.max(
      ...oldest.filter((d) => d !== undefined).map((d) => (d?.getTime() ?? now) + this.limits.windowMs),
    );
    const retryAfter = Math.max(1, Math.ceil((lifts - now) / 1000));
    return new AppError('throttled', 'Too many failed sign-in attempts. Try again later.', undefined, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
