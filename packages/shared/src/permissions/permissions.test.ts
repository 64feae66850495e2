import { describe, expect, it } from 'vitest';
import { effectivePermissions, holdsAny, PERMISSION_NAMES, PERMISSIONS } from './permissions.ts';

describe('permission catalogue', () => {
  it('holds the spec names verbatim, each once', () => {
    for (const name of [
      'Administrator',
      'dashboard',
      'show prisms',
      'show biometrys',
      'show keratoconus',
      'print squint',
      'show permission',
      'show outers',
      'rewaiting board',
      'print setting',
      'show follow ups',
      'show low visions',
    ])
      expect(PERMISSION_NAMES).toContain(name);
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    expect(PERMISSIONS.map((p) => p.id)).toEqual(PERMISSIONS.map((_, i) => i + 1));
  });

  it('checks any-of case-insensitively, denies on an empty list, lets Administrator through', () => {
    expect(holdsAny([], 'dashboard')).toBe(false);
    expect(holdsAny(['Show Users'], ['add user', 'show users'])).toBe(true);
    expect(holdsAny(['show users'], 'add user')).toBe(false);
    expect(holdsAny(['administrator'], 'delete user')).toBe(true);
  });

  it('expands Administrator to the whole catalogue', () => {
    expect(effectivePermissions(['Administrator'])).toHaveLength(PERMISSION_NAMES.length);
    expect(effectivePermissions(['show users', 'bogus'])).toEqual(['show users']);
  });
});
