import path from 'node:path';
import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';
import { ROOT } from '../support/server.ts';
import { ExamFormPage } from '../pages/exam-pages.ts';

test.describe('prescribing a pharmacist would trust', () => {
  test('an allergy and a condition recorded on the file warn on the drug’s own row; a contraindication is given only with a reason', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
    axe,
  }) => {
    test.slow();
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `سارة ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const visit = await api.queue(session.token, patient.id);

    // On the file: a sulfa allergy picked from the formulary's classes, one in the patient's own words, and asthma.
    await page.goto(`/patient/${patient.id}`);
    await page
      .getByTestId('patient-file-actions')
      .getByRole('button', { name: t('common.edit') })
      .click();
    const dialog = page.getByTestId('patient-form');
    await dialog.getByTestId('patient-allergy-add').click();
    await dialog
      .getByTestId('patient-allergy')
      .last()
      .fill(lang === 'ar' ? 'سلفا' : 'sulfa');
    await page
      .getByRole('option')
      .filter({ hasText: lang === 'ar' ? 'سلفوناميد' : 'sulfonamide' })
      .first()
      .click();
    await dialog.getByTestId('patient-allergy-severity').last().click();
    await page.getByRole('option', { name: t('patients.alerts.severities.severe'), exact: true }).click();
    await dialog.getByTestId('patient-allergy-add').click();
    await dialog.getByTestId('patient-allergy').last().fill('the blue drops');
    await dialog.getByTestId('patient-conditions').click();
    await page.getByRole('option', { name: lang === 'ar' ? 'الربو' : 'Asthma', exact: true }).click();
    await page.keyboard.press('Escape');
    await shot('patient-allergies-form');
    await page.getByTestId('patient-submit').click();
    await expect(dialog).toBeHidden();
    const alerts = page.getByTestId('patient-alerts');
    await expect(alerts.getByTestId('patient-allergy')).toHaveCount(2);
    // Words that name no substance say they were not checked.
    await expect(alerts.getByTestId('allergy-unchecked')).toHaveCount(1);
    await expect(alerts.getByTestId('patient-conditions')).toContainText(lang === 'ar' ? 'الربو' : 'Asthma');

    // The consultation opens with them at its head.
    await page.goto(`/consultation/${patient.id}/${visit.id}`);
    const form = new ExamFormPage(page);
    await expect(page.getByTestId('patient-alerts')).toContainText(lang === 'ar' ? 'الربو' : 'Asthma');
    // The next visit is the date picker of every other date field, typed day first, not the browser's own
    // mm/dd/yyyy box (issue 50).
    const nextVisit = form.field('nextVisit');
    await expect(nextVisit).not.toHaveAttribute('type', 'date');
    await nextVisit.fill('9/12/2026');
    await nextVisit.press('Tab');
    await expect(nextVisit).toHaveValue('2026-12-09');

    // Timolol for an asthmatic: the warning on its own row, as it is picked.
    const pick = async (index: number, typed: string) => {
      if (index > 0) await page.getByTestId('exam-add-medications').click();
      const input = form.field(`medications.${index}.drugId`);
      await input.click();
      await page.keyboard.type(typed);
      await expect(page.getByRole('option').first()).toContainText(new RegExp(typed, 'i'));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    await pick(0, 'Timolol 0.5%');
    const rows = page.getByTestId('medication-warnings');
    await expect(rows.first().getByTestId('consultation-warning-beta-blocker-asthma')).toBeVisible();
    // Dorzolamide for a sulfa allergy, on the second row.
    await pick(1, 'Dorzolamide 2%');
    await expect(rows.nth(1).getByTestId('consultation-warning-allergy-sulfonamide')).toContainText(
      lang === 'ar' ? 'السلفوناميدات' : 'sulfonamide',
    );
    // The allergy no substance matched is named in the list above the save.
    await expect(page.getByTestId('consultation-warnings')).toContainText('the blue drops');

    // Saving is held until each contraindicated drug has its reason.
    await form.submit.click();
    await expect(rows.first().getByTestId('medication-override-reason')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page).toHaveURL(/\/consultation\/\d+\/\d+$/);
    await shot('consultation-warnings');
    // The rows themselves, below the fold of the window's shot.
    await page.getByTestId('exam-section-medications').screenshot({
      path: path.join(ROOT, 'e2e/screenshots', `${lang}-consultation-medication-warnings.png`),
    });
    expect(await axe()).toEqual([]);
    await rows
      .first()
      .getByTestId('medication-override-reason')
      .fill('Mild asthma, controlled; betaxolol out of stock');
    await rows.nth(1).getByTestId('medication-override-reason').fill('Tolerated dorzolamide for two years');
    const id = await form.save('consultation');

    // As saved, the warnings and the reasons are the record's.
    const saved = await api.call<{ data: { nextVisit: string; derived: { warnings: { code: string }[] } } }>(
      'GET',
      `mo/exam/consultation/${id}`,
      session.token,
    );
    expect(saved.data.nextVisit).toBe('2026-12-09');
    expect(saved.data.derived.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(['beta-blocker-asthma', 'allergy-sulfonamide', 'allergy-unchecked']),
    );
    await expect(rows.first().getByTestId('medication-override-reason')).toHaveValue(/betaxolol/);
  });
});
