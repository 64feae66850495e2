import i18next, { type InitOptions, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  directionOf,
  getLanguage,
  setDirection,
  setLanguage,
  type Direction,
  type Language,
} from '../lib/storage.ts';
import { takeEarlyTexts } from '../lib/early-requests.ts';

type Texts = Record<string, unknown>;

/** The app's own origin serves the text files, also when /config points the API at another server. */
export function localeUrl(lang: Language): string {
  return `${import.meta.env.BASE_URL}src/locales/${lang}.json`;
}

/** A copy built into the app, loaded only when the served file cannot be had (an old proxy, a broken deploy). */
const BUILT_IN: Record<Language, () => Promise<Texts>> = {
  ar: () => import('./built-in-ar.ts').then((m) => m.default),
  en: () => import('./built-in-en.ts').then((m) => m.default),
};

/**
 * Spec: the language's text file is fetched at runtime; if that fails there is no message. The built-in copy
 * keeps buttons and labels readable; if even that fails the text set is empty and keys are shown as words.
 */
export async function loadTexts(lang: Language, fetcher: typeof fetch = fetch): Promise<Texts> {
  try {
    // The page's first texts were asked for by public/before-modules.js, before any module loaded.
    const response = await (takeEarlyTexts(lang) ??
      fetcher(localeUrl(lang), { headers: { accept: 'application/json' } }));
    if (!response.ok) throw new Error(`locale ${lang}: ${response.status}`);
    const texts = (await response.json()) as unknown;
    if (typeof texts !== 'object' || texts === null) throw new Error(`locale ${lang}: not an object`);
    return texts as Texts;
  } catch {
    try {
      return await BUILT_IN[lang]();
    } catch {
      return {};
    }
  }
}

/** `roles.checkAll` → "Check all": what a key shows when its text is missing, so nothing is ever blank. */
export function keyAsWords(key: string): string {
  const last = key.split('.').pop() ?? key;
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

export function applyDocumentLanguage(lang: Language, dir: Direction): void {
  document.documentElement.lang = lang;
  document.documentElement.dir = dir;
}

/** One language's texts as the app reads them: the browser's instance and the server's render use the same. */
function i18nOptions(lang: Language, texts: Texts): InitOptions {
  return {
    lng: lang,
    fallbackLng: false,
    supportedLngs: ['ar', 'en'],
    resources: { [lang]: { translation: texts } },
    interpolation: { escapeValue: false },
    returnNull: false,
    returnEmptyString: false,
    parseMissingKeyHandler: (key: string) => keyAsWords(key),
    react: { useSuspense: false },
  };
}

export async function initI18n(lang: Language = getLanguage(), instance: I18n = i18next): Promise<I18n> {
  const texts = await loadTexts(lang);
  await instance.use(initReactI18next).init(i18nOptions(lang, texts));
  return instance;
}

/** An instance of its own for the server's render of a page, ready when returned (the texts are given). */
export function textsInstance(lang: Language, texts: Texts): I18n {
  const instance = i18next.createInstance();
  void instance.init({ ...i18nOptions(lang, texts), initAsync: false });
  return instance;
}

/** Choosing a language: saved, its texts loaded, and the direction reset to that language's own. */
export async function switchLanguage(lang: Language, instance: I18n = i18next): Promise<Direction> {
  if (!instance.hasResourceBundle(lang, 'translation')) {
    instance.addResourceBundle(lang, 'translation', await loadTexts(lang), true, true);
  }
  setLanguage(lang);
  const dir = directionOf(lang);
  setDirection(dir);
  await instance.changeLanguage(lang);
  document.documentElement.lang = lang;
  return dir;
}

export { i18next };
