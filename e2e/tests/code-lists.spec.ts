import { expect, test, unique } from '../support/fixtures.ts';

/**
 * The options screen's two code-list tabs (issue 16): the administrator finds a diagnosis in the project's
 * language, adds a clinic entry, stars and deletes it; then finds a drug by its brand, adds one to the formulary,
 * edits it and removes it. Both language projects share one server, so every name made here is unique.
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

    // Added with a brand, a class and a frequency; edited; removed.
    const brand = unique('Brand');
    await page.getByTestId('drug-add').click();
    await page.getByTestId('drug-name').fill('Loteprednol 0.2%');
    await page.getByTestId('drug-brands').fill(brand);
    await page.getByTestId('drug-brands').press('Enter');
    await page.getByTestId('drug-class-select').click();
    await page.getByRole('option', { name: t('codeLists.classes.steroid'), exact: true }).click();
    await page.getByTestId('drug-dose').fill('1 drop');
    await page.getByTestId('drug-frequency-kind').click();
    await page.getByRole('option', { name: t('codeLists.frequencyKinds.timesPerDay') }).click();
    await page.getByTestId('drug-frequency-count').fill('3');
    await shot('code-lists-drug-form');
    await page.getByTestId('drug-save').click();
    await expect(page.getByTestId('drug-form')).toBeHidden();

    await drugSearch.fill(brand);
    await expect(drugs).toHaveCount(1);
    await expect(drugs.first()).toContainText('Loteprednol 0.2%');
    await expect(drugs.first()).toContainText(t('codeLists.frequency.timesPerDay', { count: 3 }));
    await drugs.first().getByTestId('drug-edit').click();
    await page.getByTestId('drug-dose').fill('2 drops');
    await page.getByTestId('drug-save').click();
    await expect(drugs.first()).toContainText('2 drops');
    await shot('code-lists-drugs');
    await drugs.first().getByTestId('drug-delete').click();
    await page.getByTestId('drug-delete-confirm').click();
    await expect(page.getByText(t('codeLists.empty'))).toBeVisible();
  });
});
