import type { Browser, Page } from '@playwright/test';
import { amountInWords } from '@basira/shared/money/amount-in-words';
import {
  test,
  expect,
  arabicWord,
  iraqiMobile,
  unique,
  handSession,
  type Api,
  type Lang,
} from '../support/fixtures.ts';
import { pdfHas, PrintView } from '../pages/print-pages.ts';
import { BoardPage } from '../pages/queue-pages.ts';

const RECEPTION = [
  'show patients',
  'add patient',
  'add queue',
  'edit queue',
  'show queues',
  'show payments',
  'take payments',
];
const DOCTOR = ['open board', 'show board', 'show queues', 'show payments'];

/** A desk of its own per test: a cashier, a doctor with their own consultation price, an OCT on the price list. */
async function clinicDesk(api: Api) {
  const admin = await api.admin();
  const tag = unique('m');
  const person = async (name: string, permissions: string[], isDoctor: boolean) => {
    const role = await api.createRole(admin.token, `${name} ${tag}`, permissions);
    const email = `${name.toLowerCase()}-${tag}@basira.test`;
    const user = await api.createUser(admin.token, {
      name: `${name} ${arabicWord(4)}`,
      email,
      roles: [role.id],
      isDoctor,
    });
    return { ...user, identifier: email };
  };
  const cashier = await person('Cashier', RECEPTION, false);
  const doctor = await person('Doctor', DOCTOR, true);
  const code = tag.replace(/[^A-Za-z0-9]/g, '').slice(-10);
  // The consultation is the doctor's own price, so that other tests' visits are not charged.
  await api.call('POST', 'mo/billing/services', admin.token, {
    code: `C${code}`,
    nameAr: 'كشفية',
    nameEn: 'Consultation',
    kind: 'consultation',
    visitReason: 'Examinations',
    doctorId: doctor.id,
    priceIqd: 25_000,
  });
  const oct = `OCT ${arabicWord(3)}`;
  await api.call('POST', 'mo/billing/services', admin.token, {
    code: `O${code}`,
    nameAr: oct,
    nameEn: oct,
    kind: 'test',
    priceIqd: 40_000,
  });
  return { admin, cashier, doctor, oct };
}

