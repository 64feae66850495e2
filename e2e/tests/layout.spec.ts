import path from 'node:path';
import { test, expect, arabicWord, iraqiMobile, translator } from '../support/fixtures.ts';
import { AppShell } from '../pages/app-shell.ts';
import { ROOT } from '../support/server.ts';

test.describe('main layout', () => {
  test('theme and direction persist after a reload; choosing a language resets the direction', async ({
    page,
    t,
    lang,
    signIn,
    shot,
  }) => {
    await signIn();
    await page.goto('/user/portal');
    const shell = new AppShell(page, t);
    const html = page.locator('html');
    const own = lang === 'ar' ? 'rtl' : 'ltr';
    const other = lang === 'ar' ? 'ltr' : 'rtl';
    await expect(html).toHaveAttribute('dir', own);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await shell.openSettings();
    await expect(shell.drawer.getByTestId('logout')).toBeVisible();
    await shot('settings-drawer');
    await shell.toggleDarkTheme();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('isDark'))).toBe('0');
    await shell.chooseDirection(other);
    await expect(html).toHaveAttribute('dir', other);
    expect(await page.evaluate(() => localStorage.getItem('dir'))).toBe(other);
    await shell.closeSettings();
    await shot('portal-dark-flipped');

    await page.reload();
    await expect(page.getByTestId('portal-welcome')).toBeVisible();
    await expect(html).toHaveAttribute('dir', other);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    // Back to light and the language's own direction.
    await shell.openSettings();
    await shell.toggleDarkTheme();
    await shell.chooseDirection(own);
    await expect(html).toHaveAttribute('dir', own);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('isDark'))).toBe('1');

    // The other language: its texts, its direction; kept after a reload.
    const otherLang = lang === 'ar' ? 'en' : 'ar';
    const t2 = translator(otherLang);
    await shell.chooseLanguage(otherLang);
    await expect(html).toHaveAttribute('lang', otherLang);
    await expect(html).toHaveAttribute('dir', otherLang === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('dialog', { name: t2('settings.title') })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('lang'), localStorage.getItem('dir')])).toEqual([
      otherLang,
      otherLang === 'ar' ? 'rtl' : 'ltr',
    ]);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: t2('portal.title') })).toBeVisible();
    await expect(html).toHaveAttribute('dir', otherLang === 'ar' ? 'rtl' : 'ltr');
  });

  test('Ctrl+K focuses the search and Enter opens the patient list; Ctrl+B toggles the side panel', async ({
    page,
    t,
    signIn,
    shot,
  }) => {
    await signIn();
    await page.goto('/user/portal');
    const shell = new AppShell(page, t);
    await expect(shell.search).not.toBeFocused();
    await page.keyboard.press('Control+KeyK');
    await expect(shell.search).toBeFocused();
    await page.keyboard.type('محمد علي');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/patients/${encodeURIComponent('محمد علي')}`);
    await expect(page.getByTestId('patient-search')).toHaveValue('محمد علي');
    // Every route of the spec has its screen now (the pending page stays for routes to come).
    await page.goto('/notification');
    await expect(page.getByRole('heading', { level: 1, name: t('notifications.title') })).toBeVisible();

    const toggle = page.getByTestId('side-panel-toggle');
    const viewport = page.viewportSize()!;
    const onScreen = async () => {
      const box = await shell.sidePanel.boundingBox();
      return !!box && box.x + box.width > 1 && box.x < viewport.width - 1;
    };
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(onScreen).toBe(true);
    await shell.search.blur();
    await page.keyboard.press('Control+KeyB');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(onScreen).toBe(false);
    await shot('side-panel-closed');
    // Also while typing in a field.
    await page.keyboard.press('Control+KeyK');
    await page.keyboard.press('Control+KeyB');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(onScreen).toBe(true);

    // With an Arabic keyboard layout the K key types ن: the shortcut follows the key, not the letter.
    await shell.search.blur();
    const cdp = await page.context().newCDPSession(page);
    const arabicK = { modifiers: 2, key: 'ن', code: 'KeyK', windowsVirtualKeyCode: 75 };
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...arabicK });
    await cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...arabicK });
    await expect(shell.search).toBeFocused();
  });

  test('on a tablet (820 px) the side panel starts closed, remembers the choice, and row actions stay on screen', async ({
    page,
    api,
    signIn,
    shot,
  }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `زينب ${arabicWord()} الموسوي`,
      phone: iraqiMobile(),
    });
    await api.queue(session.token, patient.id, { note: 'ملاحظة طويلة عن سبب الزيارة' });
    await page.goto(`/queue?q=${encodeURIComponent(patient.name)}`);
    const toggle = page.getByTestId('side-panel-toggle');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const row = page.getByTestId('queue-row').filter({ hasText: patient.name });
    await expect(row.getByTestId('queue-row-menu')).toBeInViewport({ ratio: 1 });
    await expect(row.getByTestId('queue-row-phone')).toHaveCSS('white-space', 'nowrap');
    await shot('tablet-queue');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await page.reload();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('at 1366×768 the queue list starts on the first screen, below a short add form', async ({
    page,
    lang,
    api,
    signIn,
    shot,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `سجى ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    await api.queue(session.token, patient.id);
    await page.goto('/queue');
    // Without scrolling: the first row of the list is wholly on screen.
    await expect(page.getByTestId('queue-row').first()).toBeInViewport({ ratio: 1 });
    await shot('queue-1366');

    // The same screen as the server draws it, before any of its code has run: already styled, the time field's
    // hours and minutes side by side in it (their styles once came with the screen's code, after the first paint).
    const drawn = await page
      .context()
      .browser()!
      .newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
    const beforeCode = await drawn.newPage();
    await beforeCode.setViewportSize({ width: 1366, height: 768 });
    await beforeCode.goto(page.url());
    await expect(beforeCode.locator('#root')).toHaveAttribute('inert');
    await expect(beforeCode.getByTestId('queue-row').first()).toBeInViewport({ ratio: 1 });
    const [field, hours, minutes] = await Promise.all(
      ['queue-time', 'time-hours', 'time-minutes'].map((id) => beforeCode.getByTestId(id).boundingBox()),
    );
    for (const part of [hours, minutes]) {
      expect(part!.y).toBeGreaterThanOrEqual(field!.y);
      expect(part!.y + part!.height).toBeLessThanOrEqual(field!.y + field!.height);
    }
    // Not `shot`: it waits for the fonts with a script, and this page runs none.
    await beforeCode.screenshot({
      path: path.join(ROOT, 'e2e/screenshots', `${lang}-queue-1366-as-drawn.png`),
    });
    await drawn.close();
  });

  test('the Arabic font is bundled and served by the app itself', async ({ page, baseURL }) => {
    const fonts: string[] = [];
    page.on('response', (response) => {
      if (/\.woff2?$/.test(response.url())) fonts.push(response.url());
    });
    await page.addInitScript(() => localStorage.setItem('lang', 'ar'));
    await page.goto('/login');
    await page.locator('input[name="email"]').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Arabic Variable"', 'بصيرة'))).toBe(
      true,
    );
    expect(fonts.some((url) => url.startsWith(baseURL!) && /noto-sans-arabic-arabic/.test(url))).toBe(true);
  });
});
