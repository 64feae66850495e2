import { test, expect } from '../support/fixtures.ts';
import { RoleListPage } from '../pages/roles-pages.ts';

/** axe-core (WCAG 2.1 A/AA rules): no serious or critical violation on the main screens, in each language. */
test.describe('accessibility', () => {
  test('sign-in page', async ({ page, axe }) => {
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    expect(await axe()).toEqual([]);
  });

  test('role list and role edit', async ({ page, t, signIn, axe }) => {
    await signIn();
    const list = new RoleListPage(page, t);
    await list.goto();
    await expect(list.card(t('roleNames.Administrator'))).toBeVisible();
    expect(await axe()).toEqual([]);
    await list.edit(t('roleNames.Administrator'));
    await expect(page.locator('input[data-testid="permission-checkbox"]').first()).toBeVisible();
    expect(await axe()).toEqual([]);
  });

  test('user list and profile', async ({ page, signIn, axe }) => {
    await signIn();
    await page.goto('/user');
    await expect(page.getByTestId('user-row').first()).toBeVisible();
    expect(await axe()).toEqual([]);
    await page.goto('/user/profile');
    await expect(page.getByTestId('profile-name')).toBeVisible();
    expect(await axe()).toEqual([]);
  });

  test('dashboard and doctor page', async ({ page, signIn, axe }) => {
    await signIn();
    await page.goto('/dashboard');
    await expect(page.getByTestId('visits-chart')).toBeVisible();
    expect(await axe()).toEqual([]);
    await page.goto('/doctor');
    await expect(page.getByTestId('doctor-table').or(page.getByTestId('doctor-empty'))).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});
