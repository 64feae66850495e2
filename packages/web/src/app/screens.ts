import { createElement, lazy, useState, type ComponentType } from 'react';
import { EXAM_TYPES } from '@basira/shared/exams/exam-types';
import type { RouteName } from '../lib/routes.ts';
import type { ScreenData, ScreenDataArgs } from '../lib/screen-data.ts';

/**
 * A lazy screen; `preload` starts fetching its chunk before React renders it, and `prefetchData` asks for the
 * queries it shows first (lib/screen-data.ts), from a light module of its own.
 */
export type Screen = ComponentType & {
  preload: () => Promise<unknown>;
  /** Resolves once the queries are asked for (not answered). */
  prefetchData: (args: ScreenDataArgs) => Promise<void>;
};

/**
 * One chunk per screen: nothing here is fetched before the route's guard has checked the token. The guard then
 * preloads the chunk while it asks for `/api/me` (router.tsx), so code and session arrive together, and once the
 * user may open the screen, asks for its data while the code loads.
 */
const screen = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  data?: () => Promise<ScreenData>,
): Screen => {
  let loading: Promise<{ default: ComponentType }> | null = null;
  let loaded: ComponentType | null = null;
  const preload = () => {
    if (!loading) {
      const started = load().then((module) => {
        loaded = module[name];
        return { default: loaded };
      });
      // A failed fetch may be retried by the next render (a deploy replaced the chunk, a blip of the line).
      started.catch(() => (loading = null));
      loading = started;
    }
    return loading;
  };
  const prefetchData = async (args: ScreenDataArgs): Promise<void> => {
    if (!data) return;
    await Promise.all([data(), import('../lib/query-client.ts')])
      .then(([screenData, { currentQueryClient }]) => screenData(currentQueryClient(), args))
      .catch(() => undefined);
  };
  const Lazy = lazy(preload);
  // Rendered at once when the route's loader has brought the chunk (guards.ts waits for it): a lazy component
  // suspends on its first render even then, and React holds back what a Suspense boundary reveals until 300 ms
  // after its fallback showed. Chosen once per mount, so a screen never changes type under its state.
  function LoadedOrLazy() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  LoadedOrLazy.displayName = name;
  return Object.assign(LoadedOrLazy, { preload, prefetchData });
};

