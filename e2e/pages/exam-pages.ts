import { expect, type Locator, type Page } from '@playwright/test';

/** The one exam form of every type (add and update). */
export class ExamFormPage {
  readonly submit: Locator;
  readonly meta: Locator;

  constructor(readonly page: Page) {
    this.submit = page.getByTestId('exam-submit');
    this.meta = page.getByTestId('exam-meta');
  }

  field(path: string): Locator {
    return this.page.getByTestId(`exam-field-${path}`);
  }

  /** Types a value as a clinician does and leaves the field (numbers are read when the field is left). */
  async type(path: string, value: string): Promise<void> {
    const field = this.field(path);
    await field.fill(value);
    await field.press('Tab');
  }

  /** Saves and waits for the record's update address (`/<type>/:patientId/:queueId/:id`). */
  async save(type: string): Promise<number> {
    await this.submit.click();
    await expect(this.page).toHaveURL(new RegExp(`/${type}/\\d+/\\d+/\\d+$`));
    await expect(this.page.getByTestId('exam-dirty')).toHaveCount(0);
    return Number(this.page.url().split('/').pop());
  }
}
