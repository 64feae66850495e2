import { useContext, useSyncExternalStore } from 'react';
import type { i18n as I18n, TFunction } from 'i18next';
import { I18nContext, getI18n } from 'react-i18next';

/** What a component reads its texts with: the same two names as react-i18next's `useTranslation`. */
export interface Translation {
  t: TFunction;
  i18n: I18n;
}

interface Bound extends Translation {
  language: string;
}

const boundTexts = new WeakMap<I18n, Bound>();
const subscribers = new WeakMap<I18n, (changed: () => void) => () => void>();

/** The instance's texts in its current language: one object per language, so it is a stable snapshot. */
function translationOf(i18n: I18n): Bound {
  const known = boundTexts.get(i18n);
  if (known && known.language === i18n.language) return known;
  const bound: Bound = { t: i18n.t.bind(i18n), i18n, language: i18n.language };
  boundTexts.set(i18n, bound);
  return bound;
}

function subscriberOf(i18n: I18n): (changed: () => void) => () => void {
  let subscribe = subscribers.get(i18n);
  if (!subscribe) {
    subscribe = (changed) => {
      i18n.on('languageChanged', changed);
      return () => i18n.off('languageChanged', changed);
    };
    subscribers.set(i18n, subscribe);
  }
  return subscribe;
}

/**
 * The texts of the language on screen, and the instance (`i18n.language`, `i18n.dir()`), for every component.
 *
 * Why not react-i18next's own hook: it is built for namespaces and key prefixes loaded on demand, and pays for that
 * on every component's first render (a copy of the whole i18next instance, a fixed `t`, an options object). A queue
 * page mounts some 150 components that read texts, on the server and again in the browser; in a CPU profile of the
 * server drawing /queue that copy alone was the largest single cost (4 % of the process). This app has one
 * namespace, and its language's texts are loaded before anything is drawn (i18n.ts), so the texts are bound once
 * per instance and language and shared by every component.
 *
 * Like react-i18next's hook: the instance comes from `I18nextProvider` (the server gives each render its own),
 * else the one `initReactI18next` registered; a language change draws the reader again, with a new `t` (so a
 * `useMemo` that depends on `t` is computed again).
 */
export function useTranslation(): Translation {
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return useSyncExternalStore(
    subscriberOf(i18n),
    () => translationOf(i18n),
    () => translationOf(i18n),
  );
}
