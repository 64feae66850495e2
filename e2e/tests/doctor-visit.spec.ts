import path from 'node:path';
import { test, expect, arabicWord, day, iraqiMobile } from '../support/fixtures.ts';
import { ExamFormPage } from '../pages/exam-pages.ts';
import { PrintView, pdfHas } from '../pages/print-pages.ts';
import { BoardPage } from '../pages/queue-pages.ts';
import { ROOT } from '../support/server.ts';

test.describe("the doctor's visit", () => {
  test('from the doctor page: two diagnoses and three drops (one tapered) by keyboard, the prescription printed, the IOP trend, a referral letter, the visit finished', async ({
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
      name: `زينب ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    // Three earlier follow-ups with the pressure rising.
    for (const [day, right, left] of [
      ['2025-10-05', 17, 16],
      ['2026-02-01', 19, 17],
      ['2026-06-07', 25, 18],
    ] as const) {
      const visit = await api.queue(session.token, patient.id, { date: `${day}T09:00:00+03:00` });
      await api.call('POST', 'mo/exam/followUp', session.token, {
        patientId: patient.id,
        queueId: visit.id,
        iop: [{ method: 'goldmann', right: { value: right }, left: { value: left } }],
      });
      await api.call('POST', `mo/patient/open/board/${patient.id}/${visit.id}`, session.token);
      await api.move(session.token, visit.id, 'finished');
    }
    const today = await api.queue(session.token, patient.id);

    // The doctor opens today's visit from their page.
    await page.goto('/doctor');
    const row = page.getByTestId('doctor-row').filter({ hasText: patient.name });
    await row.getByTestId('doctor-open').click();
    const board = new BoardPage(page, t);
    await board.expectStatus('WithDoctor');
    await page.getByTestId('board-add-consultation').click();
    await expect(page).toHaveURL(/\/consultation\/\d+\/\d+$/);
    const form = new ExamFormPage(page);

    // Two diagnoses, found by code and by a word of the title, chosen with the keyboard.
    const pick = async (path: string, typed: string, expected: RegExp) => {
      const input = form.field(path);
      await input.click();
      await page.keyboard.type(typed);
      // The list follows the typing (debounced): wait until its first option is the one meant.
      await expect(page.getByRole('option').first()).toContainText(expected);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    };
    // A list starts with one empty item.
    await pick('diagnoses.0.code', 'H40.1', /H40\.1/);
    await expect(form.field('diagnoses.0.code')).toHaveValue(/H40\.1/);
    await page.getByTestId('exam-add-diagnoses').click();
    await pick('diagnoses.1.code', lang === 'ar' ? 'الملتحمة التحسسي' : 'allergic conjunctivitis', /H10/);

    // Three drops from the formulary (each fills its dose, in drops, and its frequency): timolol for good,
    // latanoprost at bedtime for 90 days, and a steroid (a suspension, shaken) two drops hourly while awake for a
    // week, then tapered.
    const drugs = ['timolol', 'latanoprost', 'fluorometholone'];
    for (const [i, drug] of drugs.entries()) {
      if (i > 0) await page.getByTestId('exam-add-medications').click();
      await pick(`medications.${i}.drugId`, drug, new RegExp(drug, 'i'));
    }
    await expect(form.field('medications.0.doseUnit')).toHaveValue(t('exams.units.drop'));
    await form.field('medications.0.longTerm').check();
    await form.type('medications.1.durationDays', '90');
    await form.type('medications.2.dose', '2');
    await form.field('medications.2.frequency').click();
    await page
      .getByRole('option', { name: t('codeLists.frequency.everyHoursAwake', { count: 2 }), exact: true })
      .click();
    await form.type('medications.2.durationDays', '7');
    await page
      .getByRole('checkbox', { name: t('exams.values.shakeWell') })
      .nth(2)
      .check();
    await page.getByTestId('exam-add-medications.2.taper').click();
    await form.field('medications.2.taper.0.frequency').click();
    await page
      .getByRole('option', { name: t('codeLists.frequency.timesPerDay', { count: 2 }), exact: true })
      .click();
    await form.type('medications.2.taper.0.durationDays', '7');
    const schedule = page.getByTestId('consultation-schedule');
    await expect(schedule.nth(0)).toContainText(lang === 'ar' ? 'بشكل مستمر' : 'long-term');
    await expect(schedule.nth(1)).toContainText(
      lang === 'ar' ? 'قبل النوم لمدة ٩٠ يومًا' : 'at bedtime for 90 days',
    );
    await expect(schedule.nth(2)).toContainText(
      lang === 'ar'
        ? 'قطرتان كل ساعتين في ساعات الاستيقاظ لمدة ٧ أيام، ثم مرتين يوميًا لمدة ٧ أيام؛ رج العبوة جيدًا قبل الاستعمال'
        : '2 drops every 2 hours while awake for 7 days, then twice a day for 7 days; shake well before use',
    );
    await shot('consultation-form');
    expect(await axe()).toEqual([]);
    const id = await form.save('consultation');

    // The prescription, as printed.
    const print = new PrintView(page, t);
    await print.goto(`/print/consultation/${id}`);
    await expect(print.sheet.getByTestId('print-medication')).toHaveCount(3);
    const pdf = await print.savePdf(path.join(ROOT, `e2e/test-results/consultation-${lang}.pdf`));
    expect(pdf.pages).toBe(1);
    expect(pdfHas(pdf, 'H40.1')).toBe(true);
    expect(pdfHas(pdf, patient.name)).toBe(true);
    // pdftotext moves Arabic diacritics (يوميًا) and splits words at joins: the Arabic is checked in plain words.
    expect(pdfHas(pdf, lang === 'ar' ? 'ثم مرتين' : 'then twice a day for 7 days')).toBe(true);
    expect(pdfHas(pdf, lang === 'ar' ? 'الاستيقاظ' : 'every 2 hours while awake')).toBe(true);
    expect(pdfHas(pdf, lang === 'ar' ? 'مستمر' : 'long-term')).toBe(true);
    await shot('consultation-print');

    // The file's trends: the pressure of the three follow-ups, flagged.
    await page.goto(`/patient/${patient.id}`);
    await expect(page.getByTestId('trend-chart-iop')).toBeVisible();
    await expect(page.getByTestId('trend-flag-iopHigh')).toContainText('25');

    // Back on the board: a referral letter that names the diagnoses, printed; then the visit is finished.
    await page.goto(`/boards/${patient.id}/${today.id}`);
    await board.expectStatus('WithDoctor');
    const letters = page.getByTestId('board-letters');
    await letters.getByTestId('letter-template-select').click();
    const referral = lang === 'ar' ? 'رسالة إحالة' : 'Referral letter';
    await page
      .getByRole('option', { name: `${referral} (${t(`letters.languages.${lang}`)})`, exact: true })
      .click();
    await letters.getByTestId('letter-create').click();
    const letter = letters
      .getByTestId('letter-editor')
      .getByRole('textbox', { name: t('letters.card.body') });
    await expect(letter).toContainText('H40.1');
    await expect(letter).toContainText(lang === 'ar' ? 'الزرق مفتوح الزاوية' : 'Primary open-angle glaucoma');
    const [sheet] = await Promise.all([
      page.context().waitForEvent('page'),
      letters.getByTestId('letter-editor').getByTestId('letter-print').click(),
    ]);
    await expect(sheet.getByTestId('letter-body')).toContainText('H40.1');
    await sheet.close();
    await board.action('finish').click();
    await board.expectStatus('Finished');
  });

  test('eight medicines with tapers fit one A5 prescription', async ({ page, t, lang, api, signIn }) => {
    test.skip(lang !== 'ar', 'the Arabic schedules are the longer lines; one language proves the fit');
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `زينب ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const visit = await api.queue(session.token, patient.id);
    const medication = (i: number) => ({
      name: `Medicine ${i + 1} 0.5%`,
      form: 'drops',
      eye: i % 2 ? 'left' : 'both',
      dose: 1,
      doseUnit: 'drop',
      frequency: { timesPerDay: 4 },
      durationDays: 7,
      taper: [
        { frequency: { timesPerDay: 3 }, durationDays: 7 },
        { frequency: { timesPerDay: 2 }, durationDays: 7 },
      ],
      instructionCodes: ['shakeWell'],
    });
    const record = await api.call<{ data: { id: number } }>('POST', 'mo/exam/consultation', session.token, {
      patientId: patient.id,
      queueId: visit.id,
      diagnoses: [
        { code: 'H40.1', eye: 'both', status: 'existing' },
        { code: 'H10.1', eye: 'both', status: 'new' },
      ],
      medications: Array.from({ length: 8 }, (_, i) => medication(i)),
      plan: 'Review in two weeks',
      nextVisit: day(7),
    });
    const print = new PrintView(page, t);
    await print.goto(`/print/consultation/${record.data.id}`);
    await print.choosePaper('A5');
    await expect(print.sheet.getByTestId('print-medication')).toHaveCount(8);
    const pdf = await print.savePdf(path.join(ROOT, 'e2e/test-results/consultation-eight.pdf'));
    expect(pdf.pages).toBe(1);
  });

  test('a next visit before the visit is refused on the form; a drug given by its id alone prints its name (issue 50)', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
  }) => {
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: lang === 'ar' ? `سعاد ${arabicWord()}` : `Suad ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const visit = await api.queue(session.token, patient.id);

    await page.goto(`/consultation/${patient.id}/${visit.id}`);
    const form = new ExamFormPage(page);
    await form.field('nextVisit').fill('1900-01-01');
    await form.submit.click();
    await expect(page.getByText(t('exams.errors.value.before_visit'), { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/consultation\/\d+\/\d+$/);
    const section = page.getByTestId('exam-section-nextVisit');
    await section.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready);
    await section.screenshot({
      path: path.join(ROOT, 'e2e/screenshots', `${lang}-consultation-next-visit-refused.png`),
    });

    // A client that sends the formulary's id without the name: the prescription still names the drug.
    const { data: drugs } = await api.call<{ data: { id: number; name: string }[] }>(
      'GET',
      'mo/code/drug?search=Timolol%200.5%25',
      session.token,
    );
    const timolol = drugs[0]!;
    const record = await api.call<{ data: { id: number } }>('POST', 'mo/exam/consultation', session.token, {
      patientId: patient.id,
      queueId: visit.id,
      medications: [
        {
          drugId: timolol.id,
          form: 'drops',
          eye: 'both',
          dose: 1,
          doseUnit: 'drop',
          frequency: { timesPerDay: 2 },
        },
      ],
      nextVisit: day(28),
    });
    const print = new PrintView(page, t);
    await print.goto(`/print/consultation/${record.data.id}`);
    await expect(print.sheet.getByTestId('print-medication')).toHaveCount(1);
    await expect(print.sheet.getByTestId('print-medication')).toContainText(timolol.name);
    await shot('consultation-print-drug-by-id');
  });
});
