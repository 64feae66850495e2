import { isInstallationOrganization } from '@basira/shared/auth/auth.schemas';
import { ADMINISTRATOR, type PermissionName } from '@basira/shared/permissions/permissions';
import {
  APPOINTMENT_SCREENS,
  hasScreen,
  PATIENT_SCREENS,
  QUEUE_SCREENS,
  ROUTES,
  type RouteName,
} from './routes.ts';
import { canAny } from './session-local.ts';

export interface NavItem {
  route: RouteName;
  labelKey: string;
  /** Spec: an item shows when the user holds any of its permissions, or when it is public. */
  access: 'public' | readonly PermissionName[];
  /** Shown in the installation's own organization only: what it opens holds every clinic of the server. */
  installationOnly?: true;
}

const ROLE_PERMISSIONS: readonly PermissionName[] = [
  'show permission',
  'add permission',
  'edit permission',
  'delete permission',
];

/** Top bar (spec section 2): Dashboard, Patient, Doctor, My Profile need `dashboard`; Users needs `show users`. */
export const TOP_BAR: readonly NavItem[] = [
  { route: 'dashboard', labelKey: 'nav.dashboard', access: ['dashboard'] },
  { route: 'patientIndex', labelKey: 'nav.patient', access: ['dashboard'] },
  { route: 'doctorIndex', labelKey: 'nav.doctor', access: ['dashboard'] },
  { route: 'Profile', labelKey: 'nav.myProfile', access: ['dashboard'] },
  { route: 'userIndex', labelKey: 'nav.users', access: ['show users'] },
];

/** The side panel menu. */
export const SIDE_MENU: readonly NavItem[] = [
  { route: 'userPortal', labelKey: 'nav.portal', access: 'public' },
  { route: 'dashboard', labelKey: 'nav.dashboard', access: ['dashboard'] },
  { route: 'patientIndex', labelKey: 'nav.patients', access: PATIENT_SCREENS },
  { route: 'queueAdd', labelKey: 'nav.queue', access: QUEUE_SCREENS },
  { route: 'doctorIndex', labelKey: 'nav.doctor', access: ['open board', 'show board'] },
  { route: 'appointmentsBook', labelKey: 'appointments.nav.book', access: APPOINTMENT_SCREENS },
  { route: 'appointmentsDue', labelKey: 'appointments.nav.due', access: APPOINTMENT_SCREENS },
  { route: 'emptyOuterAdd', labelKey: 'nav.freeOuter', access: ['add outer'] },
  { route: 'notification', labelKey: 'nav.notifications', access: 'public' },
  { route: 'allSupport', labelKey: 'support.menu', access: 'public' },
  {
    route: 'billingShift',
    labelKey: 'billing.nav.shift',
    access: ['take payments', 'show financial reports'],
  },
  { route: 'billingReports', labelKey: 'billing.nav.reports', access: ['show financial reports'] },
  { route: 'billingPrices', labelKey: 'billing.nav.prices', access: ['manage prices'] },
  { route: 'billingSettings', labelKey: 'billing.nav.settings', access: ['manage prices'] },
  { route: 'appointmentsReport', labelKey: 'appointments.nav.report', access: ['show appointments'] },
  { route: 'outcomesAudit', labelKey: 'outcomes.nav', access: ['show outcomes'] },
  {
    route: 'appointmentsSettings',
    labelKey: 'appointments.nav.settings',
    access: ['manage appointment hours'],
  },
  { route: 'userIndex', labelKey: 'nav.users', access: ['show users'] },
  { route: 'roleIndex', labelKey: 'nav.roles', access: ROLE_PERMISSIONS },
  { route: 'printSettingUpdate', labelKey: 'nav.printSetting', access: ['print setting'] },
  { route: 'optionIndex', labelKey: 'nav.examOptions', access: ['show options', 'edit options'] },
  { route: 'iolLensIndex', labelKey: 'nav.iolLenses', access: ['show iol lenses', 'manage iol lenses'] },
  { route: 'auditIndex', labelKey: 'nav.audit', access: ['show audit'] },
  { route: 'backup', labelKey: 'nav.backup', access: ['manage backups'], installationOnly: true },
  { route: 'Profile', labelKey: 'nav.profile', access: 'public' },
  { route: 'test', labelKey: 'nav.diagnostics', access: [ADMINISTRATOR] },
];

/**
 * Items this user may see; routes whose screens are not in this version are never linked, and neither is a
 * route whose own guard would refuse the user (a top-bar link needs `dashboard` and the route's permission), nor,
 * outside the installation's own organization, one that concerns the whole server (`organization`: its slug).
 */
export function visibleItems(
  items: readonly NavItem[],
  permissions: readonly string[] | undefined,
  organization?: string,
): NavItem[] {
  return items.filter((item) => {
    if (!hasScreen(item.route)) return false;
    if (item.installationOnly && !(organization !== undefined && isInstallationOrganization(organization)))
      return false;
    if (item.access !== 'public' && !canAny(permissions, item.access)) return false;
    const guard = ROUTES[item.route].access;
    return typeof guard === 'string' || canAny(permissions, guard);
  });
}
