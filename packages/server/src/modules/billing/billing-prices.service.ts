import { asc, eq, inArray } from 'drizzle-orm';
import type {
  BillingService,
  BillingSettings,
  DoctorShare,
  DoctorSharesUpdate,
  ServiceCreate,
  ServiceKind,
  ServiceUpdate,
  BillingSettingsUpdate,
} from '@basira/shared/money/billing.schemas';
import { DEFAULT_FREE_RETURN_DAYS } from '@basira/shared/money/billing.schemas';
import type { VisitReason } from '@basira/shared/queue/queue.schemas';
import type { Db } from '../../db/client.ts';
import { billingServices, billingSettings, doctorShares, roles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError, isUniqueViolation, notFound, pgConstraint } from '../../lib/errors.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DOCTOR_PERMISSIONS } from '../queue/queue.service.ts';
import { activeHolders } from '../roles/role-guards.ts';
import { refOf, userNames } from './billing-common.ts';

type ServiceRow = typeof billingServices.$inferSelect;

/** A unique index refused the write: the code is taken, or the reason already has an active price for that doctor. */
function duplicateOf(error: unknown): AppError | null {
  if (!isUniqueViolation(error)) return null;
  return pgConstraint(error) === 'billing_services_reason_uq'
    ? new AppError('duplicate', 'This visit reason already has an active price for this doctor.', {
        visitReason: ['visitReason.taken'],
      })
    : new AppError('duplicate', 'A service with this code already exists.', { code: ['code.taken'] });
}

