import { EXAM_PERMISSIONS, EXAM_TYPES, readersOf, type ExamType } from '@basira/shared/exams/exam-types';
import { ADMINISTRATOR, READ_PATIENTS, type PermissionName } from '@basira/shared/permissions/permissions';
import { READ_PATIENT_FILE } from '@basira/shared/patients/patient-file-access';
import type { PrintKind } from '@basira/shared/print/printing.schemas';

/**
 * The route table of spec section 2: every name and path, verbatim. `permission` is what the route's guard
 * checks beyond the token (any of the list, case-insensitive; spec section 6); `token` is a route that only
 * needs a signed-in user. `screen` says whether this version has the screen; routes without one are
 * registered (so their guard and links work) and render the "not in this version" page, never a fake.
 */
export type RouteAccess = 'public' | 'token' | readonly PermissionName[];

export interface RouteDef {
  readonly path: string;
  readonly access: RouteAccess;
  readonly screen: boolean;
  /**
   * Routes with the same key keep their screen mounted when one moves to the other. An exam's add screen moves
   * to its update address on the first save; remounting there dropped what the doctor typed meanwhile.
   */
  readonly screenKey?: string;
}

const ROLE_SCREENS: readonly PermissionName[] = [
  'show permission',
  'add permission',
  'edit permission',
  'delete permission',
];
/** As the API's reads: patients are read by whoever keeps them or queues them. */
export const PATIENT_SCREENS = READ_PATIENTS;
/** The queue screen adds (`add queue`), updates (`edit queue`) and lists (`show queues`). */
export const QUEUE_SCREENS: readonly PermissionName[] = ['add queue', 'edit queue', 'show queues'];
/** The book is read by whoever shows or books appointments (as the API's reads). */
export const APPOINTMENT_SCREENS: readonly PermissionName[] = ['show appointments', 'book appointments'];
const BOARD: readonly PermissionName[] = ['open board', 'show board'];
const built = (path: string, access: RouteAccess): RouteDef => ({ path, access, screen: true });

/**
 * The spec's exam screens, from the exam registry: `<type>Index` (the spec's index paths: `/prisms`, `/news1`…),
 * `<type>Add` and `<type>Update` at `/<type>/:patientId/:queueId[/:id]`, each behind the type's own permissions.
 * Add is listed before index so that a required parameter wins over an optional one.
 */
export const EXAM_INDEX_PATHS: Record<ExamType, string> = {
  spectacles: '/spectacles',
  prism: '/prisms',
  lasik: '/lasiks',
  followUp: '/followUps',
  biometry: '/biometrys',
  keratoconus: '/news1',
  retina: '/news2',
  lowVision: '/news3',
  // Not in the spec's table (it lists no outer index); named in its style.
  outer: '/outers',
  // Not in the spec (a tenth type); named in its style.
  consultation: '/consultations',
  // Not in the spec (an eleventh type, issue 55); named in its style.
  operation: '/operations',
};

export type ExamRouteName = `${ExamType}${'Index' | 'Add' | 'Update'}`;

function examRoutes(): Record<ExamRouteName, RouteDef> {
  const routes: Partial<Record<ExamRouteName, RouteDef>> = {};
  for (const type of EXAM_TYPES) {
    const permissions = EXAM_PERMISSIONS[type];
    const screenKey = `${type}Form`;
    routes[`${type}Add`] = { ...built(`/${type}/:patientId/:queueId`, permissions.add), screenKey };
    routes[`${type}Update`] = {
      ...built(`/${type}/:patientId/:queueId/:id`, [...permissions.edit, ...permissions.show]),
      screenKey,
    };
    routes[`${type}Index`] = built(`${EXAM_INDEX_PATHS[type]}/:patientId/:search?`, readersOf(permissions));
  }
  return routes as Record<ExamRouteName, RouteDef>;
}
const EXAM_ROUTES = examRoutes();

export type PrintRouteName = `${PrintKind}Print`;

/**
 * Not in the spec (docs/printing.md): a printable sheet per exam record (`/print/spectacles/:id` is the prescription)
 * and the queue ticket (`/print/queue/:id`), outside every layout (no menus), each behind its print permission.
 */
function printRoutes(): Record<PrintRouteName, RouteDef> {
  // printing.schemas' printPermissionsOf, without loading zod in the entry chunk (a test keeps the two equal).
  const kinds: [PrintKind, readonly PermissionName[]][] = [
    ...EXAM_TYPES.map((type): [PrintKind, readonly PermissionName[]] => [type, EXAM_PERMISSIONS[type].print]),
    ['queue', ['print squint']],
    ['letter', ['print consultation']],
  ];
  return Object.fromEntries(
    kinds.map(([kind, access]) => [`${kind}Print`, built(`/print/${kind}/:id`, access)]),
  ) as Record<PrintRouteName, RouteDef>;
}
export const PRINT_ROUTES = {
  ...printRoutes(),
  /**
   * Not in the spec (docs/money.md): a payment's receipt, `?paper=80mm|a5`, for whoever takes or reads payments;
   * its prints are counted by the billing API (a second print says COPY), not the print log.
   */
  receiptPrint: built('/print/receipt/:id', ['show payments', 'take payments']),
};

/** Outside the main layout. */
export const OUTER_ROUTES = {
  login: built('/login', 'public'),
  start: built('/', 'public'),
  config: built('/config', 'public'),
} as const satisfies Record<string, RouteDef>;

/**
 * Inside the main layout (all need the token). The order matters where two paths match the same URL:
 * `/spectacles/:patientId/:queueId` (add) is listed before `/spectacles/:patientId/:search?` (index) so a
 * required parameter wins over an optional one, as in the original router.
 */
