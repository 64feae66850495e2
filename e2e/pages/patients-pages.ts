import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

export interface NewPatient {
  name: string;
  phone: string;
  sex: 'male' | 'female';
  age?: string;
  birthDate?: string;
  allergies?: string;
}

/** /patients/:search? and its add/edit form. */
export class PatientListPage {
  readonly search: Locator;
  readonly table: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.search = page.getByTestId('patient-search');
    this.table = page.getByTestId('patient-table');
  }

  async goto(search?: string): Promise<void> {
    await this.page.goto(search ? `/patients/${encodeURIComponent(search)}` : '/patients');
    await expect(this.page.getByRole('heading', { level: 1, name: this.t('patients.title') })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByTestId('patient-row').filter({ has: this.page.getByText(name, { exact: true }) });
  }

  async openAdd(): Promise<PatientForm> {
    await this.page.getByTestId('patient-add').click();
    const form = new PatientForm(this.page, this.t);
    await expect(form.name).toBeVisible();
    return form;
  }
}

export class PatientForm {
  readonly dialog: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly age: Locator;
  readonly submit: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.dialog = page.getByTestId('patient-form');
    this.name = page.getByTestId('patient-name');
    this.phone = page.getByTestId('patient-phone');
    this.age = page.getByTestId('patient-age');
    this.submit = page.getByTestId('patient-submit');
  }

  async fill(patient: NewPatient): Promise<void> {
    await this.name.fill(patient.name);
    await this.dialog.getByRole('radio', { name: this.t(`patients.${patient.sex}`), exact: true }).check();
    if (patient.birthDate) {
      await this.dialog.getByText(this.t('patients.byBirthDate'), { exact: true }).click();
      const date = this.page.getByTestId('patient-birth-date');
      await date.fill(patient.birthDate);
      await date.press('Tab');
    } else await this.age.fill(patient.age ?? '30');
    await this.phone.fill(patient.phone);
    // An allergy in the patient's words (the server reads them into substances).
    if (patient.allergies) {
      await this.page.getByTestId('patient-allergy-add').click();
      await this.page.getByTestId('patient-allergy').last().fill(patient.allergies);
    }
  }
}
