/**
 * The permission catalogue: the spec's names (section 6) written out verbatim, plus consistent names for what
 * the spec leaves out. Ids are stable: append new names at the end, never reorder or reuse an id.
 */
const EXAM_PERMISSION_NAMES = [
  ...examPermissions('spectacles', 'show spectacles'),
  ...examPermissions('prism', 'show prisms'),
  ...examPermissions('lasik', 'show lasiks'),
  ...examPermissions('biometry', 'show biometrys'),
  ...examPermissions('squint', 'show squints'),
  ...examPermissions('keratoconus', 'show keratoconus'),
] as const;

function examPermissions<T extends string, S extends string>(type: T, show: S) {
  return [`add ${type}`, `edit ${type}`, `delete ${type}`, `print ${type}`, show] as const;
}

export const PERMISSION_NAMES = [
  'Administrator',
  'dashboard',
  'add user',
  'edit user',
  'delete user',
  'show users',
  ...EXAM_PERMISSION_NAMES,
  'add queue',
  'edit queue',
  'show queues',
  'add patient',
  'edit patient',
  'add permission',
  'edit permission',
  'show permission',
  'delete permission',
  'add outer',
  'edit outer',
  'show outers',
  'delete outer',
  'open board',
  'show board',
  'cancel board',
  'waiting board',
  'rewaiting board',
  'finish board',
  'print setting',
  // Not in the spec, named in its style.
  'show patients',
  'delete patient',
  'delete queue',
  ...examPermissions('follow up', 'show follow ups'),
  ...examPermissions('retina', 'show retinas'),
  ...examPermissions('low vision', 'show low visions'),
  'show options',
  'edit options',
  'send message',
  'show audit',
  'show support',
  'print outer',
  'manage backups',
  ...examPermissions('consultation', 'show consultation'),
  // The clinic's money (docs/money.md).
  'show payments',
  'take payments',
  'give discounts',
  'refund',
  'manage prices',
  'show financial reports',
  // The appointment book (docs/appointments.md).
  'show appointments',
  'book appointments',
  'manage appointment hours',
  // The surgeon's loop (docs/outcomes.md).
  ...examPermissions('operation', 'show operations'),
  'show iol lenses',
  'manage iol lenses',
  'show outcomes',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

export interface Permission {
  id: number;
  name: PermissionName;
}

export const PERMISSIONS: readonly Permission[] = PERMISSION_NAMES.map((name, index) => ({
  id: index + 1,
  name,
}));

export const ADMINISTRATOR: PermissionName = 'Administrator';

/** Who may read patients' records: the patient screens, and reception queueing a patient (search, duplicates). */
export const READ_PATIENTS: readonly PermissionName[] = [
  'show patients',
  'add patient',
  'edit patient',
  'add queue',
];

/** Who may read queue entries: the queue screens, the doctor's board and worklist, and the re-waiting bell. */
export const READ_QUEUE: readonly PermissionName[] = [
  'show queues',
  'edit queue',
  'open board',
  'show board',
  'rewaiting board',
];

const byName = new Map<string, Permission>(PERMISSIONS.map((p) => [p.name, p]));

export function isPermissionName(name: string): name is PermissionName {
  return byName.has(name);
}

export function permissionByName(name: string): Permission | undefined {
  return byName.get(name);
}

/**
 * Several rights at once, each any of its list: printing a record needs the right to print it and the right to
 * read it (otherwise `print prism` alone would read whole prism records through the print route).
 */
export interface AllOf {
  readonly allOf: readonly (readonly PermissionName[])[];
}

/** What a signed-in caller must hold: one permission, any of a list, or all of several such lists. */
export type Requirement = PermissionName | readonly PermissionName[] | AllOf;

/**
 * What a route requires: a requirement, any signed-in user, or no one at all.
 * Every route states one; there is no default.
 */
export type RoutePermission = Requirement | 'authenticated' | 'public';

export function isAllOf(required: RoutePermission): required is AllOf {
  return typeof required === 'object' && 'allOf' in required;
}

/** Every permission a requirement names (to check the names, and to print the route table). */
export function namesOf(required: Requirement): readonly PermissionName[] {
  if (isAllOf(required)) return required.allOf.flat();
  return typeof required === 'string' ? [required] : required;
}

/** Whether `held` meets a requirement: any of a list, or each list of an `allOf`. */
export function holds(held: readonly string[], required: Requirement): boolean {
  return isAllOf(required) ? required.allOf.every((list) => holdsAny(held, list)) : holdsAny(held, required);
}

/** The spec's any-of check, case-insensitive; `Administrator` holds every permission. */
export function holdsAny(
  held: readonly string[],
  required: PermissionName | readonly PermissionName[],
): boolean {
  if (held.length === 0) return false;
  const lower = new Set(held.map((p) => p.toLowerCase()));
  if (lower.has(ADMINISTRATOR.toLowerCase())) return true;
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((p) => lower.has(p.toLowerCase()));
}

/** Expands a held list to what it really grants: `Administrator` grants the whole catalogue. */
export function effectivePermissions(held: readonly string[]): PermissionName[] {
  if (held.includes(ADMINISTRATOR)) return [...PERMISSION_NAMES];
  return PERMISSION_NAMES.filter((p) => held.includes(p));
}
