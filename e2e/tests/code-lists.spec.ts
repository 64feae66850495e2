import { expect, test, unique } from '../support/fixtures.ts';

/**
 * The options screen's two code-list tabs (issue 16): the administrator finds a diagnosis in the project's
 * language, adds a clinic entry, stars and deletes it; then finds a drug by its brand, adds one with two ingredients
 * to the formulary (one found by its name, one by a brand), edits it and removes it. Both language projects share
 * one server, so every name made here is unique.
 */
test.describe('code lists on the options screen', () => {
  test('an administrator edits the diagnosis list and the drug formulary', async ({
    page,
    t,
    lang,
    signIn,
    shot,
    axe,
  }) => {
    await signIn();
    await page.goto('/setting/options');
    await page.getByRole('tab', { name: t('codeLists.tabs.diagnoses') }).click();

    // Found by words of the project's language (normalised Arabic: no hamza, no article needed).
    const search = page.getByTestId('diagnosis-search');
    await search.fill(lang === 'ar' ? 'ماء ازرق' : 'open-angle glaucoma');
    const rows = page.getByTestId('diagnosis-row');
    const poag = rows.filter({ hasText: 'H40.1' });
    await expect(poag).toContainText('الزرق مفتوح الزاوية الأولي');
    await expect(poag).toContainText('Primary open-angle glaucoma');
    await shot('code-lists-diagnoses');
    expect(await axe()).toEqual([]);

    // A clinic entry: added, found by its code, starred, deleted.
    const code = unique('X').slice(0, 16).toUpperCase();
    await page.getByTestId('diagnosis-new-code').fill(code);
    await page.getByTestId('diagnosis-new-ar').fill('جفاف العين بعد الليزك');
    await page.getByTestId('diagnosis-new-en').fill('Dry eye after LASIK');
    await page.getByTestId('diagnosis-add').click();
    await expect(search).toHaveValue(code);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(t('codeLists.diagnoses.custom'));
    const star = rows.first().getByTestId('diagnosis-favourite');
    await expect(star).toHaveAttribute('aria-pressed', 'false');
    await star.click();
    await expect(star).toHaveAttribute('aria-pressed', 'true');
    await rows.first().getByTestId('diagnosis-delete').click();
    await page.getByTestId('diagnosis-delete-confirm').click();
    await expect(page.getByText(t('codeLists.empty'))).toBeVisible();

    // The formulary: found by a brand sold in Iraq.
    await page.getByRole('tab', { name: t('codeLists.tabs.drugs') }).click();
    const drugSearch = page.getByTestId('drug-search');
    await drugSearch.fill('tobradex');
    const drugs = page.getByTestId('drug-row');
    await expect(drugs).toHaveCount(2);
    await expect(drugs.first()).toContainText('Tobramycin 0.3% + dexamethasone 0.1%');
    await expect(drugs.first()).toContainText(t('codeLists.classes.steroid'));
    await expect(drugs.first()).toContainText(t('codeLists.frequency.timesPerDay', { count: 4 }));
    expect(await axe()).toEqual([]);

    // Added with a brand, two ingredients with their strengths, a class, a dose and a frequency; edited; removed.
    const brand = unique('Brand');
    await page.getByTestId('drug-add').click();
    await page.getByTestId('drug-name').fill('Dorzolamide 2% + timolol 0.5% (clinic)');
    await page.getByTestId('drug-name-ar').fill('قطرة دورزولاميد ٢٪ + تيمولول ٠٫٥٪');
    await page.getByTestId('drug-brands').fill(brand);
    await page.getByTestId('drug-brands').press('Enter');
    // Without ingredients the prescription check cannot read it: the form says so until they are given.
    await expect(page.getByTestId('drug-form-not-checked')).toBeVisible();
    const ingredientSearch = page.getByTestId('drug-ingredient-search');
    const option = page.getByTestId('drug-ingredient-option');
    // One by its name in the project's language, one by a brand of the formulary (Timoptol is timolol).
    await ingredientSearch.fill(lang === 'ar' ? 'دورزولاميد' : 'dorzolamide');
    await option
      .filter({ hasText: lang === 'ar' ? 'دورزولاميد' : 'dorzolamide' })
      .first()
      .click();
    await ingredientSearch.fill('Timoptol');
    await option
      .filter({ hasText: lang === 'ar' ? 'تيمولول' : 'timolol' })
      .first()
      .click();
    const ingredients = page.getByTestId('drug-ingredient');
    await expect(ingredients).toHaveCount(2);
    await ingredients.nth(0).getByTestId('drug-ingredient-strength').fill('2');
    await ingredients.nth(1).getByTestId('drug-ingredient-strength').fill('0.5');
    await expect(page.getByTestId('drug-form-not-checked')).toBeHidden();
    await page.getByTestId('drug-class-select').click();
    await page.getByRole('option', { name: t('codeLists.classes.betaBlocker'), exact: true }).click();
    await page.getByTestId('drug-dose').fill('1');
    await page.getByTestId('drug-frequency-kind').click();
    await page.getByRole('option', { name: t('codeLists.frequencyKinds.timesPerDay') }).click();
    await page.getByTestId('drug-frequency-count').fill('2');
    await shot('code-lists-drug-form');
    expect(await axe()).toEqual([]);
    await page.getByTestId('drug-save').click();
    await expect(page.getByTestId('drug-form')).toBeHidden();

    await drugSearch.fill(brand);
    await expect(drugs).toHaveCount(1);
    await expect(drugs.first()).toContainText('Dorzolamide 2% + timolol 0.5% (clinic)');
    await expect(drugs.first()).toContainText('قطرة دورزولاميد ٢٪ + تيمولول ٠٫٥٪');
    await expect(drugs.first()).toContainText(t('codeLists.doses.drop', { count: 1 }));
    await expect(drugs.first()).toContainText(t('codeLists.frequency.timesPerDay', { count: 2 }));
    await expect(drugs.first().getByTestId('drug-not-checked')).toHaveCount(0);
    await drugs.first().getByTestId('drug-edit').click();
    await expect(page.getByTestId('drug-ingredient-name')).toHaveText(
      lang === 'ar' ? ['دورزولاميد', 'تيمولول'] : ['dorzolamide', 'timolol'],
    );
    await expect(page.getByTestId('drug-ingredient-strength').nth(1)).toHaveValue('0.5');
    await page.getByTestId('drug-dose').fill('2');
    await page.getByTestId('drug-save').click();
    await expect(drugs.first()).toContainText(t('codeLists.doses.drop', { count: 2 }));
    await shot('code-lists-drugs');
    await drugs.first().getByTestId('drug-delete').click();
    await page.getByTestId('drug-delete-confirm').click();
    await expect(page.getByText(t('codeLists.empty'))).toBeVisible();
  });
});
