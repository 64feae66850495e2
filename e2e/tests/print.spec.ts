import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  Api,
  arabicWord,
  day,
  expect,
  handSession,
  iraqiMobile,
  test,
  unique,
  type Lang,
  type Session,
} from '../support/fixtures.ts';
import { ROOT, startServer } from '../support/server.ts';
import { PrintView, pdfHas, pdfToPng, type Paper } from '../pages/print-pages.ts';

const SHOTS = path.join(ROOT, 'e2e/screenshots');

const SETTING: Record<Lang, { optometrist: string; specialist: string; header: string; footer: string }> = {
  ar: {
    optometrist: 'حسن جواد',
    specialist: 'مريم الساعدي',
    header: 'شارع فلسطين، بغداد',
    footer: 'الدوام من السبت إلى الخميس',
  },
  en: {
    optometrist: 'Hassan Jawad',
    specialist: 'Dr Maryam Al-Saadi',
    header: 'Palestine Street, Baghdad',
    footer: 'Open Saturday to Thursday',
  },
};
const COLOR = '#1c3f94';
const ARABIC_INDIC = /[\u0660-\u0669\u066b]/;
const WESTERN = /[0-9]/;

/** A patient, queued and opened on the board (through the API: the screens under test are the print views). */
async function openVisit(api: Api, session: Session, name: string) {
  const patient = await api.createPatient(session.token, { name, phone: iraqiMobile(), age: 52 });
  const entry = await api.queue(session.token, patient.id);
  await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);
  return { patientId: patient.id, queueId: entry.id, ticketNumber: entry.ticketNumber };
}

/** The final refraction every number format shows in: signs, two decimals, a three-digit axis, a zero sphere. */
const SPECTACLES = {
  readings: [
    { kind: 'auto', right: { sphere: -3 }, left: { sphere: -1 } },
    {
      kind: 'subjective',
      isFinal: true,
      right: { sphere: -2.25, cylinder: -0.5, axis: 90, add: 1.5, va: '6/6' },
      left: { sphere: 0, cylinder: -0.75, axis: 180, add: 1.5, prism: 1, prismBase: 'in', va: '6/9' },
    },
  ],
  pd: { binocularDistance: 64, binocularNear: 61 },
  lens: { type: 'progressive', material: 'polycarbonate', treatments: ['antiReflective'] },
};

/**
 * Print settings are the organization's (its default is on every printout): the prescription test has its own
 * server, so a parallel test's setting never reaches its paper.
 */
async function withOwnServer(page: Page, run: (base: string, api: Api, session: Session) => Promise<void>) {
  const own = await startServer();
  try {
    const api = new Api(own.baseURL);
    const session = await api.admin();
    await handSession(page, session);
    await run(own.baseURL, api, session);
  } finally {
    await own.stop();
  }
}

