import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  AUDIT_OUTCOMES,
  AUDIT_PAGE_SIZE,
  AUDIT_READ_ACTIONS,
  type AuditOutcome,
  type AuditPage,
  type AuditQuery,
} from '@basira/shared/audit/audit.schemas';
import { addToDay, startOfDay } from '@basira/shared/dates/calendar';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditLog, patients, users } from '../../db/schema.ts';
import { isoTime } from '../../lib/iso-time.ts';
import { countUpToCap, pageOffset, pageShape, pageWithTotal, totalUpToCap } from '../../lib/pages.ts';
import { asIs, literal, runPrepared, statementName, type Bind, type Built } from '../../lib/prepared.ts';
import { inOrg } from '../../lib/tenant.ts';
import type { RequestContext } from '../../types.ts';

const outcomeOf = (value: string): AuditOutcome =>
  (AUDIT_OUTCOMES as readonly string[]).includes(value) ? (value as AuditOutcome) : 'error';

/** Reading the audit trail (`GET /api/audit`): the caller's organization only, newest first. */
export class AuditQueryService {
  constructor(private readonly db: Db) {}

  async list(scope: RequestContext, query: AuditQuery): Promise<AuditPage> {
    const matching = (bind: Bind) => {
      const [orgId, filters] = [bind('orgId', scope.orgId), this.filters(scope, query, bind)];
      return () =>
        this.db
          .select({ one: sql`1` })
          .from(auditLog)
          .where(inOrg(auditLog, orgId, ...filters()))
          .$dynamic();
    };
    const page = (bind: Bind) => {
      const [orgId, filters, total] = [
        bind('orgId', scope.orgId),
        this.filters(scope, query, bind),
        matching(bind),
      ];
      const offset = pageOffset(bind, query.page, AUDIT_PAGE_SIZE);
      return () => {
        // The page's rows first, then their names: joined before the limit, a filter's rows were each joined to
        // their patient before the sort kept 50, and those joins were most of the page's reads (bench/list-pages).
        const rows = this.db
          .select({
            id: auditLog.id,
            orgId: auditLog.orgId,
            createdAt: auditLog.createdAt,
            userId: auditLog.userId,
            action: auditLog.action,
            entity: auditLog.entity,
            entityId: auditLog.entityId,
            patientId: auditLog.patientId,
            patientCount: sql<number | null>`cardinality(${auditLog.patientIds})`.as('patient_count'),
            subject: auditLog.subject,
            ip: auditLog.ip,
            requestId: auditLog.requestId,
            outcome: auditLog.outcome,
            total: totalUpToCap(total()).as('total'),
          })
          .from(auditLog)
          .where(inOrg(auditLog, orgId, ...filters()))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(literal(AUDIT_PAGE_SIZE))
          .offset(offset)
          .as('page');
        return (
          this.db
            .select({
              id: rows.id,
              at: isoTime(rows.createdAt),
              userId: rows.userId,
              userName: users.name,
              action: rows.action,
              entity: rows.entity,
              entityId: rows.entityId,
              patientId: rows.patientId,
              patientName: patients.name,
              patientCount: rows.patientCount,
              subject: rows.subject,
              ip: rows.ip,
              requestId: rows.requestId,
              outcome: rows.outcome,
              total: rows.total,
            })
            .from(rows)
            // Names only from this organization's rows: an id asked of another organization shows no name.
            .leftJoin(users, and(eq(users.id, rows.userId), eq(users.orgId, rows.orgId)))
            .leftJoin(patients, and(eq(patients.id, rows.patientId), eq(patients.orgId, rows.orgId)))
            .orderBy(desc(rows.createdAt), desc(rows.id))
        );
      };
    };
    // A filter of who or what is planned with its value: how many rows it has decides between its index and the
    // trail walked newest first. On a large trail a generic plan walked the whole trail for a rare action and
    // sorted a much-read patient's rows, many times slower than a plan made with the value
    // (bench/list-pages/plans.ts). The unfiltered trail, the reads and the days are planned once.
    const { userId, patientId, action, entity, outcome } = query;
    const skewed = [userId, patientId, action, entity, outcome].some((value) => value !== undefined);
    const rows = await runPrepared(
      this.db,
      statementName('audit_page', { filters: this.shape(query), ...pageShape(query.page) }),
      page,
      {
        plan: skewed ? 'per-call' : 'once',
      },
    );
    const view = (r: (typeof rows)[number]) => ({
      id: r.id,
      // NOT NULL: drizzle types any computed column of a select with outer joins as nullable.
      at: r.at as string,
      user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      patientId: r.patientId,
      patientName: r.patientName,
      patientCount: r.patientCount,
      // A refusal's subject is its route (audit-hook.ts); a sign-in's is the identifier tried, not shown here.
      route: r.outcome === 'denied' ? r.subject : null,
      ip: r.ip,
      requestId: r.requestId,
      outcome: outcomeOf(r.outcome),
    });
    const count = () => countUpToCap(this.db, matching(asIs)());
    return pageWithTotal(rows, query.page, AUDIT_PAGE_SIZE, count, view, true);
  }

  /** Every user of the organization, deactivated ones too: their rows stay in the trail. */
  async users(orgId: number): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(inOrg(users, orgId))
      .orderBy(asc(users.name), asc(users.id));
  }

  /** Which filters are present, in the order of `filters`: each shape of the page is one prepared statement. */
  private shape(query: AuditQuery): string {
    const { userId, patientId, action, entity, outcome, reads, from, to } = query;
    return [userId, patientId, action, entity, outcome, reads || undefined, from, to]
      .map((v) => (v === undefined ? 0 : 1))
      .join('');
  }

  private filters(scope: RequestContext, query: AuditQuery, bind: Bind): Built<(SQL | undefined)[]> {
    const { timeZone } = scope;
    const equal = <T>(column: PgColumn, name: string, value: T | undefined) => {
      const bound = value === undefined ? undefined : bind(name, value);
      return () => (bound === undefined ? undefined : eq(column, bound));
    };
    const patientId = query.patientId === undefined ? undefined : bind('patientId', query.patientId);
    const conditions = [
      equal(auditLog.userId, 'userId', query.userId),
      // A patient's trail: the rows naming them, and the list pages that showed them. Each side has its
      // index (the patient's btree, the lists' GIN), which PostgreSQL reads as a bitmap OR.
      () =>
        patientId === undefined
          ? undefined
          : or(
              eq(auditLog.patientId, patientId),
              sql`${auditLog.patientIds} @> ARRAY[${patientId}]::bigint[]`,
            ),
      equal(auditLog.action, 'action', query.action),
      equal(auditLog.entity, 'entity', query.entity),
      equal(auditLog.outcome, 'outcome', query.outcome),
    ];
    const from = query.from === undefined ? undefined : bind('from', startOfDay(query.from, timeZone));
    const to = query.to === undefined ? undefined : bind('to', startOfDay(addToDay(query.to, 1), timeZone));
    return () => [
      ...conditions.map((condition) => condition()),
      query.reads ? inArray(auditLog.action, [...AUDIT_READ_ACTIONS]) : undefined,
      from === undefined ? undefined : gte(auditLog.createdAt, from),
      to === undefined ? undefined : lt(auditLog.createdAt, to),
    ];
  }
}
