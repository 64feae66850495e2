import {
  DEFAULT_PRINT_COLOR,
  LOGO_MAX_BYTES,
  type DigitSystem,
  type PaperSize,
  type PrintSetting,
  type PrintSettingCreate,
  type PrintSettingUpdate,
  type ZeroStyle,
} from '@basira/shared/print/print-settings.schemas';

/** What the print-settings form holds: the setting's fields as typed (a blank name is none). */
export interface PrintSettingValues {
  name: string;
  optometrist: string;
  specialist: string;
  color: string;
  header: string;
  footer: string;
  logo: string | null;
  paperSize: PaperSize;
  zeroAs: ZeroStyle;
  digits: DigitSystem;
  isDefault: boolean;
}

type Field = keyof PrintSettingValues;
const FIELDS: readonly Field[] = [
  'name',
  'optometrist',
  'specialist',
  'color',
  'header',
  'footer',
  'logo',
  'paperSize',
  'zeroAs',
  'digits',
  'isDefault',
];

const HEX_COLOR = /^#[0-9a-f]{6}$/i;
export const isHexColor = (value: string) => HEX_COLOR.test(value);

/** The form's values for a setting, or for a new one (the schema's defaults; the first one is the default). */
export function valuesOf(setting: PrintSetting | null, isFirst = false): PrintSettingValues {
  return {
    name: setting?.name ?? '',
    optometrist: setting?.optometrist ?? '',
    specialist: setting?.specialist ?? '',
    color: setting?.color ?? DEFAULT_PRINT_COLOR,
    header: setting?.header ?? '',
    footer: setting?.footer ?? '',
    logo: setting?.logo ?? null,
    paperSize: setting?.paperSize ?? 'A5',
    zeroAs: setting?.zeroAs ?? 'plano',
    digits: setting?.digits ?? 'western',
    isDefault: setting?.isDefault ?? isFirst,
  };
}

/** The values as the API takes them: trimmed names, a blank label as none, the colour in lower case. */
function normalised(values: PrintSettingValues): Omit<PrintSettingValues, 'name'> & { name: string | null } {
  return {
    ...values,
    name: values.name.trim() || null,
    optometrist: values.optometrist.trim(),
    specialist: values.specialist.trim(),
    color: values.color.trim().toLowerCase(),
  };
}

export function createBody(values: PrintSettingValues): PrintSettingCreate {
  return normalised(values);
}

/**
 * An update sends the version it read and only the fields that differ from that version (the server keeps the
 * others), so two people editing different fields of one setting do not undo each other's work.
 */
export function updateBody(values: PrintSettingValues, base: PrintSetting): PrintSettingUpdate {
  const next = normalised(values);
  const before = normalised(valuesOf(base));
  const body: PrintSettingUpdate = { version: base.version };
  for (const field of FIELDS) {
    if (next[field] !== before[field]) Object.assign(body, { [field]: next[field] });
  }
  return body;
}

/**
 * After a 409: the colleague's version with this user's own changes (the fields they changed from the version
 * they had read) put back on top, so saving again keeps both people's work.
 */
export function rebase(
  values: PrintSettingValues,
  read: PrintSetting,
  theirs: PrintSetting,
): PrintSettingValues {
  const before = valuesOf(read);
  const merged = valuesOf(theirs);
  for (const field of FIELDS)
    if (values[field] !== before[field]) Object.assign(merged, { [field]: values[field] });
  return merged;
}

/**
 * The setting the preview draws: the form's values over the saved setting (or placeholders for a new one). A
 * colour still being typed keeps the last whole one.
 */
export function previewSetting(
  values: PrintSettingValues,
  base: PrintSetting | null,
  lastColor: string,
): PrintSetting {
  const now = new Date(0).toISOString();
  const { name, ...rest } = normalised(values);
  return {
    id: base?.id ?? 0,
    version: base?.version ?? 0,
    createdAt: base?.createdAt ?? now,
    updatedAt: base?.updatedAt ?? now,
    ...rest,
    name,
    color: isHexColor(rest.color) ? rest.color : lastColor,
  };
}

/** How the list names a setting: its label, else its optometrist and specialist; null when it has neither. */
export function settingLabel(
  setting: Pick<PrintSetting, 'name' | 'optometrist' | 'specialist'>,
): string | null {
  const name = setting.name?.trim();
  if (name) return name;
  const people = [setting.optometrist.trim(), setting.specialist.trim()].filter(Boolean);
  return people.length > 0 ? people.join(' · ') : null;
}

/** A logo file read as a data URL; a file over 1 MB is refused here (`logo.too_large`), the rest by the server. */
export function readLogo(
  file: File,
): Promise<{ dataUrl: string } | { error: 'logo.too_large' | 'logo.invalid' }> {
  if (file.size > LOGO_MAX_BYTES) return Promise.resolve({ error: 'logo.too_large' });
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? { dataUrl: reader.result } : { error: 'logo.invalid' });
    reader.onerror = () => resolve({ error: 'logo.invalid' });
    reader.readAsDataURL(file);
  });
}
