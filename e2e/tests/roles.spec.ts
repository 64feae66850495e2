import { test, expect, unique } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { RoleFormPage, RoleListPage } from '../pages/roles-pages.ts';

test.describe('roles', () => {
  test('create, edit and delete a role, with the confirmation dialog', async ({ page, t, signIn, shot }) => {
    await signIn();
    const list = new RoleListPage(page, t);
    const form = new RoleFormPage(page, t);
    const shell = new AppShell(page, t);
    const name = unique('Reception');

    await list.goto();
    await expect(list.card(t('roleNames.Administrator'))).toBeVisible();
    await page.getByTestId('role-add').click();
    await expect(page).toHaveURL(/\/setting\/role\/permission$/);
    await expect(form.submit).toHaveText(t('common.add'));

    // Search, Check All / Un Check on what is shown.
    await form.search.fill('user');
    const shown = form.checkboxes();
    await expect(shown).toHaveCount(4);
    await expect(form.checkAll).toHaveText(t('roles.checkAll'));
    await form.checkAll.click();
    for (const box of await shown.all()) await expect(box).toBeChecked();
    await expect(form.checkAll).toHaveText(t('roles.uncheck'));
    await form.checkAll.click();
    for (const box of await shown.all()) await expect(box).not.toBeChecked();
    await form.permission('add user').check();
    await form.permission('show users').check();
    await form.search.fill('');
    await form.name.fill(name);
    await shot('role-add');
    await form.submit.click();
    await expect(shell.toast(t('roles.savedCreate'))).toBeVisible();
    await expect(page).toHaveURL(/\/setting\/role$/);
    const card = list.card(name);
    await expect(card.getByTestId('role-count')).toHaveText(t('roles.permissionCount', { count: 2 }));

    // Edit: update mode for the numeric id, Update in the footer, never Delete.
    await list.edit(name);
    await expect(page).toHaveURL(/\/setting\/role\/\d+\/update$/);
    await expect(form.name).toHaveValue(name);
    await expect(form.submit).toHaveText(t('common.update'));
    await expect(page.getByRole('button', { name: t('common.delete') })).toHaveCount(0);
    await expect(form.permission('add user')).toBeChecked();
    await form.permission('dashboard').check();
    const renamed = `${name}-2`;
    await form.name.fill(renamed);
    await shot('role-update');
    await form.submit.click();
    await expect(shell.toast(t('roles.savedUpdate'))).toBeVisible();
    await expect(page).toHaveURL(/\/setting\/role$/);
    await expect(list.card(renamed).getByTestId('role-count')).toHaveText(
      t('roles.permissionCount', { count: 3 }),
    );
    await expect(list.card(renamed).getByTestId('role-permissions').getByRole('listitem')).toHaveCount(3);
    await shot('role-list');

    // Detail.
    await list.show(renamed);
    await expect(page).toHaveURL(/\/setting\/role\/\d+\/show$/);
    await expect(page.getByTestId('role-detail')).toContainText(renamed);
    await shot('role-show');
    await page.getByRole('button', { name: t('common.back') }).click();
    await expect(page).toHaveURL(/\/setting\/role$/);

    // Delete: cancel first, then confirm.
    let dialog = await list.askDelete(renamed);
    await expect(dialog).toContainText(t('roles.confirmText'));
    await shot('role-delete-confirm');
    await dialog.getByRole('button', { name: t('roles.confirmNo') }).click();
    await expect(list.card(renamed)).toBeVisible();
    dialog = await list.askDelete(renamed);
    await dialog.getByRole('button', { name: t('roles.confirmYes') }).click();
    await expect(shell.toast(t('roles.deletedTitle'))).toContainText(t('roles.deletedText'));
    await expect(list.card(renamed)).toHaveCount(0);
  });

  test('failures: a taken name, a role that does not exist, a non-numeric id', async ({
    page,
    t,
    signIn,
    shot,
  }) => {
    await signIn();
    const list = new RoleListPage(page, t);
    const form = new RoleFormPage(page, t);
    const shell = new AppShell(page, t);
    await list.goto();

    await page.getByTestId('role-add').click();
    await form.submit.click();
    await expect(page.getByText(t('validation.name.required'))).toBeVisible();
    await form.name.fill('Administrator');
    await form.submit.click();
    const failure = shell.toast(t('roles.createFailed'));
    await expect(failure).toContainText(t('validation.name.taken'));
    await expect(form.name).toHaveValue('Administrator');
    await shot('role-create-failed');

    // Update mode needs a numeric id: anything else is the add screen.
    await page.goto('/setting/role/abc/update');
    await expect(page.getByRole('heading', { level: 1, name: t('roles.addTitle') })).toBeVisible();
    await expect(form.submit).toHaveText(t('common.add'));

    // A role that does not exist: the warning, then back.
    await list.goto();
    await page.goto('/setting/role/999999/update');
    await expect(shell.toast(t('roles.loadFailed'))).toBeVisible();
    await expect(page).toHaveURL(/\/setting\/role$/);
  });
});
