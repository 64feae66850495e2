import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UI,
  renderMayCall,
  sessionTokenOf,
  sidePanelOf,
  uiKey,
  uiPreferencesOf,
} from './rendered-pages.ts';

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

describe('the side panel cookie', () => {
  it('reads the choice, and no choice when missing or malformed', () => {
    expect(sidePanelOf('basira_ui=ar.rtl.light; basira_panel=0')).toBe(false);
    expect(sidePanelOf('basira_panel=1')).toBe(true);
    for (const header of [undefined, 'basira_panel=', 'basira_panel=open', 'x_basira_panel=1'])
      expect(sidePanelOf(header), String(header)).toBeUndefined();
  });
});

describe('what a render may call', () => {
  it('reads: the API’s GETs and the board’s show, which the spec makes a POST', () => {
    expect(renderMayCall('GET', '/api/mo/patient/filter?page=1')).toBe(true);
    expect(renderMayCall('POST', '/api/mo/patient/open/board/show/12/34')).toBe(true);
  });

  it('never a write, nor anything outside the API', () => {
    expect(renderMayCall('POST', '/api/mo/patient/open/board/12/34')).toBe(false);
    expect(renderMayCall('POST', '/api/mo/patient/open/board/show/12/34/x')).toBe(false);
    expect(renderMayCall('DELETE', '/api/mo/patient/12')).toBe(false);
    expect(renderMayCall('POST', '/api/logout')).toBe(false);
    expect(renderMayCall('GET', '/backup')).toBe(false);
  });
});
