import type { Page } from '@playwright/test';
import { Api, expect, handSession, test, type Lang } from '../support/fixtures.ts';
import { startServer } from '../support/server.ts';
import { AppShell } from '../pages/app-shell.ts';
import { PrintSettingsPage, solidPng } from '../pages/print-settings-pages.ts';

interface Setting {
  id: number;
  version: number;
  optometrist: string;
  specialist: string;
}

const TEXTS: Record<
  Lang,
  { optometrist: string; specialist: string; header: string; footer: string; name: string }
> = {
  ar: {
    optometrist: 'حسن جواد',
    specialist: 'د. مريم الساعدي',
    header: 'عيادة النور لطب العيون، شارع فلسطين، بغداد',
    footer: 'الدوام من السبت إلى الخميس',
    name: 'الفرع الرئيسي',
  },
  en: {
    optometrist: 'Hassan Jawad',
    specialist: 'Dr Maryam Al-Saadi',
    header: 'Al-Noor Eye Clinic, Palestine Street, Baghdad',
    footer: 'Open Saturday to Thursday',
    name: 'Main branch',
  },
};

/**
 * Print settings are the organization's (its default one is on every printout): each test has its own server,
 * so the print views' tests never print with a setting made here, and the first setting is this test's own.
 */
async function withOwnServer(page: Page, run: (base: string, api: Api, token: string) => Promise<void>) {
  const own = await startServer();
  try {
    const api = new Api(own.baseURL);
    const session = await api.admin();
    await handSession(page, session);
    await run(own.baseURL, api, session.token);
  } finally {
    await own.stop();
  }
}

