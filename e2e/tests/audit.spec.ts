import path from 'node:path';
import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';
import { ROOT } from '../support/server.ts';
import { AppShell } from '../pages/app-shell.ts';
import { AuditPage, WhoOpenedCard } from '../pages/audit-pages.ts';
import { PatientListPage } from '../pages/patients-pages.ts';

test.describe('the audit trail', () => {
  test('a file opened from the search is on the audit screen, filtered by the patient, and links back', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
  }) => {
    const session = await signIn();
    const name = `سجل ${arabicWord()}`;
    const patient = await api.createPatient(session.token, { name, phone: iraqiMobile() });

    // Opened from the search, as a receptionist would.
    const patients = new PatientListPage(page, t);
    await patients.goto(name);
    await patients.row(name).getByTestId('patient-row-name').click();
    await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}$`));

    // The file itself says who opened it: this very read first.
    const whoOpened = new WhoOpenedCard(page, t);
    // (beside the read of its account, when the money section is shown: a read of the patient's data too).
    const fileRead = whoOpened.rows.filter({ hasText: t('audit.actions.patient.file.viewed') }).first();
    await expect(fileRead).toContainText(session.user.name);
    await expect(whoOpened.rows.first()).toContainText(session.user.name);
    await whoOpened.card.screenshot({
      path: path.join(ROOT, 'e2e/screenshots', `${lang}-audit-who-opened.png`),
    });

    await new AppShell(page, t).menuItem('auditIndex').click();
    const audit = new AuditPage(page, t);
    await audit.expectOpen();
    await audit.filterByPatient(name);
    // Newest first: the file page's reads, the registration last. The file read has reads of its own beside it
    // (the account, the appointments, the documents: `billing.account_viewed`, `appointment.listed`,
    // `patient.documents_viewed`), written in whichever order they land, and the file may have been read again
    // since, by a refresh: the first row is one of the page's reads, whichever.
    const read = audit.rows.and(page.locator('[data-action="patient.file.viewed"]')).first();
    await expect(audit.rows.nth(0)).toHaveAttribute('data-action', /^[a-z_]+\.[a-z_.]*(viewed|listed)$/);
    await expect(read).toHaveAttribute('data-outcome', 'ok');
    await expect(read).toContainText(session.user.name);
    await expect(read).toContainText(t('audit.actions.patient.file.viewed'));
    await expect(audit.rows.last()).toHaveAttribute('data-action', 'patient.created');
    await audit.filterByAction('patient.file.viewed');
    await expect(audit.rows.first()).toBeVisible();
    await expect(audit.rows.and(page.locator('[data-action="patient.created"]'))).toHaveCount(0);
    await shot('audit');

    await audit.rows.first().getByTestId('audit-patient-link').click();
    await expect(page).toHaveURL(new RegExp(`/patient/${patient.id}$`));
    await expect(page.getByTestId('patient-card-name')).toHaveText(name);
  });
});
