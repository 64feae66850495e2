import type { i18n as I18n, TFunction } from 'i18next';
import { EXAM_AREA_PERMISSIONS } from '@basira/shared/exams/exam-types';
import { isSeededRoleName } from '@basira/shared/permissions/seeded-roles';

/** The clinic's money (docs/money.md): listed together on the role screen. */
const MONEY_AREA = new Set<string>([
  'show payments',
  'take payments',
  'give discounts',
  'refund',
  'manage prices',
  'show financial reports',
]);

/** A permission's name in the chosen language; the stored name itself when no translation exists. */
export function permissionLabel(t: TFunction, name: string): string {
  return t(`permissionNames.${name}`, { defaultValue: name });
}

/** A role's name as shown: one the product created (`Administrator`) in the chosen language, any other as named. */
export function roleLabel(t: TFunction, name: string): string {
  return isSeededRoleName(name) ? t(`roleNames.${name}`) : name;
}

/** Why a permission does more than its name says, where it does (`permissionHints` in the locales). */
export function permissionHint(i18n: I18n, name: string): string | undefined {
  const key = `permissionHints.${name}`;
  // A missing key would otherwise read as the key's words (i18n.ts parseMissingKeyHandler).
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

export const PERMISSION_AREAS = [
  'administration',
  'patients',
  'queue',
  'board',
  'exams',
  'messages',
  'money',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

/** The exam types' and the option lists' permissions, from the exam registry (no list of type words to keep). */
const EXAM_AREA = new Set<string>(EXAM_AREA_PERMISSIONS);

/**
 * The area of the role screen a permission is listed under: an exam type's or the option lists' under exams (as
 * the shared exam permissions name them), the rest by the catalogue's naming pattern.
 */
export function permissionArea(name: string): PermissionArea {
  if (EXAM_AREA.has(name)) return 'exams';
  // The lens list and the outcomes audit are the surgeons' (docs/outcomes.md): beside the operation record's own.
  if (/ (iol lenses|outcomes)$/.test(name)) return 'exams';
  if (MONEY_AREA.has(name)) return 'money';
  if (/ board$/.test(name)) return 'board';
  if (/ (patient|patients)$/.test(name)) return 'patients';
  // The book's permissions sit with the queue's: a booking is the visit (docs/appointments.md).
  if (/ (queue|queues|appointments|appointment hours)$/.test(name)) return 'queue';
  if (name === 'send message' || name === 'show support') return 'messages';
  return 'administration';
}
