import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, handSession, type Session } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ROOT, startServer } from '../support/server.ts';

const CLINIC = { slug: 'north', email: 'admin@north.test', password: 'north-password-1' };

/**
 * A server whose data holds a clinic beside the installation's own organization, as `create-org` makes one
 * (docs/organizations), and a session of that clinic's administrator with the password already changed.
 */
async function clinicServer() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basira-e2e-clinic-'));
  execFileSync(
    process.execPath,
    [
      path.join(ROOT, 'packages/server/dist/cli.js'),
      'create-org',
      '--slug',
      CLINIC.slug,
      '--name',
      'North Eye Clinic',
      '--admin-email',
      CLINIC.email,
      '--admin-password',
      'first-password-1',
    ],
    { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
  );
  const server = await startServer({ DATA_DIR: dataDir });
  const call = async <T>(url: string, body: unknown, token?: string): Promise<T> => {
    const res = await fetch(`${server.baseURL}/api/${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-organization': CLINIC.slug,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };
  const first = await call<Session>('login', { email: CLINIC.email, password: 'first-password-1' });
  await call(
    'profile',
    {
      name: 'North Administrator',
      email: CLINIC.email,
      currentPassword: 'first-password-1',
      password: CLINIC.password,
      password_confirmation: CLINIC.password,
    },
    first.token,
  );
  const session = await call<Session>('login', { email: CLINIC.email, password: CLINIC.password });
  return {
    baseURL: server.baseURL,
    session,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test.describe('backups', () => {
  test('the administrator sees the daily backup made at start and downloads a fresh one', async ({
    page,
    t,
    signIn,
    shot,
  }) => {
    await signIn();
    await page.goto('/user/portal');
    await new AppShell(page, t).menuItem('backup').click();
    await expect(page).toHaveURL(/\/backup$/);
    const status = page.getByTestId('backup-status');
    // The server made one on its first start (nothing had been backed up yet).
    await expect(status).toContainText(t('backup.ok'));
    await expect(page.getByTestId('backup-stale')).toHaveCount(0);
    await expect(page.getByTestId('backup-list').locator('tbody tr').first()).toContainText(
      /basira-\d{8}-\d{6}/,
    );
    await shot('backup');

    const download = page.waitForEvent('download');
    await page.getByTestId('backup-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^basira-\d{8}-\d{6}(-\d+)?\.tar$/);
    // A tar whose last entries are the manifest and its hash.
    const bytes = readFileSync((await file.path())!);
    expect(bytes.includes(Buffer.from('"format": "basira-backup"'))).toBe(true);
    await expect(status).toContainText(t('backup.trigger.download'));
  });

  test('a clinic’s administrator has no Backups item, and /backup says who keeps the backups', async ({
    page,
    t,
    shot,
  }) => {
    const clinic = await clinicServer();
    try {
      await page.addInitScript((slug) => localStorage.setItem('organization', slug), CLINIC.slug);
      await handSession(page, clinic.session);
      await page.goto(`${clinic.baseURL}/user/portal`);
      const shell = new AppShell(page, t);
      await expect(page.getByTestId('portal-welcome')).toContainText('North Eye Clinic');
      // What the administrator can do is there; what the server keeps for every clinic is not offered.
      await expect(shell.menuItem('auditIndex')).toBeVisible();
      await expect(shell.menuItem('backup')).toHaveCount(0);
      await expect(page.getByTestId('portal-backup')).toHaveCount(0);

      // An old bookmark or a typed address: a page that says so, not a bounce.
      await page.goto(`${clinic.baseURL}/backup`);
      const notHere = page.getByTestId('backup-not-here');
      await expect(notHere).toContainText(t('backup.notHereTitle'));
      await expect(notHere).toContainText(t('backup.notHereText'));
      await page.waitForTimeout(500);
      await expect(page).toHaveURL(/\/backup$/);
      await expect(page.getByTestId('backup-download')).toHaveCount(0);
      await shot('backup-clinic-administrator');
    } finally {
      await clinic.stop();
    }
  });
});
