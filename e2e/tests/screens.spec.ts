import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';

/** A screenshot of every screen not already taken by the flows (e2e/screenshots/<lang>-<name>.png). */
test.describe('screens', () => {
  test('outside the main layout', async ({ page, t, shot }) => {
    await page.goto('/');
    await expect(page.getByTestId('start-page')).toBeVisible();
    await shot('start');
    await page.goto('/login');
    const shell = new AppShell(page, t);
    await shell.openSettings();
    // Not signed in: no logout in the drawer.
    await expect(shell.drawer.getByTestId('logout')).toHaveCount(0);
    await shot('login-settings');
  });

  test('inside the main layout', async ({ page, t, signIn, shot }) => {
    await signIn();
    await page.goto('/user/profile');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    await shot('profile');
    await page.goto('/test');
    await expect(page.getByTestId('diagnostics-table')).toContainText(t('diagnostics.databases.pglite'));
    await shot('diagnostics');
    await page.goto('/setting/role/permission');
    await expect(page.locator('input[data-testid="permission-checkbox"]').first()).toBeVisible();
    await page.locator('input[data-testid="permission-checkbox"]').nth(1).check();
    await shot('role-add-empty');
    await page.goto('/user/add');
    await expect(page.getByTestId('user-name')).toBeVisible();
    await page.getByTestId('user-submit').click();
    await expect(page.getByText(t('validation.name.required'))).toBeVisible();
    await shot('user-add-validation');
  });

  test('dark theme', async ({ page, api, signIn, shot, axe }) => {
    await page.addInitScript(() => localStorage.setItem('isDark', '0'));
    const session = await signIn();
    // A board with medical alerts: readable at a glance in the dark theme too (WCAG AA, checked by axe).
    const patient = await api.call<{ data: { id: number } }>('POST', 'mo/patient', session.token, {
      name: `هدى ${arabicWord()}`,
      phone: iraqiMobile(),
      isMale: 0,
      age: 61,
      alerts: {
        allergies: [{ text: 'البنسلين' }],
        conditions: ['diabetes', 'hypertension'],
        other: 'جلوكوما',
      },
    });
    const entry = await api.queue(session.token, patient.data.id);
    await api.call('POST', `mo/patient/open/board/${patient.data.id}/${entry.id}`, session.token);
    await page.goto(`/boards/${patient.data.id}/${entry.id}`);
    await expect(page.getByTestId('patient-alerts')).toContainText('البنسلين');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot('board-dark');
    expect(await axe()).toEqual([]);
    await page.goto('/setting/role');
    await expect(page.getByTestId('role-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await shot('role-list-dark');
    await page.goto('/user');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    await shot('user-list-dark');
    await page.goto('/login');
    await shot('login-dark');
  });

  test('what a clinic walk saw: the start page, summaries and the audit trail in the screen’s words (issue 50)', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    const session = await signIn();
    // The start page's cards: each described, never its route's name ("Option index", "Empty outer add").
    await page.goto('/user/portal');
    for (const route of ['optionIndex', 'auditIndex', 'backup', 'emptyOuterAdd'])
      await expect(page.getByTestId(`portal-${route}`)).toContainText(t(`portal.describe.${route}`));
    await shot('portal');

    const patient = await api.createPatient(session.token, {
      name: `سلمى ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const entry = await api.queue(session.token, patient.id);
    await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);
    const record = (type: string, body: object) =>
      api.call<{ data: { id: number } }>('POST', `mo/exam/${type}`, session.token, {
        patientId: patient.id,
        queueId: entry.id,
        ...body,
      });
    await record('followUp', { visit: { interval: 'month6' } });
    await record('retina', { fundus: { right: { drGrade: 'moderateNpdr' } } });
    const { data: consultation } = await record('consultation', { plan: 'review' });

    // The board's summaries: clinical shorthand, never a stored value (`month6`, `MODERATENPDR`).
    await page.goto(`/boards/${patient.id}/${entry.id}`);
    const summaries = page.getByTestId('exam-summary');
    await expect(summaries.filter({ hasText: '6 mo' })).toHaveCount(1);
    await expect(summaries.filter({ hasText: 'mod NPDR' })).toHaveCount(1);
    await expect(page.getByTestId('board-exams')).not.toContainText(/month6|MODERATENPDR/);
    await shot('board-summaries');

    // The audit trail names the record in the screen's language, not `consultation #411`.
    await page.goto(`/audit?patientId=${patient.id}&action=exam.created`);
    await expect(
      page.getByTestId('audit-entity').filter({
        hasText: t('audit.entityWithId', { entity: t('exams.types.consultation'), id: consultation.id }),
      }),
    ).toHaveCount(1);
    await expect(page.getByTestId('audit-entity').filter({ hasText: /consultation #/ })).toHaveCount(0);
    await shot('audit-entities');
  });
});
