import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes } from 'react-router';
import { PERMISSION_NAMES } from '@basira/shared/permissions/permissions';
import { PRINT_KINDS, printPermissionsOf } from '@basira/shared/print/printing.schemas';
import { queryClient } from '../lib/query-client.ts';
import { LAYOUT_ROUTES, OUTER_ROUTES, QUEUE_UPDATE, ROUTES, pathTo, type RouteName } from '../lib/routes.ts';
import { readStateFrom } from './guards.ts';
import { appRoutes } from './router.tsx';
import { SCREENS } from './screens.ts';

const fetchMock = vi.fn<typeof fetch>();

/**
 * A navigation settles only once its screen's chunk has arrived (loadChunk in guards.ts). Under
 * Vitest the first import of a screen transforms its whole module graph, which took over
 * waitFor's default second on a loaded CI machine (the biometry print view); a wrong answer
 * still fails at once, since the router settles elsewhere.
 */
const CHUNK_WAIT = { timeout: 10_000 };

function me(permissions: string[], mustChangePassword = false) {
  return {
    data: {
      id: 7,
      name: 'Huda Ali',
      email: 'huda@clinic.example',
      username: 'huda',
      isActive: true,
      isDoctor: false,
      mustChangePassword,
      roles: [],
      version: 1,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      permissions,
      organization: { id: 1, slug: 'default', name: 'Basira', timeZone: 'Asia/Baghdad' },
      session: { idleMinutes: 60, expiresAt: '2099-01-01T00:00:00.000Z' },
    },
  };
}

function answerMe(body: unknown) {
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(body), { status: 200 }));
}

/** Runs the guards for a path and returns where the router settles. */
async function settle(path: string): Promise<string> {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  await vi.waitFor(
    () => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true),
    CHUNK_WAIT,
  );
  const where = router.state.location.pathname;
  router.dispose();
  return where;
}

