import type { Language } from './storage.ts';

/** What `public/before-modules.js` started before any module loaded (window.__basiraEarly). */
interface EarlyRequests {
  texts?: { lang: string; response: Promise<Response> };
  me?: { key: string; response: Promise<Response> };
}

declare global {
  interface Window {
    __basiraEarly?: EarlyRequests;
  }
}

/** Identifies a GET /api/me by what its answer depends on: the base, the token and the organization. */
export const earlyMeKey = (base: string, token: string, organization: string | null): string =>
  `${base}|${token}|${organization ?? ''}`;

function take<K extends keyof EarlyRequests>(kind: K): EarlyRequests[K] | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__basiraEarly;
  const request = early?.[kind];
  if (early) delete early[kind];
  return request;
}

/** The texts' answer started early, taken once, and only if it was for `lang`. */
export function takeEarlyTexts(lang: Language): Promise<Response> | undefined {
  const texts = take('texts');
  return texts?.lang === lang ? texts.response : undefined;
}

/** GET /api/me's answer started early, taken once, and only if it was asked with the same base, token and clinic. */
export function takeEarlyMe(key: string): Promise<Response> | undefined {
  const me = take('me');
  return me?.key === key ? me.response : undefined;
}
