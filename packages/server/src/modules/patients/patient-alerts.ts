import { and, eq, sql } from 'drizzle-orm';
import type { PatientAllergy } from '@basira/shared/prescribing/prescribing.schemas';
import type { PatientAlerts } from '@basira/shared/patients/patients.schemas';
import {
  substanceLexicon,
  substanceName,
  substancesIn,
  type LexiconEntry,
} from '@basira/shared/prescribing/substances';
import type { z } from 'zod';
import type { patientAlertsSchema } from '@basira/shared/patients/patients.schemas';
import type { Db } from '../../db/client.ts';
import { patients } from '../../db/schema.ts';
import { inOrg } from '../../lib/tenant.ts';

/**
 * A patient's alerts as stored (docs/prescribing.md): allergies as data, each with the substances it was read as
 * (`matched`), systemic conditions, free text. An allergy picked from the formulary is its substance; words are read
 * with the organization's lexicon (the shipped names and the clinic's brands), and stay "not checked" (`matched: []`)
 * when they name nothing the checker knows.
 */

type AlertsInput = z.output<typeof patientAlertsSchema>;

export const NO_ALERTS: PatientAlerts = { allergies: [], conditions: [], other: null };

/** The substances an allergy stands for: the one picked, or those its words name. */
export function matchAllergy(
  allergy: Pick<PatientAllergy, 'substance' | 'text'>,
  lexicon: readonly LexiconEntry[],
): string[] {
  if (allergy.substance) return [allergy.substance];
  return allergy.text ? substancesIn(allergy.text, lexicon) : [];
}

/** The alerts to store, each allergy read. `lexicon` is asked for only when words need reading. */
export async function storedAlerts(
  input: AlertsInput,
  lexicon: () => Promise<readonly LexiconEntry[]>,
): Promise<PatientAlerts> {
  const needsWords = input.allergies.some((a) => a.substance === null && a.text !== null);
  const words = needsWords ? await lexicon() : substanceLexicon();
  return {
    allergies: input.allergies.map((a) => ({
      substance: a.substance,
      text: a.text,
      reaction: a.reaction,
      severity: a.severity,
      matched: matchAllergy(a, words),
    })),
    conditions: input.conditions,
    other: input.other,
  };
}

/** The alerts as first stored: allergies as one text, diabetes and hypertension as flags. */
interface LegacyAlerts {
  allergies?: unknown;
  diabetes?: unknown;
  hypertension?: unknown;
  other?: unknown;
}

const isLegacy = (value: LegacyAlerts): boolean =>
  typeof value.allergies === 'string' || 'diabetes' in value || 'hypertension' in value;

/** Splits the first alerts' allergy text at commas, semicolons and new lines, as the warnings used to. */
const splitAllergies = (text: string): string[] =>
  text
    .split(/[,،;؛\n]+/u)
    .map((part) => part.trim())
    .filter(Boolean);

/** The first alerts in today's shape, each allergy read with `lexicon`. */
export function upgradedAlerts(value: LegacyAlerts, lexicon: readonly LexiconEntry[]): PatientAlerts {
  const conditions: string[] = [];
  if (value.diabetes === true) conditions.push('diabetes');
  if (value.hypertension === true) conditions.push('hypertension');
  return {
    allergies: (typeof value.allergies === 'string' ? splitAllergies(value.allergies) : []).map((text) => ({
      substance: null,
      text,
      reaction: null,
      severity: null,
      matched: matchAllergy({ substance: null, text }, lexicon),
    })),
    conditions,
    other: typeof value.other === 'string' && value.other.trim() !== '' ? value.other : null,
  };
}

/** Stored alerts as answered; a row the start-up upgrade has not reached yet is read in today's shape. */
export function alertsOf(value: unknown): PatientAlerts {
  if (value === null || typeof value !== 'object') return NO_ALERTS;
  const stored = value as LegacyAlerts & Partial<PatientAlerts>;
  if (isLegacy(stored)) return upgradedAlerts(stored, substanceLexicon());
  return {
    allergies: (Array.isArray(stored.allergies) ? stored.allergies : []).map((a) => ({
      ...a,
      name: a.substance
        ? { en: substanceName(a.substance, 'en'), ar: substanceName(a.substance, 'ar') }
        : null,
    })),
    conditions: Array.isArray(stored.conditions) ? stored.conditions : [],
    other: stored.other ?? null,
  };
}

export function hasAlerts(alerts: PatientAlerts): boolean {
  return alerts.allergies.length > 0 || alerts.conditions.length > 0 || Boolean(alerts.other);
}

/**
 * At start: rows still in the first shape are rewritten in today's, their allergy words read with their
 * organization's lexicon. Once done it finds nothing (the query is a filter on a few rows' JSON).
 */
export async function upgradeLegacyAlerts(
  db: Db,
  lexiconOf: (orgId: number) => Promise<readonly LexiconEntry[]>,
): Promise<void> {
  // eslint-disable-next-line basira/org-scoped-query -- every organization's rows, once, at start
  const rows = await db
    .select({ id: patients.id, orgId: patients.orgId, alerts: patients.alerts })
    .from(patients)
    .where(
      sql`jsonb_typeof(${patients.alerts} -> 'allergies') = 'string' OR ${patients.alerts} ? 'diabetes' OR ${patients.alerts} ? 'hypertension'`,
    );
  const lexicons = new Map<number, readonly LexiconEntry[]>();
  for (const row of rows) {
    let lexicon = lexicons.get(row.orgId);
    if (!lexicon) lexicons.set(row.orgId, (lexicon = await lexiconOf(row.orgId)));
    // eslint-disable-next-line no-restricted-syntax -- a change of the stored shape, not an edit: no version bump
    await db
      .update(patients)
      .set({ alerts: upgradedAlerts(row.alerts as LegacyAlerts, lexicon) })
      .where(and(inOrg(patients, row.orgId, eq(patients.id, row.id))));
  }
}
