import { useTranslation } from '../i18n/use-translation.ts';
import type { Translator } from './error-catalogue.ts';

/** i18next's `t` with `exists`, as the error catalogue wants it. */
export function useTranslator(): Translator {
  const { t, i18n } = useTranslation();
  return Object.assign((key: string, options?: Record<string, unknown>) => t(key, options), {
    exists: (key: string) => i18n.exists(key),
  });
}
