import { desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import {
  LOGO_MAX_BYTES,
  type PrintSetting,
  type PrintSettingUpdate,
  type printSettingCreateSchema,
} from '@basira/shared/print/print-settings.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { printSettings } from '../../db/schema.ts';
import { contentTypeOf } from '../../lib/file-signature.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { sanitizeRichText } from '../../lib/html-sanitizer.ts';
import { inOrg } from '../../lib/tenant.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import type { RequestContext } from '../../types.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Row = typeof printSettings.$inferSelect;
type Create = z.output<typeof printSettingCreateSchema>;

function toSetting(row: Row): PrintSetting {
  return {
    id: row.id,
    name: row.name,
    optometrist: row.optometrist,
    specialist: row.specialist,
    color: row.color,
    header: row.header,
    footer: row.footer,
    logo: row.logo && row.logoType ? `data:${row.logoType};base64,${row.logo.toString('base64')}` : null,
    paperSize: row.paperSize as PrintSetting['paperSize'],
    zeroAs: row.zeroAs as PrintSetting['zeroAs'],
    digits: row.digits as PrintSetting['digits'],
    isDefault: row.isDefault,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A logo's data URL, decoded and told by its first bytes: PNG or JPEG whatever the URL declares, at most 1 MB.
 * null removes the logo.
 */
export function decodeLogo(dataUrl: string | null): { logo: Buffer | null; logoType: string | null } {
  if (dataUrl === null) return { logo: null, logoType: null };
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > LOGO_MAX_BYTES)
    throw fieldError('logo', 'logo.too_large', 'The logo is larger than 1 MB.');
  const type = contentTypeOf(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg')
    throw fieldError('logo', 'logo.unsupported_type', 'The logo must be a PNG or JPEG image.');
  return { logo: bytes, logoType: type };
}

/** Print settings (`print setting`): one default per organization, edited with versions, texts sanitised. */
export class PrintSettingsService {
  constructor(private readonly db: Db) {}

  async list(orgId: number): Promise<PrintSetting[]> {
    const rows = await this.db
      .select()
      .from(printSettings)
      .where(inOrg(printSettings, orgId))
      .orderBy(desc(printSettings.isDefault), desc(printSettings.id));
    return rows.map(toSetting);
  }

  async get(orgId: number, id: number, db: Db = this.db): Promise<PrintSetting> {
    const [row] = await db
      .select()
      .from(printSettings)
      .where(inOrg(printSettings, orgId, eq(printSettings.id, id)));
    if (!row) throw notFound('Print setting');
    return toSetting(row);
  }

  /** What every printout of the organization uses; null when it has no setting. */
  async defaultOf(orgId: number): Promise<PrintSetting | null> {
    const [row] = await this.db
      .select()
      .from(printSettings)
      .where(inOrg(printSettings, orgId, eq(printSettings.isDefault, true)));
    return row ? toSetting(row) : null;
  }

  async create(scope: RequestContext, input: Create): Promise<PrintSetting> {
    const { logo, header, footer, ...fields } = input;
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: printSettings.id })
        .from(printSettings)
        .where(inOrg(printSettings, scope.orgId))
        .limit(1);
      // The organization's first setting is its default: a print always finds one once any exists.
      const isDefault = input.isDefault || !existing;
      if (isDefault) await this.clearDefault(tx, scope.orgId);
      const [row] = await tx
        .insert(printSettings)
        .values({
          orgId: scope.orgId,
          ...fields,
          header: sanitizeRichText(header),
          footer: sanitizeRichText(footer),
          ...decodeLogo(logo),
          isDefault,
          createdBy: scope.userId,
          updatedBy: scope.userId,
        })
        .returning();
      await recordAudit(tx, scope, {
        action: 'print_setting.created',
        entity: 'print_setting',
        entityId: row!.id,
      });
      return toSetting(row!);
    });
  }

  async update(scope: RequestContext, id: number, input: PrintSettingUpdate): Promise<PrintSetting> {
    const { version, logo, header, footer, ...fields } = input;
    return this.db.transaction(async (tx) => {
      const current = await this.get(scope.orgId, id, tx);
      // Unsetting the default would leave prints without one: only setting another as default moves it.
      if (input.isDefault === false && current.isDefault) fields.isDefault = true;
      if (input.isDefault) await this.clearDefault(tx, scope.orgId, id);
      const row = await updateVersioned(
        tx,
        printSettings,
        { orgId: scope.orgId, id, expected: version },
        {
          ...fields,
          ...(header !== undefined ? { header: sanitizeRichText(header) } : {}),
          ...(footer !== undefined ? { footer: sanitizeRichText(footer) } : {}),
          ...(logo !== undefined ? decodeLogo(logo) : {}),
          updatedBy: scope.userId,
        },
        async () =>
          new AppError(
            'stale_version',
            'Someone else changed this print setting; the current one is attached. Review it and save again.',
            undefined,
            { data: await this.get(scope.orgId, id, tx) },
          ),
      );
      await recordAudit(tx, scope, {
        action: 'print_setting.updated',
        entity: 'print_setting',
        entityId: id,
      });
      return toSetting(row);
    });
  }

  /** Deleting the default hands it to the newest remaining setting. */
  async remove(scope: RequestContext, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await tx
        .delete(printSettings)
        .where(inOrg(printSettings, scope.orgId, eq(printSettings.id, id)))
        .returning({ isDefault: printSettings.isDefault });
      if (!row) throw notFound('Print setting');
      if (row.isDefault) {
        const [next] = await tx
          .select({ id: printSettings.id })
          .from(printSettings)
          .where(inOrg(printSettings, scope.orgId))
          .orderBy(desc(printSettings.id))
          .limit(1);
        if (next) await this.setDefaultFlag(tx, scope.orgId, true, eq(printSettings.id, next.id));
      }
      await recordAudit(tx, scope, {
        action: 'print_setting.deleted',
        entity: 'print_setting',
        entityId: id,
      });
    });
  }

  private clearDefault(tx: Db, orgId: number, except?: number): Promise<void> {
    return this.setDefaultFlag(
      tx,
      orgId,
      false,
      eq(printSettings.isDefault, true),
      except !== undefined ? ne(printSettings.id, except) : undefined,
    );
  }

  /** Moving the default bumps the versions it touches, so a form open on either setting sees the change. */
  private async setDefaultFlag(tx: Db, orgId: number, isDefault: boolean, ...where: (SQL | undefined)[]) {
    await tx
      .update(printSettings)
      .set({ isDefault, version: sql`${printSettings.version} + 1`, updatedAt: new Date() })
      .where(inOrg(printSettings, orgId, ...where));
  }
}