test.describe('print views', () => {
  test('the spectacle prescription on A5 and A4: one page, the clinic setting, LTR numbers; printing is logged', async ({
    page,
    context,
    t,
    lang,
    shot,
  }, testInfo) => {
    const texts = SETTING[lang];
    await PrintView.fakePrintDialog(page);
    await withOwnServer(page, async (base, api, session) => {
      await api.call('POST', 'mo/printSetting', session.token, {
        optometrist: texts.optometrist,
        specialist: texts.specialist,
        color: COLOR,
        header: `<p><strong>${texts.header}</strong></p>`,
        footer: `<p>${texts.footer}</p>`,
        paperSize: 'A5',
        zeroAs: 'plano',
        isDefault: true,
      });
      const name = `سعاد ${arabicWord()}`;
      const visit = await openVisit(api, session, name);
      const { data: record } = await api.call<{ data: { id: number; version: number } }>(
        'POST',
        'mo/exam/spectacles',
        session.token,
        { patientId: visit.patientId, queueId: visit.queueId, ...SPECTACLES, note: 'Blue filter' },
      );

      const view = new PrintView(page, t);
      await view.goto(`${base}/print/spectacles/${record.id}`);
      await expect(view.part('print-title')).toHaveText(t('print.titles.spectacles'));
      await expect(view.part('print-patient-name')).toHaveText(name);
      // The page in its language; the prescription table left to right, the right eye on the left.
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      await expect(view.part('rx-table')).toHaveAttribute('dir', 'ltr');
      const right = await view.part('rx-head-right').boundingBox();
      const left = await view.part('rx-head-left').boundingBox();
      expect(right!.x).toBeLessThan(left!.x);
      await expect(view.part('rx-head-right')).toHaveText(t('exams.eyes.right'));
      await expect(view.rxCell('distance', 'right', 'sphere')).toHaveText('-2.25');
      await expect(view.rxCell('distance', 'right', 'axis')).toHaveText('090');
      await expect(view.rxCell('distance', 'left', 'sphere')).toHaveText('Plano');
      await expect(view.rxCell('near', 'right', 'sphere')).toHaveText('-0.75');
      await expect(view.rxCell('near', 'left', 'sphere')).toHaveText('+1.50');
      // The setting's colour reaches the page.
      await expect(view.part('print-title')).toHaveCSS('color', 'rgb(28, 63, 148)');
      await expect(view.part('rx-table').locator('thead th').first()).toHaveCSS(
        'border-bottom-color',
        'rgb(28, 63, 148)',
      );

      // Signed by whoever recorded it, in the block of what they are (the administrator is no doctor), alone: the
      // setting's names sign only a record that names nobody.
      await expect(view.part('print-optometrist')).toHaveText(session.user.name);
      await expect(view.part('print-specialist')).toHaveCount(0);
      await expect(view.sheet).toHaveAttribute('data-digits', 'western');

      await shot('print-rx-screen');

      for (const paper of ['A5', 'A4'] as Paper[]) {
        if (paper !== 'A5') await view.choosePaper(paper);
        const file = testInfo.outputPath(`rx-${paper}.pdf`);
        const pdf = await view.savePdf(file);
        pdfToPng(file, path.join(SHOTS, `${lang}-print-rx-${paper}`));
        expect(pdf.pages, `${paper}: one page`).toBe(1);
        const [width, height] = paper === 'A5' ? [148, 210] : [210, 297];
        expect(Math.round(pdf.sizeMm[0])).toBe(width);
        expect(Math.round(pdf.sizeMm[1])).toBe(height);
        for (const text of [texts.header, texts.footer, session.user.name])
          expect(pdfHas(pdf, text), `${paper}: ${text}`).toBe(true);
        for (const text of [texts.optometrist, texts.specialist])
          expect(pdfHas(pdf, text), `${paper}: not ${text}`).toBe(false);
        expect(pdf.text, 'Western digits only').not.toMatch(ARABIC_INDIC);
        for (const number of ['-2.25', '-0.50', '090', 'Plano', '-0.75', '180', '+1.50', '1.00'])
          expect(pdfHas(pdf, number), `${paper}: ${number}`).toBe(true);
        expect(pdfHas(pdf, name), name).toBe(true);
      }

      // Print (the button, or Ctrl+P: both fire beforeprint): the print is logged with the page's version and paper.
      const [logged] = await Promise.all([
        page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/mo/print/log')),
        view.printButton.click(),
      ]);
      expect(logged.postDataJSON()).toEqual({
        type: 'spectacles',
        id: record.id,
        version: record.version,
        paperSize: 'A4',
      });
      expect((await logged.response())?.status()).toBe(201);
      await expect(view.logged).toBeVisible();
      await page.goto(`${base}/boards/${visit.patientId}/${visit.queueId}`);
      const history = page.getByTestId('board-prints');
      await expect(history).toContainText(t('print.history.title'));
      const row = history.getByTestId('board-print-row').first();
      await expect(row.getByTestId('board-print-summary')).toHaveText(
        'R -2.25 -0.50 × 090 · L 0.00 -0.75 × 180 · Add +1.50',
      );
      await expect(row).toContainText(t('print.papers.A4'));
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `${lang}-print-history.png`) });
      const [reprint] = await Promise.all([
        context.waitForEvent('page'),
        row.getByTestId('board-print-reprint').click(),
      ]);
      const again = new PrintView(reprint, t);
      await expect(again.reprint).toBeVisible();
      await expect(again.sheet).toBeVisible();
      await reprint.close();

      // The record changes after the page was loaded: printing it says so, in red, and asks for a reload.
      await view.goto(`${base}/print/spectacles/${record.id}`);
      await api.call('POST', `mo/exam/spectacles/${record.id}`, session.token, {
        version: record.version,
        ...SPECTACLES,
        note: 'Changed meanwhile',
      });
      await view.printButton.click();
      await expect(view.stale).toBeVisible();
      await expect(view.stale).toContainText(t('print.stale.title'));
      await shot('print-stale');
      await expect(view.stale).toHaveCSS('background-color', /rgb\(2[0-9]{2}, \d+, \d+\)/);
    });
  });

  test('the medication prescription: the allergy line, the warning with the doctor’s reason, signed by the prescriber alone, in one digit system', async ({
    page,
    t,
    lang,
    shot,
  }, testInfo) => {
    const texts = SETTING[lang];
    const doctorName = lang === 'ar' ? 'د. سارة الجبوري' : 'Dr Sara Al-Jubouri';
    const reason =
      lang === 'ar'
        ? 'لا بديل متاح والحساسية طفح خفيف قديم'
        : 'no alternative available; the old reaction was a mild rash';
    await withOwnServer(page, async (base, api, session) => {
      const { data: setting } = await api.call<{ data: { id: number; version: number } }>(
        'POST',
        'mo/printSetting',
        session.token,
        { optometrist: texts.optometrist, specialist: texts.specialist, paperSize: 'A5', isDefault: true },
      );
      // Dr. Sara, a doctor of the clinic, prescribes; the setting's specialist does not sign her prescription.
      const role = await api.createRole(session.token, unique('Doctor'), [
        'open board',
        'add consultation',
        'show consultation',
        'print consultation',
      ]);
      const email = `${unique('sara')}@basira.local`;
      const sara = await api.createUser(session.token, {
        name: doctorName,
        email,
        roles: [role.id],
        isDoctor: true,
      });
      const doctor = await api.login(sara.email, sara.password);
      const name = `هدى ${arabicWord()}`;
      const { data: patient } = await api.call<{ data: { id: number } }>(
        'POST',
        'mo/patient',
        session.token,
        {
          name,
          phone: iraqiMobile(),
          isMale: 0,
          age: 61,
          alerts: { allergies: [{ substance: 'sulfonamide', reaction: 'rash', severity: 'severe' }] },
        },
      );
      const entry = await api.queue(session.token, patient.id);
      const { data: record } = await api.call<{ data: { id: number } }>(
        'POST',
        'mo/exam/consultation',
        doctor.token,
        {
          patientId: patient.id,
          queueId: entry.id,
          medications: [
            {
              name: 'Dorzolamide 2%',
              form: 'drops',
              eye: 'both',
              dose: 1,
              doseUnit: 'drop',
              frequency: { timesPerDay: 3 },
              durationDays: 30,
              overrideReason: reason,
            },
            {
              name: 'Artificial tears',
              form: 'drops',
              eye: 'both',
              dose: 2,
              doseUnit: 'drop',
              frequency: { timesPerDay: 4 },
              durationDays: 14,
            },
          ],
          nextVisit: day(7),
        },
      );

      const view = new PrintView(page, t);
      await view.goto(`${base}/print/consultation/${record.id}`);
      const allergies = view.part('print-allergies');
      const sulfonamide = lang === 'ar' ? 'سلفوناميد' : 'sulfonamide';
      await expect(allergies).toContainText(t('print.allergies.label'));
      await expect(allergies).toContainText(sulfonamide);
      await expect(allergies).toContainText(t('print.allergies.reactions.rash'));
      await expect(allergies).toContainText(t('print.allergies.severities.severe'));
      const contraindication = view.sheet.locator(
        '[data-testid="print-warning"][data-severity="contraindicated"]',
      );
      await expect(contraindication).toHaveCount(1);
      await expect(contraindication).toContainText('Dorzolamide 2%');
      await expect(contraindication).toContainText(t('print.consultation.severity.contraindicated'));
      await expect(contraindication.getByTestId('print-warning-reason')).toContainText(
        t('print.consultation.givenBecause', { reason }),
      );
      // Artificial tears, typed by hand, could not be checked: a mark on the medicine, said once under the warnings.
      await expect(
        view.sheet.getByTestId('print-medication').nth(1).getByTestId('print-unchecked'),
      ).toBeVisible();
      await expect(
        view.sheet.getByTestId('print-medication').nth(0).getByTestId('print-unchecked'),
      ).toHaveCount(0);
      await expect(view.part('print-warning-unchecked')).toContainText(
        t('print.consultation.uncheckedLegend'),
      );
      // One drop, two drops: the form's word agrees with the dose in either language.
      const forms = view.sheet.getByTestId('print-form');
      await expect(forms.nth(0)).toHaveText(`(${t('print.consultation.forms.drops', { count: 1 })})`);
      await expect(forms.nth(1)).toHaveText(`(${t('print.consultation.forms.drops', { count: 2 })})`);
      await expect(view.part('print-specialist')).toHaveText(doctorName);
      await expect(view.part('print-optometrist')).toHaveCount(0);
      await shot('print-consultation-screen');

      const file = testInfo.outputPath('consultation-western.pdf');
      const pdf = await view.savePdf(file);
      pdfToPng(file, path.join(SHOTS, `${lang}-print-consultation-western`));
      expect(pdf.pages).toBe(1);
      for (const text of [t('print.allergies.label'), sulfonamide, reason, doctorName, name])
        expect(pdfHas(pdf, text), text).toBe(true);
      for (const text of [texts.optometrist, texts.specialist]) expect(pdfHas(pdf, text), text).toBe(false);
      // The Arabic schedules are stored with Arabic-Indic digits: on a Western sheet not one is left.
      expect(pdf.text, 'Western digits only').not.toMatch(ARABIC_INDIC);
      expect(pdf.text).toMatch(WESTERN);

      // The clinic prints in Arabic-Indic digits: every number of the sheet, the header's and the patient's too.
      await api.call('POST', `mo/printSetting/${setting.id}`, session.token, {
        version: setting.version,
        digits: 'arabic',
      });
      await view.goto(`${base}/print/consultation/${record.id}`);
      await expect(view.sheet).toHaveAttribute('data-digits', 'arabic');
      const arabicFile = testInfo.outputPath('consultation-arabic.pdf');
      const arabic = await view.savePdf(arabicFile);
      pdfToPng(arabicFile, path.join(SHOTS, `${lang}-print-consultation-arabic`));
      expect(arabic.pages).toBe(1);
      expect(arabic.text, 'Arabic-Indic digits only').not.toMatch(WESTERN);
      expect(arabic.text).toMatch(ARABIC_INDIC);
      expect(pdfHas(arabic, reason), reason).toBe(true);
    });
  });

  test('an exam report and the queue ticket on an 80 mm roll', async ({
    page,
    t,
    lang,
    api,
    signIn,
  }, testInfo) => {
    test.skip(lang !== 'ar', 'one language is enough: the prescription test covers both');
    const session = await signIn();
    const name = `علي ${arabicWord()}`;
    const visit = await openVisit(api, session, name);
    const { data: record } = await api.call<{
      data: { id: number; derived: { right: { srkt: { powerForTarget: number } } } };
    }>('POST', 'mo/exam/biometry', session.token, {
      patientId: visit.patientId,
      queueId: visit.queueId,
      measurements: {
        device: 'iolMaster',
        right: { axialLength: 23.45, k1: 43.25, k1Axis: 180, k2: 44, k2Axis: 90, eyeStatus: 'phakic' },
        left: { axialLength: 23.8, k1: 43.5, k1Axis: 175, k2: 44.25, k2Axis: 85 },
      },
      lens: { right: { lensModel: 'SN60WF', aConstant: 118.7, targetRefraction: -0.5, iolPower: 21.5 } },
      note: 'Dense cataract',
    });

    const view = new PrintView(page, t);
    await view.goto(`/print/biometry/${record.id}`);
    await expect(view.part('print-title')).toHaveText(
      t('print.titles.report', { type: t('exams.types.biometry') }),
    );
    await expect(view.part('print-eyes-measurements')).toHaveAttribute('dir', 'ltr');
    await expect(view.part('print-field-measurements.right.axialLength')).toHaveText(
      `23.45 ${t('exams.units.mm')}`,
    );
    await expect(view.part('print-field-measurements.right.eyeStatus')).toHaveText(t('exams.values.phakic'));
    await expect(view.part('print-field-lens.right.iolPower')).toHaveText(`+21.50 ${t('exams.units.D')}`);
    const report = testInfo.outputPath('biometry.pdf');
    const pdf = await view.savePdf(report);
    pdfToPng(report, path.join(SHOTS, `${lang}-print-biometry`));
    expect(pdf.pages).toBe(1);
    // The server's SRK/T result is printed with the record (the surgeon reads the power for the target).
    const forTarget = record.derived.right.srkt.powerForTarget.toFixed(2);
    await expect(view.part('srkt-right-power')).toContainText(`${forTarget} D`);
    for (const text of ['23.45', '44.00', '180', '+21.50', '118.70', 'SN60WF', 'SRK/T', forTarget, name])
      expect(pdfHas(pdf, text), text).toBe(true);

    await view.goto(`/print/queue/${visit.queueId}`);
    await expect(view.sheet).toHaveAttribute('data-paper', '80mm');
    await expect(view.part('ticket-number')).toHaveText(String(visit.ticketNumber));
    await expect(view.part('ticket-patient')).toHaveText(name);
    const ticket = testInfo.outputPath('ticket.pdf');
    const roll = await view.savePdf(ticket);
    pdfToPng(ticket, path.join(SHOTS, `${lang}-print-ticket-80mm`));
    expect(roll.pages).toBe(1);
    expect(Math.round(roll.sizeMm[0])).toBe(80);
    expect(pdfHas(roll, String(visit.ticketNumber))).toBe(true);
    expect(pdfHas(roll, name), name).toBe(true);
  });

  test('typed text cannot reorder the product’s words: a note with a right-to-left override (issue 50)', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
  }, testInfo) => {
    const session = await signIn();
    const visit = await openVisit(api, session, `سلمى ${arabicWord()}`);
    // The attack's note: U+202E before its last word. Printed as sent, the product's "Left eye (OS)" after it read
    // "(SO) eye tfeL".
    const { data: record } = await api.call<{ data: { id: number; diagnoses: { text: string }[] } }>(
      'POST',
      'mo/exam/consultation',
      session.token,
      {
        patientId: visit.patientId,
        queueId: visit.queueId,
        diagnoses: [{ text: 'suspect \u202Eglaucoma', eye: 'left' }],
        plan: 'review \u202Ein a month',
      },
    );
    expect(record.diagnoses[0]?.text, 'stored without the override').toBe('suspect glaucoma');

    /** Whether `OS` in the eye's label is drawn O then S (its characters' boxes, left to right). */
    const drawnInOrder = (target: ReturnType<PrintView['part']>) =>
      target.evaluate((root) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = (node.textContent ?? '').indexOf('(OS)');
          if (at < 0) continue;
          const box = (i: number) => {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            return range.getBoundingClientRect();
          };
          return box(at + 1).left < box(at + 2).left;
        }
        return null;
      });

    const view = new PrintView(page, t);
    const check = async (name: string) => {
      await view.goto(`/print/consultation/${record.id}`);
      const line = view.sheet.getByTestId('print-diagnosis');
      await expect(line).toContainText(t('exams.eyes.left'));
      expect(await drawnInOrder(line), `${name}: the eye's label drawn in order`).toBe(true);
      await shot(`print-bidi-${name}`);
      const file = testInfo.outputPath(`bidi-${name}.pdf`);
      const pdf = await view.savePdf(file);
      pdfToPng(file, path.join(SHOTS, `${lang}-print-bidi-${name}`));
      expect(pdf.text, `${name}: the PDF reads OS`).toContain('OS');
      expect(pdf.text, `${name}: the PDF never reads SO`).not.toContain('SO');
      if (lang === 'en') expect(pdfHas(pdf, t('exams.eyes.left')), name).toBe(true);
    };
    await check('stored');
    // A record stored before the server removed the controls: the sheet isolates the doctor's words itself.
    await page.route(`**/api/mo/print/consultation/${record.id}**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('suspect glaucoma', 'suspect \\u202Eglaucoma');
      await route.fulfill({ response, body });
    });
    await check('legacy');
  });
});