/** The price list, the billing settings (free-return window, discount limits) and the doctors' shares. */
export class BillingPricesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private async toServices(orgId: number, rows: ServiceRow[], db: Db = this.db): Promise<BillingService[]> {
    const names = await userNames(
      db,
      orgId,
      rows.map((r) => r.doctorId),
    );
    return rows.map((r) => ({
      id: r.id,
      code: r.code,
      nameAr: r.nameAr,
      nameEn: r.nameEn,
      kind: r.kind as ServiceKind,
      visitReason: r.visitReason as VisitReason | null,
      doctor: refOf(names, r.doctorId),
      priceIqd: r.priceIqd,
      priceUsd: r.priceUsd,
      active: r.active,
      version: r.version,
      updatedAt: r.updatedAt.toISOString(),
    }));
  }

  async services(orgId: number): Promise<BillingService[]> {
    const rows = await this.db
      .select()
      .from(billingServices)
      .where(inOrg(billingServices, orgId))
      .orderBy(asc(billingServices.kind), asc(billingServices.code));
    return this.toServices(orgId, rows);
  }

  async service(orgId: number, id: number, db: Db = this.db): Promise<BillingService> {
    const [row] = await db
      .select()
      .from(billingServices)
      .where(inOrg(billingServices, orgId, eq(billingServices.id, id)));
    if (!row) throw notFound('Service');
    return (await this.toServices(orgId, [row], db))[0]!;
  }

  /** A service's doctor is an active doctor of the organization, as a visit's is (queue.service). */
  private async assertDoctor(db: Db, orgId: number, doctorId: number): Promise<void> {
    const [found] = await activeHolders(
      db,
      orgId,
      DOCTOR_PERMISSIONS,
      eq(users.id, doctorId),
      eq(users.isDoctor, true),
    ).limit(1);
    if (!found) throw fieldError('doctorId', 'doctorId.not_doctor');
  }

  async createService(scope: RequestContext, input: ServiceCreate): Promise<BillingService> {
    const now = this.clock.now();
    try {
      return await this.db.transaction(async (tx) => {
        if (input.doctorId !== null) await this.assertDoctor(tx, scope.orgId, input.doctorId);
        const [row] = await tx
          .insert(billingServices)
          .values({
            orgId: scope.orgId,
            code: input.code,
            nameAr: input.nameAr,
            nameEn: input.nameEn,
            kind: input.kind,
            visitReason: input.visitReason,
            doctorId: input.doctorId,
            priceIqd: input.priceIqd,
            priceUsd: input.priceUsd,
            active: input.active,
            createdBy: scope.userId,
            updatedBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        await recordAudit(tx, scope, {
          action: 'billing.service_created',
          entity: 'billing_service',
          entityId: row!.id,
          details: { ...input },
        });
        return (await this.toServices(scope.orgId, [row!], tx))[0]!;
      });
    } catch (error) {
      throw duplicateOf(error) ?? error;
    }
  }

  async updateService(scope: RequestContext, id: number, input: ServiceUpdate): Promise<BillingService> {
    const { version, ...changes } = input;
    try {
      return await this.db.transaction(async (tx) => {
        const before = await this.service(scope.orgId, id, tx);
        if (changes.doctorId !== undefined && changes.doctorId !== null)
          await this.assertDoctor(tx, scope.orgId, changes.doctorId);
        const row = await updateVersioned(
          tx,
          billingServices,
          { orgId: scope.orgId, id, expected: version },
          { ...changes, updatedAt: this.clock.now(), updatedBy: scope.userId },
          async () =>
            new AppError(
              'stale_version',
              'Someone else changed this service; the current one is attached.',
              undefined,
              { data: await this.service(scope.orgId, id, tx) },
            ),
        );
        // The old prices beside the new ones: a price change is what an owner asks about later.
        await recordAudit(tx, scope, {
          action: 'billing.service_updated',
          entity: 'billing_service',
          entityId: id,
          details: {
            before: { priceIqd: before.priceIqd, priceUsd: before.priceUsd, active: before.active },
            changes,
          },
        });
        return (await this.toServices(scope.orgId, [row], tx))[0]!;
      });
    } catch (error) {
      throw duplicateOf(error) ?? error;
    }
  }

  async settings(orgId: number, db: Db = this.db): Promise<BillingSettings> {
    const [row] = await db.select().from(billingSettings).where(inOrg(billingSettings, orgId));
    const roleRows = await db
      .select({ id: roles.id, name: roles.name, percent: roles.discountLimitPercent })
      .from(roles)
      .where(inOrg(roles, orgId))
      .orderBy(asc(roles.name));
    return {
      freeReturnDays: row?.freeReturnDays ?? DEFAULT_FREE_RETURN_DAYS,
      discountLimits: roleRows.map((r) => ({ roleId: r.id, roleName: r.name, percent: r.percent })),
      // No row yet answers version 1: the first save, with that version, makes the row.
      version: row?.version ?? 1,
    };
  }

  async updateSettings(scope: RequestContext, input: BillingSettingsUpdate): Promise<BillingSettings> {
    const now = this.clock.now();
    const stale = async (db: Db) =>
      new AppError(
        'stale_version',
        'Someone else changed the billing settings; the current ones are attached.',
        undefined,
        {
          data: await this.settings(scope.orgId, db),
        },
      );
    try {
      return await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(billingSettings)
          .where(inOrg(billingSettings, scope.orgId))
          .for('update');
        if ((current?.version ?? 1) !== input.version) throw await stale(tx);
        const before = await this.settings(scope.orgId, tx);
        await tx
          .insert(billingSettings)
          .values({
            orgId: scope.orgId,
            freeReturnDays: input.freeReturnDays,
            version: input.version + 1,
            updatedBy: scope.userId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: billingSettings.orgId,
            set: {
              freeReturnDays: input.freeReturnDays,
              version: input.version + 1,
              updatedBy: scope.userId,
              updatedAt: now,
            },
          });
        const known = new Map(before.discountLimits.map((l) => [l.roleId, l.percent]));
        const changed: { roleId: number; from: number; to: number }[] = [];
        for (const limit of input.discountLimits) {
          const from = known.get(limit.roleId);
          if (from === undefined) throw fieldError('discountLimits', 'roleId.not_found');
          if (from === limit.percent) continue;
          // A role is versioned: its limit moves its version as any edit does (a role screen open elsewhere reloads).
          await updateVersioned(
            tx,
            roles,
            { orgId: scope.orgId, id: limit.roleId, expected: undefined },
            { discountLimitPercent: limit.percent, updatedAt: now },
            async () => notFound('Role'),
          );
          changed.push({ roleId: limit.roleId, from, to: limit.percent });
        }
        await recordAudit(tx, scope, {
          action: 'billing.settings_updated',
          entity: 'billing_settings',
          details: {
            freeReturnDays: { from: before.freeReturnDays, to: input.freeReturnDays },
            discountLimits: changed,
          },
        });
        return this.settings(scope.orgId, tx);
      });
    } catch (error) {
      // Two first saves at once: the second finds the row the first made.
      if (isUniqueViolation(error)) throw await stale(this.db);
      throw error;
    }
  }

  async shares(orgId: number, db: Db = this.db): Promise<DoctorShare[]> {
    const rows = await db
      .select({
        doctorId: doctorShares.doctorId,
        doctorName: users.name,
        serviceId: doctorShares.serviceId,
        percent: doctorShares.percent,
      })
      .from(doctorShares)
      .innerJoin(users, eq(users.id, doctorShares.doctorId))
      .where(inOrg(doctorShares, orgId))
      .orderBy(asc(users.name), asc(doctorShares.serviceId));
    return rows.map((r) => ({
      doctor: { id: r.doctorId, name: r.doctorName },
      serviceId: r.serviceId,
      percent: r.percent,
    }));
  }

  async updateShares(scope: RequestContext, input: DoctorSharesUpdate): Promise<DoctorShare[]> {
    const seen = new Set<string>();
    for (const share of input.shares) {
      const key = `${share.doctorId}:${share.serviceId ?? 0}`;
      if (seen.has(key)) throw fieldError('shares', 'shares.duplicate');
      seen.add(key);
    }
    return this.db.transaction(async (tx) => {
      const before = await this.shares(scope.orgId, tx);
      for (const doctorId of new Set(input.shares.map((s) => s.doctorId)))
        await this.assertDoctor(tx, scope.orgId, doctorId);
      const serviceIds = [
        ...new Set(input.shares.flatMap((s) => (s.serviceId === null ? [] : [s.serviceId]))),
      ];
      if (serviceIds.length) {
        const found = await tx
          .select({ id: billingServices.id })
          .from(billingServices)
          .where(inOrg(billingServices, scope.orgId, inArray(billingServices.id, serviceIds)));
        if (found.length !== serviceIds.length) throw fieldError('shares', 'serviceId.not_found');
      }
      await tx.delete(doctorShares).where(inOrg(doctorShares, scope.orgId));
      if (input.shares.length)
        await tx.insert(doctorShares).values(input.shares.map((s) => ({ orgId: scope.orgId, ...s })));
      await recordAudit(tx, scope, {
        action: 'billing.shares_updated',
        entity: 'billing_settings',
        details: {
          before: before.map((s) => ({ doctorId: s.doctor.id, serviceId: s.serviceId, percent: s.percent })),
          after: input.shares,
        },
      });
      return this.shares(scope.orgId, tx);
    });
  }
}
