import { readFileSync } from 'node:fs';
import { test, expect } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';

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
});
