import { describe, expect, it } from 'vitest';
import { DEFAULT_UI, sessionTokenOf, uiKey, uiPreferencesOf } from './rendered-pages.ts';

describe('the browser preferences cookie', () => {
  it('reads the value the web app writes, among other cookies', () => {
    expect(uiPreferencesOf('a=1; basira_ui=en.ltr.dark; b=2')).toEqual({
      lang: 'en',
      direction: 'ltr',
      dark: true,
    });
    expect(uiPreferencesOf('basira_ui=ar.ltr.light')).toEqual({ lang: 'ar', direction: 'ltr', dark: false });
  });

  it('falls back to the defaults when the cookie is missing or malformed', () => {
    for (const header of [
      undefined,
      '',
      'basira_ui=',
      'basira_ui=fr.rtl.light',
      'basira_ui=en.ltr.dark.x',
      'x_basira_ui=en.ltr.dark',
    ])
      expect(uiPreferencesOf(header), String(header)).toEqual(DEFAULT_UI);
  });

  it('writes what it reads', () => {
    const ui = { lang: 'en', direction: 'rtl', dark: true } as const;
    expect(uiPreferencesOf(`basira_ui=${uiKey(ui)}`)).toEqual(ui);
    expect(uiKey(DEFAULT_UI)).toBe('ar.rtl.light');
  });
});

describe('the session cookie', () => {
  const token = 'Xy3_-Q'.repeat(7) + 'a';

  it('reads a well-formed token among other cookies', () => {
    expect(sessionTokenOf(`basira_ui=ar.rtl.light; basira_session=${token}; b=2`)).toBe(token);
  });

  it('is no session when missing or malformed', () => {
    for (const header of [
      undefined,
      '',
      'basira_session=',
      'basira_session=short',
      `basira_session=${token}%3B`,
      `basira_session=${token}.x`,
      `x_basira_session=${token}`,
    ])
      expect(sessionTokenOf(header), String(header)).toBeUndefined();
  });
});