export const LAYOUT_ROUTES = {
  dashboard: built('/dashboard', ['dashboard']),
  /** Diagnostics (server version, database, connection) are for administrators only. */
  test: built('/test', [ADMINISTRATOR]),
  unauthorized: built('/unauthorized', 'token'),
  notification: built('/notification', 'token'),
  // The worklist and the board are served to whoever may open or show a board (the top bar adds `dashboard`).
  doctorIndex: built('/doctor', BOARD),
  boardIndex: built('/boards/:patientId/:queueId/:search?', BOARD),
  patientIndex: built('/patients/:search?', PATIENT_SCREENS),
  /** Not in the spec: one patient's file, opened from anywhere the patient appears. */
  patientFile: built('/patient/:patientId', READ_PATIENT_FILE),
  ...EXAM_ROUTES,
  emptyOuterAdd: built('/outer', EXAM_PERMISSIONS.outer.add),
  // Spec: queueAdd and queueUpdate are both /queue; one route answers for both names (QUEUE_UPDATE below).
  queueAdd: built('/queue', QUEUE_SCREENS),
  printSettingUpdate: built('/printSetting', ['print setting']),
  userPortal: built('/user/portal', 'token'),
  Profile: built('/user/profile', 'token'),
  userIndex: built('/user', ['show users']),
  userAdd: built('/user/add', ['add user']),
  userUpdate: built('/user/:id/update', ['edit user']),
  userShow: built('/user/:id/show', ['show users']),
  roleIndex: built('/setting/role', ROLE_SCREENS),
  /** Spec: "role add (also named permissions)". */
  permissions: built('/setting/role/permission', ROLE_SCREENS),
  roleShow: built('/setting/role/:id/show', ROLE_SCREENS),
  roleUpdate: built('/setting/role/:id/update', ROLE_SCREENS),
  /** Not in the spec: the exam forms' pick lists (the spec's categories 1-25), named in its style. */
  optionIndex: built('/setting/options', ['show options', 'edit options']),
  /** Not in the spec (issue 55, docs/outcomes.md): the clinic's IOL lens list and its constants. */
  iolLensIndex: built('/iol-lenses', ['show iol lenses', 'manage iol lenses']),
  /** Not in the spec (docs/messaging.md): the clinic's name, phone and reminder time that Telegram messages use. */
  messagingSettings: built('/setting/messaging', [ADMINISTRATOR]),
  /** Not in the spec: the audit trail, who read or changed what (docs/audit.md). */
  auditIndex: built('/audit', ['show audit']),
  /** Not in the spec: the backups' status and a fresh one to download (docs/operations.md). */
  backup: built('/backup', ['manage backups']),
  /**
   * The notifications' targets (spec section 4; their paths are not shown): the support desk's bugs, every
   * request, and the active ones, each with the notification's id. Any signed-in user: the server shows the
   * desk (`show support`) every request and anyone else their own.
   */
  allBugs: built('/support/bugs/:notificationId?', 'token'),
  allSupport: built('/support/all/:notificationId?', 'token'),
  activeIndex: built('/support/active/:notificationId?', 'token'),
  /** Not in the spec (docs/money.md): the price list, the billing settings, the cashier's shift, the reports. */
  billingPrices: built('/billing/prices', ['manage prices']),
  billingSettings: built('/billing/settings', ['manage prices']),
  billingShift: built('/billing/shift', ['take payments', 'show financial reports']),
  billingReports: built('/billing/reports', ['show financial reports']),
  /**
   * Not in the spec (docs/appointments.md): the appointment book, the bookings due today or overdue, the book's
   * settings (hours, closures, slot lengths, reminders) and the attendance report.
   */
  appointmentsBook: built('/appointments', APPOINTMENT_SCREENS),
  appointmentsDue: built('/appointments/due', APPOINTMENT_SCREENS),
  appointmentsSettings: built('/appointments/settings', ['manage appointment hours']),
  appointmentsReport: built('/appointments/report', ['show appointments']),
  /** Not in the spec (issue 55, docs/outcomes.md): the surgeon's audit and the constants learned from outcomes. */
  outcomesAudit: built('/outcomes', ['show outcomes']),
} as const satisfies Record<string, RouteDef>;

/** The spec's second name for /queue. */
export const QUEUE_UPDATE = 'queueUpdate';

export type LayoutRouteName = keyof typeof LAYOUT_ROUTES;
export type OuterRouteName = keyof typeof OUTER_ROUTES;
export type RouteName = LayoutRouteName | OuterRouteName | PrintRouteName | 'receiptPrint';

export const ROUTES: Record<RouteName, RouteDef> = { ...OUTER_ROUTES, ...LAYOUT_ROUTES, ...PRINT_ROUTES };

/** Builds a concrete path from a route name: `pathTo('roleUpdate', { id: 3 })` → `/setting/role/3/update`. */
export function pathTo(name: RouteName, params: Record<string, string | number | undefined> = {}): string {
  const path = ROUTES[name].path
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const optional = segment.endsWith('?');
      const key = segment.slice(1, optional ? -1 : undefined);
      const value = params[key];
      if (value === undefined || value === '') {
        if (optional) return null;
        throw new Error(`pathTo(${name}): missing parameter ${key}`);
      }
      return encodeURIComponent(String(value));
    })
    .filter((s): s is string => s !== null)
    .join('/');
  return path || '/';
}

export const hasScreen = (name: RouteName): boolean => ROUTES[name].screen;

/** A route parameter that is a record's id (digits only), else null: the page then asks the server nothing. */
export const idParam = (value: string | undefined): number | null =>
  value && /^\d+$/.test(value) ? Number(value) : null;
