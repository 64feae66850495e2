import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';
import { PatientListPage } from '../pages/patients-pages.ts';

/** A 1×1 PNG: a real image, as the server checks uploads by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('patients', () => {
  test('a likely duplicate is warned about, never blocking; documents; editing', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const session = await signIn();
    const surname = arabicWord();
    const phone = iraqiMobile();
    const first = await api.createPatient(session.token, { name: `فاطمة ${surname}`, phone, isMale: 0 });

    const patients = new PatientListPage(page, t);
    await patients.goto();
    const form = await patients.openAdd();
    // Same person, other spelling, phone typed with the country code.
    await form.fill({
      name: `فاطمه ${surname}`,
      sex: 'female',
      birthDate: '7/3/2015',
      phone: `+964${phone.slice(1)}`,
    });
    await form.submit.click();
    const warning = page.getByTestId('patient-duplicates');
    await expect(warning.getByTestId('duplicate-candidate')).toContainText(first.name);
    await expect(form.submit).toHaveText(t('patients.saveAnyway'));
    await expect(form.submit).not.toHaveAttribute('data-loading');
    await shot('patient-duplicates');
    await form.submit.click();
    // Arabic agrees with the patient's sex: مسجَّلة for a woman.
    const savedLine = t('patients.savedLine', { name: `فاطمه ${surname}`, number: 0, context: 'female' });
    await expect(page.getByTestId('patient-saved')).toContainText(savedLine.replace(/0\.$/, ''));

    // Documents: upload (checked by content), list, download, delete.
    await patients.search.fill(surname);
    const row = patients.row(`فاطمه ${surname}`);
    await row.getByTestId('patient-documents-open').click();
    const documents = page.getByTestId('patient-documents');
    await documents.getByTestId('document-input').setInputFiles({
      name: 'not-really.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text, not an image'),
    });
    await expect(documents.getByRole('alert')).toContainText(t('errors.codes.document.unsupported_type'));
    await documents.getByTestId('document-input').setInputFiles({
      name: 'صورة قاع العين.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    const document = documents.getByTestId('document-row').filter({ hasText: 'صورة قاع العين.png' });
    await expect(document).toBeVisible();
    await shot('patient-documents');
    const download = page.waitForEvent('download');
    await document.getByTestId('document-download').click();
    expect((await download).suggestedFilename()).toBe('صورة قاع العين.png');
    await document.getByTestId('document-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(documents.getByTestId('document-row')).toHaveCount(0);
    await page.keyboard.press('Escape');

    // Editing: the record as saved, changes kept.
    await row.getByTestId('patient-edit').click();
    await expect(form.name).toHaveValue(`فاطمه ${surname}`);
    await expect(page.getByTestId('patient-birth-date')).toHaveValue('2015-03-07');
    await form.name.fill(`فاطمة ${surname} حسن`);
    await form.submit.click();
    await expect(patients.row(`فاطمة ${surname} حسن`)).toBeVisible();

    // A misspelt surname still finds the record, and the list says these are near names.
    const misspelt = surname.slice(0, -1) + (surname.endsWith('ب') ? 'ت' : 'ب');
    await patients.search.fill(misspelt);
    await expect(page.getByTestId('patient-near-matches')).toContainText(surname);
    await expect(patients.row(`فاطمة ${surname} حسن`)).toBeVisible();
    await shot('patient-near-matches');
  });

  test('an administrator deletes and restores a record, and merges two records of one person', async ({
    page,
    t,
    api,
    signIn,
    shot,
  }) => {
    test.setTimeout(180_000);
    const session = await signIn();
    const surname = arabicWord();
    const kept = await api.createPatient(session.token, { name: `علي ${surname}`, phone: iraqiMobile() });
    const other = await api.createPatient(session.token, {
      name: `على ${surname} كريم`,
      phone: iraqiMobile(),
    });
    await api.queue(session.token, other.id, { note: 'old visit' });
    const finished = await api.queue(session.token, other.id, { confirmDuplicate: true });
    await api.move(session.token, finished.id, 'canceled');

    const patients = new PatientListPage(page, t);
    await patients.goto(surname);
    await expect(patients.row(other.name)).toBeVisible();
    await page.getByTestId('patient-filters-toggle').click();
    await page.getByTestId('filter-sex').getByText(t('patients.male'), { exact: true }).click();
    await expect(page).toHaveURL(/isMale=1/);
    await expect(patients.row(kept.name)).toBeVisible();
    await shot('patient-filters');

    // A record with an open visit cannot be deleted.
    await patients.row(other.name).getByTestId('patient-menu').click();
    await page.getByTestId('patient-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(page.getByTestId('toast').filter({ hasText: t('patients.deleteFailed') })).toContainText(
      t('errors.codes.patient.has_open_visits'),
    );

    // Delete and restore a record without visits.
    await patients.row(kept.name).getByTestId('patient-menu').click();
    await page.getByTestId('patient-delete').click();
    await page.getByTestId('confirm-yes').click();
    await expect(patients.row(kept.name)).toHaveCount(0);
    await page.getByTestId('patient-view').getByText(t('patients.deletedView'), { exact: true }).click();
    await patients.row(kept.name).getByTestId('patient-restore').click();
    await expect(patients.row(kept.name)).toHaveCount(0);
    await page.getByTestId('patient-view').getByText(t('patients.active'), { exact: true }).click();

    // Merge: the other record's visits move to the record kept.
    await patients.search.fill(surname);
    await patients.row(kept.name).getByTestId('patient-menu').click();
    await page.getByTestId('patient-merge').click();
    const picker = page.getByTestId('merge-picker');
    await picker.fill(`${surname} كريم`);
    await page.getByTestId('patient-option').filter({ hasText: other.name }).click();
    await expect(page.getByTestId('merge-keep-this')).toBeChecked();
    await shot('patient-merge');
    await page.getByTestId('merge-submit').click();
    // The restore toast may still be showing, so look for the merge toast by its whole text.
    const merged = t('patients.merge.done', { name: kept.name, visits: 2, documents: 0, exams: 0 });
    await expect(page.getByTestId('toast').filter({ hasText: merged })).toBeVisible();
    await expect(patients.row(other.name)).toHaveCount(0);
  });
});
