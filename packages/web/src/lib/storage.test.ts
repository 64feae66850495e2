import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearSession,
  getConnectionString,
  getDirection,
  getIsDark,
  getLanguage,
  getOrganization,
  getToken,
  LEGACY_LANG_KEY,
  setConnectionString,
  setIsDark,
  setOrganization,
  STORAGE_KEYS,
  storeSession,
  tellServerTheSession,
} from './storage.ts';
import type { Me } from '@basira/shared/auth/auth.schemas';

const me = { id: 1, name: 'Admin', permissions: ['Administrator'] } as unknown as Me;

describe('local storage keys (spec section 9)', () => {
  beforeEach(() => localStorage.clear());

  it('are exactly the spec names (and the side panel, beyond the spec)', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'token',
      'user',
      'isAuthenticated',
      'isDark',
      'dir',
      'lang',
      'connectionString',
      'organization',
      'sidePanel',
    ]);
  });

  it('store a sign-in as token, user and isAuthenticated, and logout clears only those', () => {
    localStorage.setItem('lang', 'en');
    localStorage.setItem('isDark', '0');
    storeSession('tok-1', me);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 1 });
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(getToken()).toBe('tok-1');
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem('isDark')).toBe('0');
  });

  it('default the language to Arabic and read the old `locale` key once', () => {
    expect(getLanguage()).toBe('ar');
    localStorage.setItem(LEGACY_LANG_KEY, 'en');
    expect(getLanguage()).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(localStorage.getItem(LEGACY_LANG_KEY)).toBeNull();
    localStorage.setItem('lang', 'xx');
    expect(getLanguage()).toBe('ar');
  });

  it('take the direction from `dir`, else from the language (ar → rtl, en → ltr)', () => {
    expect(getDirection('ar')).toBe('rtl');
    expect(getDirection('en')).toBe('ltr');
    localStorage.setItem('dir', 'ltr');
    expect(getDirection('ar')).toBe('ltr');
    localStorage.setItem('dir', 'sideways');
    expect(getDirection('ar')).toBe('rtl');
  });

  it("keep the theme under isDark, where '0' means dark", () => {
    expect(getIsDark()).toBe(false);
    setIsDark(true);
    expect(localStorage.getItem('isDark')).toBe('0');
    expect(getIsDark()).toBe(true);
    setIsDark(false);
    expect(localStorage.getItem('isDark')).toBe('1');
    expect(getIsDark()).toBe(false);
  });

  it("default the connection string to this server's /api and keep the organization", () => {
    expect(getConnectionString()).toBe(`${window.location.origin}/api`);
    setConnectionString('http://clinic:3000/api/');
    expect(localStorage.getItem('connectionString')).toBe('http://clinic:3000/api');
    expect(getConnectionString()).toBe('http://clinic:3000/api');
    expect(getOrganization()).toBeNull();
    setOrganization(' North ');
    expect(localStorage.getItem('organization')).toBe('north');
    setConnectionString(null);
    expect(getConnectionString()).toBe(`${window.location.origin}/api`);
  });
});

describe("the session cookie (what the server knows of this browser's session)", () => {
  const token = 'T0ken_-'.repeat(6);
  const cookie = () => /(?:^|; )basira_session=([^;]*)/.exec(document.cookie)?.[1];

  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it('holds the stored token from sign-in to logout, and nothing once the session is cleared', () => {
    expect(cookie()).toBeUndefined();
    storeSession(token, me);
    expect(cookie()).toBe(token);
    clearSession();
    expect(cookie()).toBeUndefined();
  });

  it("is written again at start from storage, and never for another server's API", () => {
    localStorage.setItem(STORAGE_KEYS.token, token);
    tellServerTheSession();
    expect(cookie()).toBe(token);
    setConnectionString('https://elsewhere.example/api');
    expect(cookie()).toBeUndefined();
    setConnectionString(null);
    expect(cookie()).toBe(token);
  });
});
