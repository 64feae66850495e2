import { deflateSync, crc32 } from 'node:zlib';
import { expect, type Locator, type Page } from '@playwright/test';
import type { T } from '../support/fixtures.ts';

/** /printSetting: the list of settings, the form and its live preview. */
export class PrintSettingsPage {
  readonly heading: Locator;
  readonly editor: Locator;
  readonly table: Locator;
  readonly name: Locator;
  readonly optometrist: Locator;
  readonly specialist: Locator;
  readonly color: Locator;
  readonly header: Locator;
  readonly footer: Locator;
  readonly logoInput: Locator;
  readonly logoImage: Locator;
  readonly logoRemove: Locator;
  readonly logoError: Locator;
  readonly isDefault: Locator;
  readonly submit: Locator;
  readonly stale: Locator;
  readonly preview: Locator;

  constructor(
    readonly page: Page,
    readonly t: T,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t('printSetting.title') });
    this.editor = page.getByTestId('print-setting-editor');
    this.table = page.getByTestId('print-setting-table');
    this.name = page.getByTestId('print-setting-name');
    this.optometrist = page.getByTestId('print-setting-optometrist');
    this.specialist = page.getByTestId('print-setting-specialist');
    this.color = page.getByTestId('print-setting-color');
    this.header = page.getByRole('textbox', { name: t('printSetting.header'), exact: true });
    this.footer = page.getByRole('textbox', { name: t('printSetting.footer'), exact: true });
    this.logoInput = page.getByTestId('print-setting-logo-input');
    this.logoImage = page.getByTestId('print-setting-logo-image');
    this.logoRemove = page.getByTestId('print-setting-logo-remove');
    this.logoError = page.getByTestId('print-setting-logo-error');
    this.isDefault = page.getByTestId('print-setting-default');
    this.submit = page.getByTestId('print-setting-submit');
    this.stale = page.getByTestId('print-setting-stale');
    this.preview = page.getByTestId('print-setting-preview');
  }

  async goto(base = ''): Promise<void> {
    await this.page.goto(`${base}/printSetting`);
    await expect(this.heading).toBeVisible();
    await expect(this.editor).toBeVisible();
  }

  row(label: string): Locator {
    return this.page
      .getByTestId('print-setting-row')
      .filter({ has: this.page.getByTestId('print-setting-label').getByText(label, { exact: true }) });
  }

  async choosePaper(size: 'A5' | 'A4'): Promise<void> {
    await this.page
      .getByTestId('print-setting-paper')
      .getByText(this.t(`printSetting.paper.${size}`))
      .click();
  }

  async chooseZero(style: 'plano' | 'zeros'): Promise<void> {
    await this.page
      .getByTestId('print-setting-zero')
      .getByText(this.t(`printSetting.zero.${style}`))
      .click();
  }

  async chooseDigits(system: 'western' | 'arabic'): Promise<void> {
    await this.page
      .getByTestId('print-setting-digits')
      .getByText(this.t(`printSetting.digit.${system}`))
      .click();
  }

  /** Types a colour code and leaves the field (an incomplete code would go back to the last whole one). */
  async setColor(hex: string): Promise<void> {
    await this.color.fill(hex);
    await this.color.press('Tab');
  }

  /** The preview's sheet: its parts by the print frame's test ids. */
  sheet(part: string): Locator {
    return this.preview.getByTestId(part);
  }

  /** One cell of the preview's distance row: `rx-left-sphere`… */
  distanceCell(side: 'right' | 'left', column: string): Locator {
    return this.preview.getByTestId('rx-row-distance').getByTestId(`rx-${side}-${column}`);
  }
}

/** A small solid-colour PNG, encoded here (signature, IHDR, one IDAT, IEND): a real image for the logo. */
export function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
