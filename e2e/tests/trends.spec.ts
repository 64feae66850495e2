import path from 'node:path';
import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';
import { ROOT } from '../support/server.ts';

const SHOTS = path.join(ROOT, 'e2e/screenshots');

test.describe("the patient's trends", () => {
  test('IOP from three follow-ups: a chart per eye with the flag, and the same numbers in the table', async ({
    page,
    t,
    lang,
    api,
    signIn,
    shot,
    axe,
  }) => {
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `سعاد ${arabicWord()}`,
      phone: iraqiMobile(),
    });
    const followUps: [string, number, number, string][] = [
      ['2025-11-02', 17, 16, '6/6'],
      ['2026-03-08', 18, 17, '6/6'],
      ['2026-07-12', 24, 18, '6/12'],
    ];
    for (const [i, [day, right, left, bcva]] of followUps.entries()) {
      const visit = await api.queue(session.token, patient.id, { date: `${day}T09:00:00+03:00` });
      await api.call('POST', 'mo/exam/followUp', session.token, {
        patientId: patient.id,
        queueId: visit.id,
        iop: [{ method: 'goldmann', right: { value: right }, left: { value: left } }],
        vision: { right: { bcva } },
      });
      // The doctor set a target pressure at the first visit: 20 for the right eye, 19 for the left.
      if (i === 0)
        await api.call('POST', 'mo/exam/consultation', session.token, {
          patientId: patient.id,
          queueId: visit.id,
          targetIop: { right: { value: 20 }, left: { value: 19 } },
        });
    }

    await page.goto(`/patient/${patient.id}`);
    const card = page.getByTestId('trends-card');
    await expect(card.getByTestId('trend-chart-iop')).toBeVisible();
    // Two lines (right and left eye) over the three visits.
    await expect(card.getByTestId('trend-chart-iop').locator('.recharts-line')).toHaveCount(2);
    await expect(card.getByTestId('trend-flag-iopHigh')).toContainText(t('exams.eyes.right'));
    await expect(card.getByTestId('trend-flag-iopHigh')).toContainText('24');
    await expect(card.getByTestId('trend-flag-iopRise')).toBeVisible();
    // The right eye's 24 is above its target of 20; the left's 18 is under its 19.
    await expect(card.getByTestId('trend-flag-iopAboveTarget')).toHaveCount(1);
    await expect(card.getByTestId('trend-flag-iopAboveTarget')).toContainText(t('exams.eyes.right'));
    await expect(card.getByTestId('trend-flag-iopAboveTarget')).toContainText('20');
    // The targets as two dashed lines, their numbers in the line under the chart.
    await expect(
      card.getByTestId('trend-chart-iop').locator('.recharts-reference-line line[stroke-dasharray="6 4"]'),
    ).toHaveCount(2);
    await expect(card.getByTestId('trend-target-iop')).toContainText('20');
    await expect(card.getByTestId('trend-target-iop')).toContainText('19');
    // Two lines lost: 6/6 → 6/12, with the logMAR.
    await expect(card.getByTestId('trend-flag-vaLoss')).toContainText('6/6');
    await expect(card.getByTestId('trend-flag-vaLoss')).toContainText('6/12');
    await card.getByTestId('trend-chart-iop').scrollIntoViewIfNeeded();
    await shot('trends-chart');
    // The card itself (below the fold): the flags, the IOP chart with its targets, the acuity chart.
    await page.evaluate(() => document.fonts.ready);
    await card.screenshot({ path: path.join(SHOTS, `${lang}-trends-card-chart.png`) });

    await card.getByTestId('trends-view').getByText(t('patientFile.trends.table'), { exact: true }).click();
    const rows = card.getByTestId('trend-table-iop').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2).locator('td').nth(1)).toHaveText('24');
    await expect(rows.nth(2).locator('td').nth(2)).toHaveText('18');
    // Acuity in logMAR with its 6 m line beside it.
    const acuity = card.getByTestId('trend-table-vaLogMar').locator('tbody tr');
    await expect(acuity.nth(2).locator('td').nth(1)).toHaveText('0.30 · 6/12');
    await card.screenshot({ path: path.join(SHOTS, `${lang}-trends-card-table.png`) });
    await shot('trends-table');
    expect(await axe()).toEqual([]);
  });
});
