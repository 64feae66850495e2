import {
  createTheme,
  darken,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineColorSchemeManager,
} from '@mantine/core';
import { getIsDark, setIsDark, STORAGE_KEYS } from './storage.ts';

/**
 * The Arabic font is bundled (@fontsource-variable/noto-sans-arabic: one file per script for every weight):
 * clinic machines are often offline and lack one.
 */
const FONT =
  '"Noto Sans Arabic Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  fontFamily: FONT,
  headings: { fontFamily: FONT },
  primaryColor: 'teal',
  // Shade 9 keeps white text on filled buttons at WCAG AA contrast in both themes (axe checks the dark board).
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  defaultRadius: 'md',
  cursorType: 'pointer',
  respectReducedMotion: true,
});

/**
 * WCAG AA contrast (axe's color-contrast rule) for Mantine's defaults: dimmed text one shade darker, error text
 * three, and the
 * "light" variants (badges, alerts, subtle buttons, active menu items) with darker text on a paler ground.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // A field's error text and border: Mantine's red 6 is 3.3:1 on white, below AA.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (!Array.isArray(shades) || shades.length < 10) continue;
    light[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-0)`;
    light[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-1)`;
    light[`--mantine-color-${name}-light-color`] = darken(shades[9]!, 0.35);
    // Mantine's hover of shade 9 is the lighter shade 8 (white text falls below AA): a darker 9 instead.
    light[`--mantine-color-${name}-filled-hover`] = darken(shades[9]!, 0.15);
  }
  return { variables: {}, light, dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' } };
};

/** Mantine's colour scheme, kept under the spec's `isDark` key ('0' means dark). */
export function isDarkColorSchemeManager(): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue: MantineColorScheme) => {
      try {
        if (window.localStorage.getItem(STORAGE_KEYS.isDark) === null) return defaultValue;
      } catch {
        return defaultValue;
      }
      return getIsDark() ? 'dark' : 'light';
    },
    set: (value: MantineColorScheme) => setIsDark(value === 'dark'),
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.key === STORAGE_KEYS.isDark) onUpdate(getIsDark() ? 'dark' : 'light');
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => setIsDark(false),
  };
}
