import type { Locator } from '@playwright/test';
import { arabicWord, expect, iraqiMobile, test } from '../support/fixtures.ts';
import { PrintView } from '../pages/print-pages.ts';

/**
 * Issue 16, "every clinical number unambiguous in Arabic": a signed value inside Arabic text must keep its sign left of
 * its digits. Measured on the drawn page, not on the DOM text: for every `-` followed by a digit in the element's text
 * nodes, a DOM Range over the sign and one over the first digit, and the sign's box must end where the digit's begins.
 */
async function signPlacements(target: Locator) {
  return target.evaluate((root) => {
    const found: { text: string; signRight: number; digitLeft: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/[-+]\d/g)) {
        const at = match.index;
        const box = (start: number) => {
          const range = document.createRange();
          range.setStart(node, start);
          range.setEnd(node, start + 1);
          return range.getBoundingClientRect();
        };
        found.push({ text: text.slice(at, at + 6), signRight: box(at).right, digitLeft: box(at + 1).left });
      }
    }
    return found;
  });
}

async function expectSignsLeftOfDigits(target: Locator, where: string) {
  await expect(target.first()).toBeVisible();
  const placements = (await Promise.all((await target.all()).map(signPlacements))).flat();
  expect(placements.length, `${where}: signed numbers found`).toBeGreaterThan(0);
  for (const p of placements)
    expect(p.signRight, `${where}: the sign of ${p.text} is drawn left of its digits`).toBeLessThanOrEqual(
      p.digitLeft + 0.5,
    );
}

test.describe('signed clinical numbers in Arabic', () => {
  test('the sign stays left of the digits on the form, board, file, index and the printed Rx', async ({
    page,
    api,
    signIn,
    lang,
  }, testInfo) => {
    test.skip(lang !== 'ar', 'the reordering happens in right-to-left text');
    const session = await signIn();
    const patient = await api.createPatient(session.token, {
      name: `سعاد ${arabicWord()}`,
      phone: iraqiMobile(),
      age: 40,
    });
    const entry = await api.queue(session.token, patient.id);
    await api.call('POST', `mo/patient/open/board/${patient.id}/${entry.id}`, session.token);
    const { data: record } = await api.call<{ data: { id: number } }>(
      'POST',
      'mo/exam/spectacles',
      session.token,
      {
        patientId: patient.id,
        queueId: entry.id,
        readings: [
          {
            kind: 'subjective',
            isFinal: true,
            right: { sphere: -2, cylinder: -0.75, axis: 90 },
            left: { sphere: -2.5, cylinder: 0, axis: 180 },
          },
        ],
      },
    );

    // The form's live spherical equivalent: -2.00 / -0.75 → -2.375 (nearest 0.125 D), -2.50 → -2.50.
    await page.goto(`/spectacles/${patient.id}/${entry.id}/${record.id}`);
    const se = page.getByTestId('exam-se').first();
    await expect(se).toContainText('-2.375');
    await expect(se).toContainText('-2.50');
    await expectSignsLeftOfDigits(se, 'form SE line');

    await page.goto(`/boards/${patient.id}/${entry.id}`);
    await expect(page.getByTestId('exam-summary').first()).toContainText('-2.00 -0.75 × 090');
    await expectSignsLeftOfDigits(page.getByTestId('exam-summary'), 'board summary');

    await page.goto(`/patient/${patient.id}`);
    await expect(page.getByTestId('exam-summary').first()).toContainText('-0.75');
    await expectSignsLeftOfDigits(page.getByTestId('exam-summary'), 'patient file summary');

    await page.goto(`/spectacles/${patient.id}`);
    await expect(page.getByTestId('exam-index-summary').first()).toContainText('-0.75');
    await expectSignsLeftOfDigits(page.getByTestId('exam-index-summary'), 'exam index row');

    // The printed Rx: pdftotext -layout reads the minus directly before the digits, and a zero cylinder as DS.
    await PrintView.fakePrintDialog(page);
    const view = new PrintView(page, (key) => key);
    await view.goto(`/print/spectacles/${record.id}`);
    await expect(page.getByTestId('rx-sheet')).toBeVisible();
    await expectSignsLeftOfDigits(page.getByTestId('rx-sheet'), 'printed Rx on screen');
    const pdf = await view.savePdf(testInfo.outputPath('rx.pdf'));
    const text = pdf.text.replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
    for (const number of ['-2.00', '-0.75', '-2.50', 'DS']) expect(text, number).toContain(number);
    expect(text, 'no sign after the digits').not.toMatch(/\d\.\d\d-(?!\d)/);
    expect(text, 'Plano is for a zero sphere only').not.toContain('Plano');
  });
});
