import { test, expect, unique } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { UserFormPage, UserListPage } from '../pages/users-pages.ts';

test.describe('users', () => {
  test('create a user, see their permissions, edit and deactivate them', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    const admin = await signIn();
    const role = await api.createRole(admin.token, unique('Nurse'), ['dashboard', 'show users']);
    const list = new UserListPage(page, t);
    const form = new UserFormPage(page, t);
    const shell = new AppShell(page, t);
    const email = `${unique('huda')}@clinic.example`;

    await list.goto();
    await page.getByTestId('user-add').click();
    await expect(page).toHaveURL(/\/user\/add$/);
    await form.submit.click();
    for (const key of [
      'name.required',
      'email.required',
      'password.required',
      'password_confirmation.required',
    ])
      await expect(page.getByText(t(`validation.${key}`))).toBeVisible();
    await form.field('name').fill('Hu');
    await form.field('email').fill('not-an-email');
    await form.submit.click();
    await expect(page.getByText(t('validation.name.min'))).toBeVisible();
    await expect(page.getByText(t('validation.email.invalid'))).toBeVisible();

    await form.field('name').fill('Huda Ali');
    await form.field('email').fill(email);
    await form.field('username').fill(unique('huda'));
    await form.field('password').fill('first-password-1');
    await form.field('password_confirmation').fill('first-password-1');
    await form.role(role.name).check();
    // Marked as a doctor: listed in the queue's choice of doctor.
    await page.getByTestId('user-doctor').check();
    await shot('user-add');
    await form.submit.click();
    await expect(shell.toast(t('users.savedCreate'))).toBeVisible();
    await expect(page).toHaveURL(/\/user$/);

    await list.search.fill(email);
    const row = list.row(email);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('user-doctor-badge')).toBeVisible();
    await expect(row.getByTestId('user-status')).toHaveText(t('users.active'));
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await shot('user-list');

    await row.getByRole('link', { name: `${t('common.show')}: Huda Ali` }).click();
    await expect(page).toHaveURL(/\/user\/\d+\/show$/);
    await expect(page.getByTestId('user-roles')).toHaveText(role.name);
    await expect(page.getByTestId('user-permissions')).toContainText(t('permissionNames.show users'));
    await shot('user-show');

    await page.getByRole('link', { name: t('common.edit') }).click();
    await expect(page).toHaveURL(/\/user\/\d+\/update$/);
    await expect(form.field('email')).toHaveValue(email);
    await form.field('name').fill('Huda Ali Hassan');
    await shot('user-update');
    await form.submit.click();
    await expect(shell.toast(t('users.savedUpdate'))).toBeVisible();

    await page.goto(`/user?search=${encodeURIComponent(email)}`);
    await list.row(email).getByTestId('user-deactivate').click();
    const dialog = page.getByRole('dialog', { name: t('users.deactivateTitle') });
    await expect(dialog).toContainText('Huda Ali Hassan');
    await shot('user-deactivate-confirm');
    await dialog.getByRole('button', { name: t('users.deactivateYes') }).click();
    await expect(shell.toast(t('users.deactivated', { name: 'Huda Ali Hassan' }))).toBeVisible();
    await expect(list.row(email).getByTestId('user-status')).toHaveText(t('users.inactive'));
  });

  test('a user without the permission is sent to /unauthorized', async ({ page, t, api, signIn, shot }) => {
    const admin = await api.admin();
    const role = await api.createRole(admin.token, unique('Viewer'), ['dashboard']);
    const email = `${unique('viewer')}@clinic.example`;
    const user = await api.createUser(admin.token, { name: 'Ali Viewer', email, roles: [role.id] });
    await signIn({ identifier: email, password: user.password });
    await page.goto('/user/portal');
    const shell = new AppShell(page, t);
    await expect(shell.menuItem('userPortal')).toBeVisible();
    await expect(shell.menuItem('userIndex')).toHaveCount(0);
    await expect(shell.menuItem('roleIndex')).toHaveCount(0);
    await expect(page.getByTestId('top-userIndex')).toHaveCount(0);

    await page.goto('/user');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByTestId('unauthorized')).toContainText(t('unauthorized.heading'));
    await shot('unauthorized');
    await page.goto('/setting/role/permission');
    await expect(page).toHaveURL(/\/unauthorized$/);
  });
});