/** Another person at another workstation: their own browser context, signed in. */
async function colleague(
  browser: Browser,
  baseURL: string,
  lang: Lang,
  api: Api,
  who: { identifier: string; password: string },
) {
  const context = await browser.newContext({
    baseURL,
    locale: lang === 'ar' ? 'ar-IQ' : 'en-GB',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  await handSession(page, await api.login(who.identifier, who.password));
  return { page, close: () => context.close() };
}

async function payAll(page: Page, name: string, owed: string) {
  const row = page.getByTestId('queue-row').filter({ hasText: name });
  await expect(row.getByTestId('balance-badge')).toContainText(owed);
  await row.getByTestId('queue-pay').click();
  const dialog = page.getByTestId('payment-dialog');
  await expect(dialog.getByTestId('payment-total')).toContainText(owed);
  await dialog.getByTestId('payment-submit').click();
  await expect(page.getByTestId('payment-done')).toBeVisible();
  return row;
}

test.describe('the clinic’s money', () => {
  test('reception takes the fee, prints the 80 mm receipt; the doctor adds an OCT, paid at the exit; the shift closes', async ({
    page,
    browser,
    baseURL,
    lang,
    t,
    api,
    signIn,
    shot,
  }, testInfo) => {
    test.setTimeout(240_000);
    const desk = await clinicDesk(api);
    const name = `سلمى ${arabicWord()}`;
    const patient = await api.createPatient(desk.admin.token, { name, phone: iraqiMobile(), isMale: 0 });
    const cashier = await signIn(desk.cashier);

    // The cashier opens the drawer with a float.
    await page.goto('/billing/shift');
    await page.getByTestId('float-IQD').fill('50000');
    await page.getByTestId('shift-open-button').click();
    await expect(page.getByTestId('my-shift')).toBeVisible();
    await expect(page.getByTestId('shift-count')).toBeVisible();

    // Queued for an examination with the doctor: the consultation is charged at once.
    const visit = await api.queue(cashier.token, patient.id, {
      examTypes: ['Examinations'],
      doctorId: desk.doctor.id,
    });
    await page.goto(`/queue?q=${encodeURIComponent(name)}`);
    await payAll(page, name, '25,000');
    await shot('money-paid');

    // The 80 mm receipt, in the sheet's language, with the amount in words; its PDF says the same.
    const [ticket] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('print-receipt-80mm').click(),
    ]);
    await PrintView.fakePrintDialog(ticket);
    const receipt = new PrintView(ticket, t);
    await expect(ticket.getByTestId('receipt-sheet')).toBeVisible();
    const words = amountInWords({ amount: 25_000, currency: 'IQD' }, lang);
    await expect(ticket.getByTestId('receipt-words')).toContainText(words);
    await expect(ticket.getByTestId('receipt-patient')).toContainText(name);
    await expect(ticket.getByTestId('receipt-copy')).toHaveCount(0);
    await ticket.evaluate(() => document.fonts.ready);
    await shot('money-receipt-80mm', ticket);
    const pdf = await receipt.savePdf(testInfo.outputPath(`receipt-${lang}.pdf`));
    expect(pdf.sizeMm[0]).toBeCloseTo(80, 0);
    const number = (await ticket.getByTestId('receipt-number').textContent())!.trim();
    expect(pdfHas(pdf, number), pdf.text).toBe(true);
    if (lang === 'en') expect(pdfHas(pdf, words), pdf.text).toBe(true);
    // Arabic as pdftotext reads it: the line wraps on the narrow ticket, so each half of it (see print-pages.ts).
    else
      for (const part of ['خمسة وعشرون ألف', 'دينار عراقي فقط لا غير'])
        expect(pdfHas(pdf, part), pdf.text).toBe(true);
    await ticket.close();

    // The doctor opens the board and adds the OCT done during the visit.
    const doctor = await colleague(browser, baseURL!, lang, api, desk.doctor);
    try {
      await doctor.page.goto(`/boards/${patient.id}/${visit.id}`);
      await new BoardPage(doctor.page, t).expectStatus('Waiting');
      const card = doctor.page.getByTestId('board-charges');
      await expect(card.getByTestId('board-charge')).toHaveCount(1);
      await card.getByTestId('board-add-service').click();
      await doctor.page.getByRole('option', { name: new RegExp(desk.oct) }).click();
      await card.getByTestId('board-add-charge').click();
      await expect(card.getByTestId('board-charge')).toHaveCount(2);
      await expect(card).toContainText(desk.oct);
      await shot('money-board', doctor.page);
    } finally {
      await doctor.close();
    }

    // Reception collects the OCT at the exit, on a tablet held upright.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/queue?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('queue-row').filter({ hasText: name });
    await expect(row.getByTestId('balance-badge')).toContainText('40,000');
    await row.getByTestId('queue-pay').click();
    const dialog = page.getByTestId('payment-dialog');
    await expect(dialog.getByTestId('payment-line')).toHaveCount(1);
    const box = await page.getByRole('dialog').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(768);
    await shot('money-pay-tablet');
    await dialog.getByTestId('payment-submit').click();
    await expect(page.getByTestId('payment-done')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByTestId('balance-badge')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The cashier counts the drawer 1,000 short: the difference is shown, a note is required, the shift closes.
    await page.goto('/billing/shift');
    await expect(page.getByTestId('shift-receipts')).toHaveText('2');
    await expect(page.getByTestId('count-cash_IQD')).toContainText('115,000');
    await page.getByTestId('counted-cash_IQD').fill('114000');
    await expect(page.getByTestId('difference-cash_IQD')).toContainText('1,000');
    await page.getByTestId('shift-close').click();
    await expect(page.getByTestId('count-note')).toHaveAttribute('aria-invalid', 'true');
    await page.getByTestId('count-note').fill(lang === 'ar' ? 'نقص ألف دينار' : 'One thousand short');
    await shot('money-shift-close');
    await page.getByTestId('shift-close').click();
    await expect(page.getByTestId('shift-open')).toBeVisible();
  });
});
