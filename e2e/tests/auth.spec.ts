import { test, expect, unique } from '../support/fixtures.ts';
import { ADMIN } from '../support/server.ts';
import { LoginPage, PasswordChangeForm } from '../pages/login-page.ts';
import { AppShell } from '../pages/app-shell.ts';

test.describe('sign-in', () => {
  test('a wrong password shows the error inline; the right one lands on the dashboard', async ({
    page,
    t,
    lang,
    shot,
  }) => {
    const login = new LoginPage(page, t);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.identifier).toHaveAttribute('autocomplete', 'username');
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await shot('login');

    await login.submit.click();
    await expect(page.getByText(t('validation.identifier.required'))).toBeVisible();
    await expect(page.getByText(t('validation.password.required'))).toBeVisible();

    await login.signIn(ADMIN.username, 'wrong-password');
    await expect(login.error).toHaveText(t('errors.codes.auth.invalid_credentials'));
    await expect(page).toHaveURL(/\/login$/);
    await shot('login-error');

    await login.password.fill('secret-text');
    await expect(login.password).toHaveAttribute('type', 'password');
    await login.showPassword.check();
    await expect(login.password).toHaveAttribute('type', 'text');

    await login.signIn(ADMIN.email, ADMIN.password);
    // Holding `dashboard`, they land on it (issue 3: the dashboard once that screen exists).
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: t('dashboard.title') })).toBeVisible();
    await expect(page.getByTestId('signed-in-user')).toHaveText('Administrator');
    expect(await page.evaluate(() => localStorage.getItem('isAuthenticated'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('visits-chart')).toBeVisible();
    await shot('dashboard');
    await page.goto('/user/portal');
    await expect(page.getByTestId('portal-welcome')).toContainText('Administrator');
    await shot('portal');

    const shell = new AppShell(page, t);
    await shell.logout();
    await expect(page).toHaveURL(/\/login$/);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('isAuthenticated')]),
    ).toEqual([null, null]);
  });

  test('the sign-in page and a signed-in screen come drawn by the server in this browser’s look, and the app takes them over as they are', async ({
    page,
    t,
    lang,
  }) => {
    const redrawn: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('hydration:')) redrawn.push(m.text());
    });
    // The server's heading, marked before the app's code runs (public/after-paint.js loads it after the paint).
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () =>
        document.querySelector('h1')?.setAttribute('data-e2e-server-node', ''),
      ),
    );
    const login = new LoginPage(page, t);
    // The first visit tells the server this browser's look (the basira_ui cookie); later ones are drawn in it.
    await login.goto();
    await expect(login.submit).toHaveAttribute('type', 'submit');
    const response = await page.goto('/login');
    const html = await response!.text();
    expect(html).toContain(`<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"`);
    expect(html).toContain(`>${t('auth.title')}</h1>`);
    expect(html).not.toContain('type="module"');

    // Taken over, not drawn again: the server's heading node is the one on screen, and the button now submits.
    await expect(login.submit).toHaveAttribute('type', 'submit');
    await expect(page.locator('h1[data-e2e-server-node]')).toHaveText(t('auth.title'));
    await login.signIn(ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(redrawn).toEqual([]);

    // Signed in (the basira_session cookie), the start page is the app's to draw: no signed-out "Sign in" first.
    const signedIn = await page.goto('/');
    expect(await signedIn!.text()).toContain('<div id="root"></div>');
    await expect(page.getByRole('link', { name: t('start.continue') })).toBeVisible();

    // A signed-in screen comes drawn for this user with its data, inert until the app holds it, then taken over.
    const dashboard = await page.goto('/dashboard');
    const drawn = await dashboard!.text();
    expect(drawn).toMatch(
      /<div id="root" data-rendered-path="\/dashboard" [^>]*data-rendered-user="\d+" inert>/,
    );
    expect(drawn).toContain(`>${t('dashboard.title')}</h1>`);
    expect(drawn).toContain('<script type="application/json" id="rendered-data">');
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await expect(page.locator('h1[data-e2e-server-node]')).toHaveText(t('dashboard.title'));
    await expect(page.getByTestId('visits-chart')).toBeVisible();
    await new AppShell(page, t).menuItem('patientIndex').click();
    await expect(page).toHaveURL(/\/patients$/);
    expect(redrawn).toEqual([]);
  });

  test('a new colleague must choose their own password first', async ({ page, t, api, shot }) => {
    const admin = await api.admin();
    const email = `${unique('new')}@clinic.example`;
    await api.call('POST', 'user', admin.token, {
      name: 'Zainab Kareem',
      email,
      roles: [],
      isActive: true,
      password: 'given-password-1',
      password_confirmation: 'given-password-1',
    });
    const login = new LoginPage(page, t);
    await login.goto();
    await login.signIn(email, 'given-password-1');
    const change = new PasswordChangeForm(page, t);
    await expect(change.form).toBeVisible();
    await shot('password-change');
    // A guarded route sends them back here until they have changed it.
    await page.goto('/user/portal');
    await expect(page).toHaveURL(/\/login$/);
    await expect(change.form).toBeVisible();
    await change.change('given-password-1', 'my-own-password-1');
    await expect(page).toHaveURL(/\/user\/portal$/);
    await expect(page.getByTestId('portal-welcome')).toContainText('Zainab Kareem');
  });
});
