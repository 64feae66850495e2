import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import { initI18n } from '../i18n/i18n.ts';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../public/src/locales');

/** The app's texts in a language, as the server sends them (`public/src/locales/<lang>.json`). */
export const textsOf = (lang: 'ar' | 'en'): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(locales, `${lang}.json`), 'utf8')) as Record<string, unknown>;

/**
 * Starts i18n in English with the app's own texts, as a screen test needs it: the loader's fetch answers the file
 * from disk, and is put back at once so that the test's own fetch stubs start clean.
 */
export async function initEnglish(): Promise<void> {
  const body = JSON.stringify(textsOf('en'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status: 200 })),
  );
  await initI18n('en');
  vi.unstubAllGlobals();
}
