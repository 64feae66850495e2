import type { TFunction } from 'i18next';

/** A permission's name in the chosen language; the stored name itself when no translation exists. */
export function permissionLabel(t: TFunction, name: string): string {
  return t(`permissionNames.${name}`, { defaultValue: name });
}
