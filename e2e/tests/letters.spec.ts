import path from 'node:path';
import { AppShell } from '../pages/app-shell.ts';
import { arabicWord, expect, iraqiMobile, test, type Lang } from '../support/fixtures.ts';
import { ROOT } from '../support/server.ts';

const SHOTS = path.join(ROOT, 'e2e/screenshots');

/** The referral template each language's project picks, and the word the doctor adds. */
const REFERRAL: Record<Lang, { name: string; word: string }> = {
  ar: { name: 'رسالة إحالة', word: 'عاجل' },
  en: { name: 'Referral letter', word: 'Urgent' },
};

test.describe('letters', () => {
  test('the doctor makes a referral letter on the board, edits a word, saves it and prints it', async ({
    page,
    api,
    signIn,
    t,
    lang,
    shot,
  }) => {
    const session = await signIn();
    const name = lang === 'ar' ? `زينب ${arabicWord()}` : `Zainab ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), age: 46 });
    const entry = await api.queue(session.token, patient.id);
    await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);
    await api.call('POST', 'mo/exam/spectacles', session.token, {
      patientId: patient.id,
      queueId: entry.id,
      readings: [
        {
          kind: 'subjective',
          isFinal: true,
          right: { sphere: -2, cylinder: -0.75, axis: 90 },
          left: { sphere: -1.5 },
        },
      ],
    });

    await page.goto(`/boards/${patient.id}/${entry.id}`);
    const card = page.getByTestId('board-letters');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('board-letters-empty')).toHaveText(t('letters.card.empty'));

    // Choose the referral template of the page's language, then Create.
    const { name: templateName, word } = REFERRAL[lang];
    await card.getByTestId('letter-template-select').click();
    await page
      .getByRole('option', { name: `${templateName} (${t(`letters.languages.${lang}`)})`, exact: true })
      .click();
    await card.getByTestId('letter-create').click();

    const editor = card.getByTestId('letter-editor');
    await expect(editor).toBeVisible();
    const text = editor.getByRole('textbox', { name: t('letters.card.body') });
    // The merge fields are filled in: the patient's name and the last Rx, signs left of their digits.
    await expect(text).toContainText(name);
    await expect(text).toContainText('-2.00 -0.75 × 090');
    await expect(text).not.toContainText('{{');
    await shot('letters-board');
    // The card itself (below the fold of the board): the template picker and the letter in the editor.
    await card.screenshot({ path: path.join(SHOTS, `${lang}-letters-card.png`) });

    // Edit a word: added at the end of the letter, then saved.
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(` ${word}`);
    await editor.getByTestId('letter-save').click();
    // Saved, not only saving: the button is disabled while the save is under way too.
    await expect(page.getByRole('status').filter({ hasText: t('letters.card.saved') })).toBeVisible();
    await expect(editor.getByTestId('letter-save')).toBeDisabled();
    await expect(card.getByTestId('board-letter-row')).toHaveCount(1);
    const { data: letters } = await api.call<{ data: { id: number; body: string; version: number }[] }>(
      'GET',
      `mo/letter?patientId=${patient.id}`,
      session.token,
    );
    expect(letters).toHaveLength(1);
    expect(letters[0]!.version).toBe(2);
    expect(letters[0]!.body).toContain(word);
    // The editor keeps the isolates that hold the prescription's signs left of its digits.
    expect(letters[0]!.body).toContain('\u2066R \u2066-2.00 -0.75 × 090\u2069 · L \u2066-1.50\u2069\u2069');

    // Print opens the letter in its own tab, in the clinic's frame.
    const [sheet] = await Promise.all([
      page.context().waitForEvent('page'),
      editor.getByTestId('letter-print').click(),
    ]);
    await expect(sheet.getByTestId('print-sheet')).toBeVisible();
    await expect(sheet.getByTestId('print-title')).toHaveText(templateName);
    await expect(sheet.getByTestId('print-patient-name')).toHaveText(name);
    const body = sheet.getByTestId('letter-body');
    await expect(body).toContainText(name);
    await expect(body).toContainText(word);
    await expect(body).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
    // On paper the prescription reads left to right in either language: R before L, each sign before its digits.
    const at = await body.evaluate((element) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        const start = text.indexOf('\u2066R ');
        if (start < 0) continue;
        const x = (needle: string) => {
          const range = document.createRange();
          const i = text.indexOf(needle, start);
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          return range.getBoundingClientRect().x;
        };
        return { r: x('R'), l: x('L '), minus: x('-2.00'), two: x('2.00') };
      }
      return null;
    });
    expect(at).not.toBeNull();
    expect(at!.r).toBeLessThan(at!.l);
    expect(at!.minus).toBeLessThan(at!.two);
    await sheet.evaluate(() => document.fonts.ready);
    await shot('letters-print', sheet);
    await sheet.close();
  });

  test('a sick-leave certificate asks for its days and words them; the Arabic follows the patient’s sex', async ({
    page,
    api,
    signIn,
    t,
    lang,
  }) => {
    const session = await signIn();
    const name = lang === 'ar' ? `مريم ${arabicWord()}` : `Maryam ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), isMale: 0 });
    const entry = await api.queue(session.token, patient.id);
    await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);

    await page.goto(`/boards/${patient.id}/${entry.id}`);
    const card = page.getByTestId('board-letters');
    await expect(card).toBeVisible();
    const templateName = lang === 'ar' ? 'إجازة مرضية' : 'Sick-leave certificate';
    await card.getByTestId('letter-template-select').click();
    await page
      .getByRole('option', { name: `${templateName} (${t(`letters.languages.${lang}`)})`, exact: true })
      .click();
    // No letter without its days.
    await expect(card.getByTestId('letter-create')).toBeDisabled();
    await card.getByTestId('letter-days').fill('14');
    await card.getByTestId('letter-create').click();
    const text = card.getByTestId('letter-editor').getByRole('textbox', { name: t('letters.card.body') });
    if (lang === 'ar') {
      await expect(text).toContainText('مدتها ١٤ يومًا');
      await expect(text).toContainText('نشهد بأن المريضة');
      await expect(text).toContainText('قد راجعت عيادتنا');
      await expect(text).not.toContainText('/ة');
    } else {
      await expect(text).toContainText('sick leave of 14 days');
      await expect(text).toContainText('She is unfit for work');
    }
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await card.screenshot({ path: path.join(SHOTS, `${lang}-letters-sick-leave.png`) });

    // A word typed and not saved: a menu link asks first, and Stay keeps the board with the word.
    await text.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' Unsaved');
    await new AppShell(page, t).menuItem('userPortal').click();
    const leave = page.getByRole('dialog', { name: t('layout.leave.title') });
    await leave.getByRole('button', { name: t('layout.leave.stay') }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/boards/${patient.id}/${entry.id}$`));
    await expect(text).toContainText('Unsaved');
  });

  test('the print-settings screen lists the seeded letter templates and edits one', async ({
    page,
    signIn,
    t,
    lang,
  }) => {
    await signIn();
    await page.goto('/printSetting');
    const section = page.getByTestId('letter-templates');
    await expect(section.getByTestId('letter-template-row')).toHaveCount(8);
    const { name } = REFERRAL[lang];
    await section
      .getByTestId('letter-template-row')
      .filter({ hasText: name })
      .filter({ hasText: t(`letters.languages.${lang}`) })
      .getByTestId('letter-template-edit')
      .click();
    const form = section.getByTestId('letter-template-form');
    await expect(form.getByTestId('letter-template-name')).toHaveValue(name);
    await expect(form.getByRole('textbox', { name: t('letters.templates.body') })).toContainText(
      '{{patient.name}}',
    );
    await expect(form.getByTestId('letter-merge-lastRx')).toBeVisible();
    await expect(form.getByTestId('letter-merge-referral.reason')).toBeVisible();
    // The Arabic template is written once for both sexes.
    if (lang === 'ar')
      await expect(form.getByRole('textbox', { name: t('letters.templates.body') })).toContainText(
        '{{المريض|المريضة}}',
      );
    await expect(form.getByTestId('letter-gender-hint')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await section.screenshot({ path: path.join(SHOTS, `${lang}-letters-templates.png`) });
    await form.getByTestId('letter-template-cancel').click();
    await expect(form).toHaveCount(0);
  });

  test('the card pages a patient’s letters, and a link sent in a letter prints as its text (issue 50)', async ({
    page,
    api,
    signIn,
    t,
    lang,
    shot,
  }) => {
    const session = await signIn();
    const name = lang === 'ar' ? `هدى ${arabicWord()}` : `Huda ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), age: 52 });
    const entry = await api.queue(session.token, patient.id);
    await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);
    const { data: templates } = await api.call<{ data: { id: number; kind: string; language: string }[] }>(
      'GET',
      'mo/letter-template',
      session.token,
    );
    const template = templates.find((tpl) => tpl.kind === 'report' && tpl.language === lang)!;
    const made: { id: number; version: number }[] = [];
    for (let i = 0; i < 12; i++)
      made.push(
        (
          await api.call<{ data: { id: number; version: number } }>('POST', 'mo/letter', session.token, {
            patientId: patient.id,
            queueId: entry.id,
            templateId: template.id,
          })
        ).data,
      );
    // The newest letter carries a link, as an attacker (or a paste) would send it.
    const newest = made.at(-1)!;
    await api.call('POST', `mo/letter/${newest.id}`, session.token, {
      version: newest.version,
      title: 'Linked',
      body: '<p dir="auto">Pay at <a href="https://evil.example/pay">the clinic portal</a> today.</p>',
    });

    await page.goto(`/boards/${patient.id}/${entry.id}`);
    const card = page.getByTestId('board-letters');
    await expect(card.getByTestId('board-letter-row')).toHaveCount(10);
    const pages = card.getByTestId('board-letters-pages');
    await expect(pages).toBeVisible();
    await expect(card.getByTestId('board-letter-row').first()).toContainText('Linked');
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await card.screenshot({ path: path.join(SHOTS, `${lang}-letters-card-pages.png`) });
    await pages.getByRole('button', { name: t('pagination.page', { page: 2 }) }).click();
    await expect(card.getByTestId('board-letter-row')).toHaveCount(2);
    await expect(card.getByTestId('board-letter-row').first()).not.toContainText('Linked');

    // On paper the link is its words, with nothing to click.
    const sheet = await page.context().newPage();
    await sheet.goto(`/print/letter/${newest.id}`);
    const body = sheet.getByTestId('letter-body');
    await expect(body).toContainText('Pay at the clinic portal today.');
    await expect(body.locator('a')).toHaveCount(0);
    await sheet.evaluate(() => document.fonts.ready);
    await shot('letters-print-link-as-text', sheet);
    await sheet.close();
  });
});
