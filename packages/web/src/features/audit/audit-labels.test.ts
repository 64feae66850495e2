import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_OUTCOMES,
  auditEntityKey,
} from '@basira/shared/audit/audit.schemas';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../public/src/locales');
const textOf = (lang: string) => {
  const texts = JSON.parse(readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as unknown;
  return (key: string): unknown =>
    key
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
};

describe('audit labels', () => {
  it.each(['ar', 'en'])('names every recorded action, outcome and record in %s', (lang) => {
    const text = textOf(lang);
    const missing = [
      ...AUDIT_ACTIONS.map((action) => `audit.actions.${action}`),
      ...AUDIT_OUTCOMES.map((outcome) => `audit.outcomes.${outcome}`),
      ...AUDIT_ENTITIES.map(auditEntityKey),
    ].filter((key) => typeof text(key) !== 'string');
    expect(missing).toEqual([]);
  });
});