/** Every route whose `screen` flag is set in lib/routes.ts has its component here (a test checks both ways). */
export const SCREENS: Partial<Record<RouteName, Screen>> = {
  login: screen(() => import('../features/auth/login-page.tsx'), 'LoginPage'),
  start: screen(() => import('../features/home/start-page.tsx'), 'StartPage'),
  config: screen(() => import('../features/config/config-page.tsx'), 'ConfigPage'),
  dashboard: screen(
    () => import('../features/dashboard/dashboard-page.tsx'),
    'DashboardPage',
    () => import('../features/dashboard/dashboard.queries.ts').then((m) => m.dashboardData),
  ),
  doctorIndex: screen(
    () => import('../features/queue/doctor-page.tsx'),
    'DoctorPage',
    () => import('../features/queue/queue-screen-data.ts').then((m) => m.worklistData),
  ),
  // The board with the cards of other features (Telegram), composed here: features never import each other.
  boardIndex: screen(
    () => import('./board-screen.tsx'),
    'BoardScreen',
    () => import('../features/queue/board-screen-data.ts').then((m) => m.boardData),
  ),
  patientIndex: screen(
    () => import('./patient-list-screen.tsx'),
    'PatientListScreen',
    () => import('../features/patients/patient-list-query.ts').then((m) => m.patientListData),
  ),
  // The patient's file with the billing desk's account section.
  patientFile: screen(() => import('./patient-file-screen.tsx'), 'PatientFileScreen'),
  // The queue with the billing desk's balances and Pay action on its rows.
  queueAdd: screen(
    () => import('./queue-screen.tsx'),
    'QueueScreen',
    () => import('../features/queue/queue-screen-data.ts').then((m) => m.queueListData),
  ),
  test: screen(() => import('../features/diagnostics/diagnostics-page.tsx'), 'DiagnosticsPage'),
  unauthorized: screen(() => import('../features/system/unauthorized-page.tsx'), 'UnauthorizedPage'),
  userPortal: screen(() => import('../features/portal/portal-page.tsx'), 'PortalPage'),
  Profile: screen(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
  userIndex: screen(() => import('../features/users/user-list-page.tsx'), 'UserListPage'),
  userAdd: screen(() => import('../features/users/user-form-page.tsx'), 'UserFormPage'),
  userUpdate: screen(() => import('../features/users/user-form-page.tsx'), 'UserFormPage'),
  userShow: screen(() => import('../features/users/user-show-page.tsx'), 'UserShowPage'),
  roleIndex: screen(() => import('../features/roles/role-list-page.tsx'), 'RoleListPage'),
  permissions: screen(() => import('../features/roles/role-form-page.tsx'), 'RoleFormPage'),
  roleUpdate: screen(() => import('../features/roles/role-form-page.tsx'), 'RoleFormPage'),
  roleShow: screen(() => import('../features/roles/role-show-page.tsx'), 'RoleShowPage'),
  optionIndex: screen(() => import('../features/exams/options-page.tsx'), 'OptionsPage'),
  iolLensIndex: screen(() => import('../features/iol-lenses/iol-lens-list-page.tsx'), 'IolLensListPage'),
  messagingSettings: screen(
    () => import('../features/messaging/messaging-settings-page.tsx'),
    'MessagingSettingsPage',
  ),
  notification: screen(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
  allBugs: screen(() => import('../features/support/support-page.tsx'), 'SupportBugsPage'),
  allSupport: screen(() => import('../features/support/support-page.tsx'), 'SupportAllPage'),
  activeIndex: screen(() => import('../features/support/support-page.tsx'), 'SupportActivePage'),
  auditIndex: screen(() => import('../features/audit/audit-page.tsx'), 'AuditPage'),
  backup: screen(() => import('../features/backup/backup-page.tsx'), 'BackupPage'),
  printSettingUpdate: screen(() => import('../features/print/print-settings-page.tsx'), 'PrintSettingsPage'),
  billingPrices: screen(() => import('../features/billing/price-list-page.tsx'), 'PriceListPage'),
  billingSettings: screen(
    () => import('../features/billing/billing-settings-page.tsx'),
    'BillingSettingsPage',
  ),
  billingShift: screen(() => import('../features/billing/shift-page.tsx'), 'ShiftPage'),
  billingReports: screen(() => import('../features/billing/reports-page.tsx'), 'ReportsPage'),
  appointmentsBook: screen(() => import('../features/appointments/book-page.tsx'), 'BookPage'),
  appointmentsDue: screen(() => import('../features/appointments/due-page.tsx'), 'DuePage'),
  appointmentsSettings: screen(
    () => import('../features/appointments/settings-page.tsx'),
    'AppointmentSettingsPage',
  ),
  appointmentsReport: screen(
    () => import('../features/appointments/report-page.tsx'),
    'AttendanceReportPage',
  ),
  outcomesAudit: screen(() => import('../features/outcomes/audit-page.tsx'), 'OutcomesAuditPage'),
  emptyOuterAdd: screen(() => import('../features/exams/empty-outer-page.tsx'), 'EmptyOuterPage'),
  ...examScreens(),
  ...printScreens(),
};

/** Every exam type's add, update and index screens: one form and one index for all of them. */
function examScreens(): Partial<Record<RouteName, Screen>> {
  const form = screen(() => import('../features/exams/exam-form-page.tsx'), 'ExamFormPage');
  const index = screen(() => import('../features/exams/exam-index-page.tsx'), 'ExamIndexPage');
  return Object.fromEntries(
    EXAM_TYPES.flatMap((type) => [
      [`${type}Add`, form],
      [`${type}Update`, form],
      [`${type}Index`, index],
    ]),
  );
}

/** The print views: one page for every exam type's sheet, one for the queue ticket. */
function printScreens(): Partial<Record<RouteName, Screen>> {
  const exam = screen(() => import('../features/print/exam-print-page.tsx'), 'ExamPrintPage');
  return {
    ...Object.fromEntries(EXAM_TYPES.map((type) => [`${type}Print`, exam])),
    queuePrint: screen(() => import('../features/print/queue-print-page.tsx'), 'QueuePrintPage'),
    letterPrint: screen(() => import('../features/print/letter-print-page.tsx'), 'LetterPrintPage'),
    // The billing desk's receipt in the print feature's shell and frame, composed here.
    receiptPrint: screen(() => import('./receipt-print-screen.tsx'), 'ReceiptPrintScreen'),
  };
}

export const NotFoundScreen = screen(() => import('../features/system/not-found-page.tsx'), 'NotFoundPage');
export const PendingScreen = screen(
  () => import('../features/system/screen-pending-page.tsx'),
  'ScreenPendingPage',
);
export const MainLayout = screen(() => import('./main-layout.tsx'), 'MainLayout');
export const OuterLayout = screen(() => import('./outer-layout.tsx'), 'OuterLayout');
export const PrintLayout = screen(() => import('./print-layout.tsx'), 'PrintLayout');

/** The settings drawer, with the layouts' props; loaded the first time it is opened. */
export const SettingsDrawer = lazy(() =>
  import('./settings-drawer.tsx').then((module) => ({ default: module.SettingsDrawer })),
);
