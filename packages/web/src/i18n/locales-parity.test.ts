import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@basira/shared/errors/error-codes';
import { PERMISSION_NAMES } from '@basira/shared/permissions/permissions';
import { SEEDED_ROLE_NAMES } from '@basira/shared/permissions/seeded-roles';
import { SIDE_MENU } from '../lib/navigation.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.resolve(here, '../../public/src/locales');
const load = (lang: string) =>
  JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Record<string, unknown>;
const ar = load('ar');
const en = load('en');

/** Every leaf as `a.b.c` → text. */
function flatten(object: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(object)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of flatten(value as Record<string, unknown>, full)) out.set(k, v);
    else throw new Error(`${full}: not a string`);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** i18next context: Arabic agrees with the patient's sex (lib/grammar.ts); English needs no variant. */
const CONTEXT = /_female$/;
const base = (key: string) => key.replace(PLURAL, '');
const arFlat = flatten(ar);
const enFlat = flatten(en);
const bases = (flat: Map<string, string>) =>
  new Set([...flat.keys()].filter((k) => !CONTEXT.test(k)).map(base));
const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('locale files', () => {
  it('have the same keys in Arabic and English (plural forms aside)', () => {
    const arBases = bases(arFlat);
    const enBases = bases(enFlat);
    expect([...enBases].filter((k) => !arBases.has(k))).toEqual([]);
    expect([...arBases].filter((k) => !enBases.has(k))).toEqual([]);
    // A feminine variant stands beside the plain (masculine) text of the same key.
    const orphans = [...arFlat.keys()].filter((k) => CONTEXT.test(k) && !arFlat.has(k.replace(CONTEXT, '')));
    expect(orphans).toEqual([]);
  });

  it('give every plural key all the forms each language needs', () => {
    const plurals = new Set([...enFlat.keys(), ...arFlat.keys()].filter((k) => PLURAL.test(k)).map(base));
    for (const key of plurals) {
      for (const form of ['one', 'other'])
        expect(enFlat.has(`${key}_${form}`), `en ${key}_${form}`).toBe(true);
      for (const form of ['zero', 'one', 'two', 'few', 'many', 'other'])
        expect(arFlat.has(`${key}_${form}`), `ar ${key}_${form}`).toBe(true);
    }
  });

  it('have no empty texts and the same {{variables}} in both languages', () => {
    for (const [key, text] of [...arFlat, ...enFlat]) expect(text.trim(), key).not.toBe('');
    const byBase = (flat: Map<string, string>) => {
      const vars = new Map<string, Set<string>>();
      for (const [key, text] of flat) {
        const set = vars.get(base(key)) ?? new Set<string>();
        for (const v of variables(text)) set.add(v);
        vars.set(base(key), set);
      }
      return vars;
    };
    const arVars = byBase(arFlat);
    for (const [key, vars] of byBase(enFlat)) {
      // Arabic singular/dual forms may spell the number out instead of using {{count}}.
      const expected = [...vars].filter((v) => v !== 'count').sort();
      const actual = [...(arVars.get(key) ?? [])].filter((v) => v !== 'count').sort();
      expect(actual, key).toEqual(expected);
    }
  });

  it('translate every error code of the API, every permission name and every seeded role', () => {
    for (const code of Object.keys(ERROR_STATUS)) {
      expect(enFlat.has(`errors.codes.${code}`), `en errors.codes.${code}`).toBe(true);
      expect(arFlat.has(`errors.codes.${code}`), `ar errors.codes.${code}`).toBe(true);
    }
    for (const name of PERMISSION_NAMES) {
      expect(enFlat.has(`permissionNames.${name}`), name).toBe(true);
      expect(arFlat.has(`permissionNames.${name}`), name).toBe(true);
    }
    // The roles the product creates are shown in the user's language (an English `Administrator` on Arabic screens).
    for (const name of SEEDED_ROLE_NAMES) {
      expect(enFlat.has(`roleNames.${name}`), name).toBe(true);
      expect(arFlat.has(`roleNames.${name}`), name).toBe(true);
    }
  });

  it('contain every key the source code names literally', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(path.resolve(here, '..'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) used.add(m[1]!);
      for (const m of text.matchAll(/(?:labelKey|textKey|key): '([a-z][\w]*\.[\w.]+)'/g)) used.add(m[1]!);
    }
    const known = bases(enFlat);
    expect([...used].filter((key) => !known.has(key)).sort()).toEqual([]);
  });

  it('describe every screen the start page offers (a missing text showed its route: "Option index")', () => {
    // The portal's cards: every side-menu item but the portal itself, and its two shortcuts.
    const routes = [
      ...SIDE_MENU.map((item) => item.route).filter((r) => r !== 'userPortal'),
      'userAdd',
      'permissions',
    ];
    for (const route of routes) {
      expect(enFlat.has(`portal.describe.${route}`), `en portal.describe.${route}`).toBe(true);
      expect(arFlat.has(`portal.describe.${route}`), `ar portal.describe.${route}`).toBe(true);
    }
  });

  it('keep the spec texts verbatim in English', () => {
    expect(enFlat.get('errors.serverDown')).toBe('Server is down, please try again.');
    expect(enFlat.get('errors.sessionExpired')).toBe(
      'Your session has expired. Would you like to be redirected to the login page.',
    );
    expect(enFlat.get('roles.confirmTitle')).toBe('Are You Sure?');
    expect(enFlat.get('roles.confirmText')).toBe("You Won't Be Able To Revert This!");
    expect(enFlat.get('roles.confirmYes')).toBe('Yes, delete it!');
    expect(enFlat.get('roles.confirmNo')).toBe('No, cancel!');
    expect(enFlat.get('roles.deletedTitle')).toBe('Deleted!');
    expect(enFlat.get('roles.deletedText')).toBe('Deleted successfully .');
    expect(enFlat.get('roles.savedCreate')).toBe('Your Role has been saved');
    expect(enFlat.get('roles.savedUpdate')).toBe('Your group has been Update');
    expect(enFlat.get('roles.createFailed')).toBe('create new data fails!!!');
    expect(enFlat.get('roles.updateFailed')).toBe('update data fails!!!');
    expect(enFlat.get('roles.loadFailed')).toBe('Your Role file not exist !!!');
    expect(enFlat.get('notFound.title')).toBe('Page not found');
  });

  it('have the validation texts of spec section 5 in both languages', () => {
    for (const key of [
      'name.required',
      'name.min',
      'email.required',
      'email.invalid',
      'password.required',
      'password_confirmation.required',
      'first_name.required',
    ]) {
      expect(enFlat.has(`validation.${key}`), key).toBe(true);
      expect(arFlat.has(`validation.${key}`), key).toBe(true);
    }
  });
});
