import { describe, expect, it } from 'vitest';
import {
  printSettingCreateSchema,
  printSettingUpdateSchema,
  type PrintSetting,
} from '@basira/shared/print/print-settings.schemas';
import {
  createBody,
  previewSetting,
  readLogo,
  rebase,
  settingLabel,
  updateBody,
  valuesOf,
} from './print-settings-values.ts';

const saved: PrintSetting = {
  id: 7,
  name: null,
  optometrist: 'Ali',
  specialist: 'Dr Sara',
  color: '#1c3f94',
  header: '<p>Clinic</p>',
  footer: '',
  logo: null,
  paperSize: 'A5',
  zeroAs: 'plano',
  digits: 'western',
  isDefault: true,
  version: 4,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

describe('print setting values', () => {
  it('start a new setting from the schema defaults; the first one is the default', () => {
    expect(valuesOf(null)).toMatchObject({
      color: '#000000',
      paperSize: 'A5',
      zeroAs: 'plano',
      isDefault: false,
    });
    expect(valuesOf(null, true).isDefault).toBe(true);
    expect(printSettingCreateSchema.safeParse(createBody(valuesOf(null))).success).toBe(true);
  });

  it('create: a blank name is none, names are trimmed, the colour is lower case', () => {
    const body = createBody({ ...valuesOf(null), name: '  ', optometrist: ' Ali ', color: '#AABBCC' });
    expect(body).toMatchObject({ name: null, optometrist: 'Ali', color: '#aabbcc' });
  });

  it('update: the version read and only the fields that changed', () => {
    const values = { ...valuesOf(saved), specialist: 'Dr Huda', paperSize: 'A4' as const };
    const body = updateBody(values, saved);
    expect(body).toEqual({ version: 4, specialist: 'Dr Huda', paperSize: 'A4' });
    expect(printSettingUpdateSchema.safeParse(body).success).toBe(true);
    expect(updateBody(valuesOf(saved), saved)).toEqual({ version: 4 });
    // Removing the logo and clearing a label are changes too.
    const cleared = updateBody(
      { ...valuesOf({ ...saved, name: 'Main', logo: 'data:image/png;base64,AA==' }), name: '', logo: null },
      {
        ...saved,
        name: 'Main',
        logo: 'data:image/png;base64,AA==',
      },
    );
    expect(cleared).toEqual({ version: 4, name: null, logo: null });
  });

  it('after a 409: their version with my own changes on top', () => {
    const theirs = { ...saved, version: 5, specialist: 'Dr Huda', color: '#c92a2a' };
    const mine = { ...valuesOf(saved), optometrist: 'Omar', color: '#2b8a3e' };
    expect(rebase(mine, saved, theirs)).toEqual({
      ...valuesOf(theirs),
      optometrist: 'Omar',
      color: '#2b8a3e',
    });
    expect(updateBody(rebase(mine, saved, theirs), theirs)).toEqual({
      version: 5,
      optometrist: 'Omar',
      color: '#2b8a3e',
    });
  });

  it('dirty (the form compares bodies): whitespace and case are no change', () => {
    const version = { version: saved.version };
    expect(updateBody({ ...valuesOf(saved), optometrist: 'Ali ' }, saved)).toEqual(version);
    expect(updateBody({ ...valuesOf(saved), color: '#1C3F94' }, saved)).toEqual(version);
    expect(updateBody({ ...valuesOf(saved), header: '' }, saved)).toEqual({ ...version, header: '' });
    expect(createBody(valuesOf(null, true))).toEqual(createBody({ ...valuesOf(null, true), name: ' ' }));
  });

  it('preview: the typed values, a half-typed colour keeping the last whole one', () => {
    const preview = previewSetting(
      { ...valuesOf(saved), color: '#12', specialist: 'Dr Huda' },
      saved,
      '#1c3f94',
    );
    expect(preview).toMatchObject({ id: 7, version: 4, color: '#1c3f94', specialist: 'Dr Huda' });
    expect(previewSetting(valuesOf(null), null, '#000000')).toMatchObject({
      id: 0,
      name: null,
      color: '#000000',
    });
  });

  it('label: the name, else the optometrist and specialist, else none', () => {
    expect(settingLabel({ name: 'Branch 2', optometrist: 'Ali', specialist: '' })).toBe('Branch 2');
    expect(settingLabel({ name: null, optometrist: 'Ali', specialist: 'Dr Sara' })).toBe('Ali · Dr Sara');
    expect(settingLabel({ name: ' ', optometrist: '', specialist: '' })).toBeNull();
  });

  it('logo: read as a data URL; over 1 MB refused before any upload', async () => {
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    expect(await readLogo(png)).toEqual({ dataUrl: 'data:image/png;base64,iVBORw==' });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(await readLogo(big)).toEqual({ error: 'logo.too_large' });
  });
});