describe('route guards', () => {
  beforeEach(() => {
    localStorage.clear();
    queryClient.clear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('send every main-layout route to /login without a token, without calling the server', async () => {
    for (const path of [
      '/dashboard',
      '/user',
      '/user/portal',
      '/setting/role',
      '/setting/role/3/update',
      '/test',
      '/patients/ali',
    ])
      expect(await settle(path), path).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('let /login, /, /config and unknown paths through without a token', async () => {
    for (const path of ['/login', '/', '/config', '/no/such/page'])
      expect(await settle(path), path).toBe(path);
  });

  it('send a user lacking the permission to /unauthorized (any-of, case-insensitive)', async () => {
    localStorage.setItem('token', 'tok');
    answerMe(me(['dashboard']));
    expect(await settle('/user')).toBe('/unauthorized');
    queryClient.clear();
    answerMe(me(['SHOW USERS']));
    expect(await settle('/user')).toBe('/user');
    expect(await settle('/setting/role')).toBe('/unauthorized');
  });

  it('send a user with no permissions at all to /unauthorized, but let them reach their portal and profile', async () => {
    localStorage.setItem('token', 'tok');
    answerMe(me([]));
    expect(await settle('/setting/role/permission')).toBe('/unauthorized');
    expect(await settle('/user/portal')).toBe('/user/portal');
    expect(await settle('/user/profile')).toBe('/user/profile');
  });

  it('let Administrator through everywhere', async () => {
    localStorage.setItem('token', 'tok');
    answerMe(me([...PERMISSION_NAMES]));
    for (const path of [
      '/user',
      '/user/add',
      '/user/3/update',
      '/setting/role',
      '/setting/role/permission',
      '/setting/role/2/show',
    ])
      expect(await settle(path), path).toBe(path);
  });

  it("ask for a screen's first data once the user may open it, and never when they may not", async () => {
    const asked = () => fetchMock.mock.calls.map(([url]) => String(url));
    localStorage.setItem('token', 'tok');
    answerMe(me(['dashboard']));
    expect(await settle('/patients/ali')).toBe('/unauthorized');
    expect(asked().filter((url) => url.includes('/mo/patient'))).toEqual([]);

    queryClient.clear();
    fetchMock.mockClear();
    answerMe(me([...PERMISSION_NAMES]));
    expect(await settle('/patients/ali?page=2')).toBe('/patients/ali');
    // Asked by the loader (lib/screen-data.ts): nothing here renders the screen.
    await vi.waitFor(() =>
      expect(asked().filter((url) => url.includes('/mo/patient/filter'))).toEqual([
        expect.stringMatching(/\/mo\/patient\/filter\?page=2&search=ali$/),
      ]),
    );
  });

  it("ask for the board unless the link asks to open the visit (the open's answer is the board)", async () => {
    const boardReads = () =>
      fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/board/show/'));
    localStorage.setItem('token', 'tok');
    answerMe(me(['show board', 'open board']));
    const router = createMemoryRouter(appRoutes(), {
      initialEntries: [{ pathname: '/boards/5/9', state: { open: true } }],
    });
    readStateFrom(router);
    const idle = () =>
      vi.waitFor(
        () => expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true),
        CHUNK_WAIT,
      );
    await idle();
    // The same navigation's state during a navigation (the router's, not yet the history's).
    await router.navigate('/boards/5/10', { state: { open: true } });
    await idle();
    expect(boardReads()).toEqual([]);
    await router.navigate('/boards/5/11');
    await idle();
    await vi.waitFor(() => expect(boardReads()).toEqual([expect.stringMatching(/\/board\/show\/5\/11$/)]));
    router.dispose();
  });

  it('send a user who must change their password to /login', async () => {
    localStorage.setItem('token', 'tok');
    answerMe(me(['dashboard'], true));
    expect(await settle('/user/portal')).toBe('/login');
  });

  it('guard each print view by its print permission, outside the main layout but behind the token', async () => {
    for (const kind of PRINT_KINDS)
      expect(ROUTES[`${kind}Print`].access, kind).toEqual(printPermissionsOf(kind));
    expect(await settle('/print/spectacles/4')).toBe('/login');
    localStorage.setItem('token', 'tok');
    answerMe(me(['print biometry', 'print squint']));
    expect(await settle('/print/biometry/4')).toBe('/print/biometry/4');
    expect(await settle('/print/queue/9')).toBe('/print/queue/9');
    expect(await settle('/print/spectacles/4')).toBe('/unauthorized');
    const matched = matchRoutes(appRoutes(), '/print/queue/9')?.map((m) => m.route.id);
    expect(matched).toEqual(['root', 'printLayout', 'queuePrint']);
  });

  it('send the bearer token when it reads the user', async () => {
    localStorage.setItem('token', 'tok-9');
    answerMe(me(['show users']));
    await settle('/user');
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/me$/);
    expect(headers.authorization).toBe('Bearer tok-9');
  });
});

describe('route table (spec section 2)', () => {
  const SPEC: [RouteName, string][] = [
    ['login', '/login'],
    ['start', '/'],
    ['config', '/config'],
    ['dashboard', '/dashboard'],
    ['test', '/test'],
    ['unauthorized', '/unauthorized'],
    ['notification', '/notification'],
    ['doctorIndex', '/doctor'],
    ['boardIndex', '/boards/:patientId/:queueId/:search?'],
    ['patientIndex', '/patients/:search?'],
    ['spectaclesIndex', '/spectacles/:patientId/:search?'],
    ['spectaclesAdd', '/spectacles/:patientId/:queueId'],
    ['spectaclesUpdate', '/spectacles/:patientId/:queueId/:id'],
    ['prismIndex', '/prisms/:patientId/:search?'],
    ['prismAdd', '/prism/:patientId/:queueId'],
    ['prismUpdate', '/prism/:patientId/:queueId/:id'],
    ['lasikIndex', '/lasiks/:patientId/:search?'],
    ['lasikAdd', '/lasik/:patientId/:queueId'],
    ['lasikUpdate', '/lasik/:patientId/:queueId/:id'],
    ['followUpIndex', '/followUps/:patientId/:search?'],
    ['followUpAdd', '/followUp/:patientId/:queueId'],
    ['followUpUpdate', '/followUp/:patientId/:queueId/:id'],
    ['biometryIndex', '/biometrys/:patientId/:search?'],
    ['biometryAdd', '/biometry/:patientId/:queueId'],
    ['biometryUpdate', '/biometry/:patientId/:queueId/:id'],
    ['keratoconusIndex', '/news1/:patientId/:search?'],
    ['keratoconusAdd', '/keratoconus/:patientId/:queueId'],
    ['keratoconusUpdate', '/keratoconus/:patientId/:queueId/:id'],
    ['retinaIndex', '/news2/:patientId/:search?'],
    ['retinaAdd', '/retina/:patientId/:queueId'],
    ['retinaUpdate', '/retina/:patientId/:queueId/:id'],
    ['lowVisionIndex', '/news3/:patientId/:search?'],
    ['lowVisionAdd', '/lowVision/:patientId/:queueId'],
    ['lowVisionUpdate', '/lowVision/:patientId/:queueId/:id'],
    ['outerAdd', '/outer/:patientId/:queueId'],
    ['outerUpdate', '/outer/:patientId/:queueId/:id'],
    ['emptyOuterAdd', '/outer'],
    ['queueAdd', '/queue'],
    ['printSettingUpdate', '/printSetting'],
    ['userPortal', '/user/portal'],
    ['Profile', '/user/profile'],
    ['userIndex', '/user'],
    ['userAdd', '/user/add'],
    ['userUpdate', '/user/:id/update'],
    ['userShow', '/user/:id/show'],
    ['roleIndex', '/setting/role'],
    ['permissions', '/setting/role/permission'],
    ['roleShow', '/setting/role/:id/show'],
    ['roleUpdate', '/setting/role/:id/update'],
  ];

  /** Screens the spec implies but does not list, named in its style. */
  const BEYOND_SPEC: [RouteName, string][] = [
    ['outerIndex', '/outers/:patientId/:search?'],
    ['consultationIndex', '/consultations/:patientId/:search?'],
    ['consultationAdd', '/consultation/:patientId/:queueId'],
    ['consultationUpdate', '/consultation/:patientId/:queueId/:id'],
    // The operation record and the lens list (issue 55, docs/outcomes.md).
    ['operationIndex', '/operations/:patientId/:search?'],
    ['operationAdd', '/operation/:patientId/:queueId'],
    ['operationUpdate', '/operation/:patientId/:queueId/:id'],
    ['iolLensIndex', '/iol-lenses'],
    ['optionIndex', '/setting/options'],
    ['messagingSettings', '/setting/messaging'],
    ['auditIndex', '/audit'],
    ['backup', '/backup'],
    ['patientFile', '/patient/:patientId'],
    // The notifications' targets, whose paths the spec does not show (section 2).
    ['allBugs', '/support/bugs/:notificationId?'],
    ['allSupport', '/support/all/:notificationId?'],
    ['activeIndex', '/support/active/:notificationId?'],
    // The clinic's money (docs/money.md).
    ['billingPrices', '/billing/prices'],
    ['billingSettings', '/billing/settings'],
    ['billingShift', '/billing/shift'],
    ['billingReports', '/billing/reports'],
    // The appointment book (docs/appointments.md).
    ['appointmentsBook', '/appointments'],
    ['appointmentsDue', '/appointments/due'],
    ['appointmentsSettings', '/appointments/settings'],
    ['appointmentsReport', '/appointments/report'],
    // The surgeon's audit (issue 55, docs/outcomes.md).
    ['outcomesAudit', '/outcomes'],
    ...PRINT_KINDS.map((kind): [RouteName, string] => [`${kind}Print`, `/print/${kind}/:id`]),
    // A payment's receipt (docs/money.md): counted by the billing API, not a print kind of the print log.
    ['receiptPrint', '/print/receipt/:id'],
  ];

  it('has every spec path under its name, and nothing else but the few it implies', () => {
    expect(Object.fromEntries(Object.entries(ROUTES).map(([name, def]) => [name, def.path]))).toEqual(
      Object.fromEntries([...SPEC, ...BEYOND_SPEC]),
    );
  });

  it('matches concrete addresses to the right route names', () => {
    const routes = appRoutes();
    const nameOf = (path: string) => matchRoutes(routes, path)?.at(-1)?.route.id;
    expect(nameOf('/setting/role/permission')).toBe('permissions');
    expect(nameOf('/setting/role/12/update')).toBe('roleUpdate');
    expect(nameOf('/user/add')).toBe('userAdd');
    expect(nameOf('/user/5/show')).toBe('userShow');
    expect(nameOf('/patients')).toBe('patientIndex');
    expect(nameOf('/patients/ali')).toBe('patientIndex');
    expect(nameOf('/spectacles/4/9')).toBe('spectaclesAdd');
    expect(nameOf('/spectacles/4')).toBe('spectaclesIndex');
    expect(nameOf('/news1/4')).toBe('keratoconusIndex');
    expect(nameOf('/boards/1/2')).toBe('boardIndex');
    // queueAdd and queueUpdate are both /queue (spec): one route answers for both names.
    expect(nameOf('/queue')).toBe('queueAdd');
    expect(QUEUE_UPDATE).toBe('queueUpdate');
    expect(nameOf('/support/bugs/12')).toBe('allBugs');
    expect(nameOf('/support/active')).toBe('activeIndex');
    expect(nameOf('/nowhere')).toBe('notFound');
  });

  it('has a screen component exactly for the routes marked as built', () => {
    const built = (Object.keys(ROUTES) as RouteName[]).filter((name) => ROUTES[name].screen).sort();
    expect(Object.keys(SCREENS).sort()).toEqual(built);
    expect(Object.keys(OUTER_ROUTES).every((n) => ROUTES[n as RouteName].access === 'public')).toBe(true);
    expect(Object.values(LAYOUT_ROUTES).every((def) => def.access !== 'public')).toBe(true);
  });

  it('builds paths from names', () => {
    expect(pathTo('roleUpdate', { id: 3 })).toBe('/setting/role/3/update');
    expect(pathTo('patientIndex', { search: 'علي' })).toBe(`/patients/${encodeURIComponent('علي')}`);
    expect(pathTo('patientIndex')).toBe('/patients');
    expect(pathTo('start')).toBe('/');
  });
});
