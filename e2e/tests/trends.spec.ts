import { test, expect, arabicWord, iraqiMobile } from '../support/fixtures.ts';

test.describe("the patient's trends", () => {
  test('IOP from three follow-ups: a chart per eye with the flag, and the same numbers in the table', async ({
    page,
    t,
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
    const followUps: [string, number, number][] = [
      ['2025-11-02', 17, 16],
      ['2026-03-08', 18, 17],
      ['2026-07-12', 24, 18],
    ];
    for (const [day, right, left] of followUps) {
      const visit = await api.queue(session.token, patient.id, { date: `${day}T09:00:00+03:00` });
      await api.call('POST', 'mo/exam/followUp', session.token, {
        patientId: patient.id,
        queueId: visit.id,
        iop: [{ method: 'goldmann', right: { value: right }, left: { value: left } }],
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
    await card.getByTestId('trend-chart-iop').scrollIntoViewIfNeeded();
    await shot('trends-chart');

    await card.getByTestId('trends-view').getByText(t('patientFile.trends.table'), { exact: true }).click();
    const rows = card.getByTestId('trend-table-iop').locator('tbody tr');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2).locator('td').nth(1)).toHaveText('24');
    await expect(rows.nth(2).locator('td').nth(2)).toHaveText('18');
    await shot('trends-table');
    expect(await axe()).toEqual([]);
  });
});