test.describe('print settings', () => {
  test('an admin creates the clinic setting from the settings drawer with a live preview, then edits it', async ({
    page,
    t,
    lang,
    shot,
  }) => {
    const texts = TEXTS[lang];
    await withOwnServer(page, async (base) => {
      const shell = new AppShell(page, t);
      const settings = new PrintSettingsPage(page, t);
      await page.goto(`${base}/user/portal`);
      await shell.openSettings();
      await shell.drawer.getByRole('link', { name: t('settings.printSetting') }).click();
      await expect(page).toHaveURL(/\/printSetting$/);
      await expect(settings.heading).toBeVisible();
      await expect(page.getByTestId('print-setting-empty')).toHaveText(t('printSetting.empty'));
      // The organization's first setting is its default, whatever the switch says.
      await expect(settings.isDefault).toBeChecked();
      await expect(settings.isDefault).toBeDisabled();

      // The preview follows the typing: names, colour, header, footer, logo, zero style, paper.
      await settings.optometrist.fill(texts.optometrist);
      await settings.specialist.fill(texts.specialist);
      await expect(settings.sheet('print-optometrist')).toHaveText(texts.optometrist);
      await expect(settings.sheet('print-specialist')).toHaveText(texts.specialist);
      await settings.setColor('#1c3f94');
      await expect(settings.sheet('print-title')).toHaveCSS('color', 'rgb(28, 63, 148)');
      await settings.header.click();
      await page.keyboard.type(texts.header);
      await expect(settings.sheet('print-header')).toHaveText(texts.header);
      await settings.footer.click();
      await page.keyboard.type(texts.footer);
      await expect(settings.sheet('print-footer')).toHaveText(texts.footer);
      await settings.logoInput.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: solidPng(48, [28, 63, 148]),
      });
      await expect(settings.logoImage).toBeVisible();
      await expect(settings.sheet('print-logo')).toBeVisible();
      await expect(settings.distanceCell('left', 'sphere')).toHaveText('Plano');
      await expect(settings.distanceCell('right', 'axis')).toHaveText('090');
      await settings.chooseZero('zeros');
      await expect(settings.distanceCell('left', 'sphere')).toHaveText('0.00');
      // Every digit of the sheet in one system: Arabic-Indic, the sign still on its left; then Western again.
      await settings.chooseDigits('arabic');
      await expect(settings.distanceCell('right', 'sphere')).toHaveText('-٢٫٢٥');
      await expect(settings.distanceCell('left', 'sphere')).toHaveText('٠٫٠٠');
      await settings.chooseDigits('western');
      await expect(settings.distanceCell('right', 'axis')).toHaveText('090');
      await expect(settings.sheet('print-sheet')).toHaveAttribute('data-paper', 'A5');
      await settings.choosePaper('A4');
      await expect(settings.sheet('print-sheet')).toHaveAttribute('data-paper', 'A4');
      await shot('print-settings-create');

      await expect(settings.submit).toHaveText(t('printSetting.create'));
      await settings.submit.click();
      await expect(shell.toast(t('printSetting.savedCreate'))).toBeVisible();
      const row = settings.row(`${texts.optometrist} · ${texts.specialist}`);
      await expect(row.getByTestId('print-setting-default-badge')).toHaveText(t('printSetting.defaultBadge'));
      await expect(row.getByTestId('print-setting-paper-cell')).toHaveText(t('printSetting.paper.A4'));
      await expect(settings.editor).toHaveAttribute('data-mode', 'update');
      await expect(settings.submit).toHaveText(t('common.save'));

      // Edit: a name for the list, back to A5.
      await row.getByTestId('print-setting-edit').click();
      await settings.name.fill(texts.name);
      await settings.choosePaper('A5');
      await settings.submit.click();
      await expect(shell.toast(t('printSetting.savedUpdate'))).toBeVisible();
      const named = settings.row(texts.name);
      await expect(named.getByTestId('print-setting-default-badge')).toBeVisible();
      await expect(named.getByTestId('print-setting-paper-cell')).toHaveText(t('printSetting.paper.A5'));
      await expect(page.getByTestId('print-setting-row')).toHaveCount(1);

      // Saved for good: read again from the server.
      await page.reload();
      await expect(settings.name).toHaveValue(texts.name);
      await expect(settings.logoImage).toBeVisible();
      await expect(settings.sheet('print-header')).toHaveText(texts.header);
      await expect(settings.sheet('print-footer')).toHaveText(texts.footer);
      await expect(settings.distanceCell('left', 'sphere')).toHaveText('0.00');
      await expect(settings.sheet('print-title')).toHaveCSS('color', 'rgb(28, 63, 148)');
      await shot('print-settings-saved');
    });
  });

  test('the server refuses a file that is not an image; a colleague’s change is loaded; a setting is deleted', async ({
    page,
    t,
    lang,
    shot,
  }) => {
    const texts = TEXTS[lang];
    await withOwnServer(page, async (base, api, token) => {
      const shell = new AppShell(page, t);
      const settings = new PrintSettingsPage(page, t);
      const { data: setting } = await api.call<{ data: Setting }>('POST', 'mo/printSetting', token, {
        optometrist: texts.optometrist,
        specialist: texts.specialist,
        color: '#2b8a3e',
      });
      await settings.goto(base);
      await expect(settings.optometrist).toHaveValue(texts.optometrist);

      // A text file named .png: read as it is, refused by the server on its content, shown under the field.
      await settings.logoInput.setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: Buffer.from('This is a text file, not an image.\n'),
      });
      await expect(page.getByTestId('print-setting-logo-broken')).toHaveText(
        t('printSetting.logoUnreadable'),
      );
      await settings.submit.click();
      await expect(settings.logoError).toHaveText(t('validation.logo.unsupported_type'));
      await expect(shell.toast(t('printSetting.updateFailed'))).toBeVisible();
      await shot('print-settings-wrong-logo');
      await settings.logoRemove.click();
      await expect(settings.logoError).toHaveCount(0);

      // Someone else saves meanwhile: their version is loaded, and mine can be put back on top of it.
      const mine = `${texts.optometrist} 2`;
      const theirs = `${texts.specialist} 2`;
      await settings.optometrist.fill(mine);
      await api.call('POST', `mo/printSetting/${setting.id}`, token, {
        version: setting.version,
        specialist: theirs,
      });
      await settings.submit.click();
      await expect(settings.stale).toBeVisible();
      await expect(settings.specialist).toHaveValue(theirs);
      await expect(settings.optometrist).toHaveValue(texts.optometrist);
      await shot('print-settings-stale');
      await settings.stale.getByTestId('print-setting-stale-keep').click();
      await expect(settings.optometrist).toHaveValue(mine);
      await expect(settings.specialist).toHaveValue(theirs);
      await settings.submit.click();
      await expect(shell.toast(t('printSetting.savedUpdate'))).toBeVisible();
      await expect(settings.row(`${mine} · ${theirs}`)).toBeVisible();

      // Delete another setting, after the confirmation.
      const other = `${texts.name} B`;
      await api.call('POST', 'mo/printSetting', token, { name: other, paperSize: 'A4' });
      await settings.goto(base);
      await settings.row(other).getByTestId('print-setting-delete').click();
      const dialog = page.getByRole('dialog', { name: t('printSetting.confirmTitle') });
      await expect(dialog).toContainText(other);
      await dialog.getByTestId('confirm-yes').click();
      await expect(shell.toast(t('printSetting.deleted', { name: other }))).toBeVisible();
      await expect(settings.row(other)).toHaveCount(0);
      await expect(
        settings.row(`${mine} · ${theirs}`).getByTestId('print-setting-default-badge'),
      ).toBeVisible();
    });
  });
});
