import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONDITIONS } from './conditions.ts';
import { DRUG_CLASS_DEFS } from './drug-classes.ts';
import { PRESCRIBING_RULES } from './prescribing-rules.ts';

/** docs/prescribing.md lists the classes, the rules with their sources and the conditions: it must name them all. */
const doc = readFileSync(new URL('../../../../docs/prescribing.md', import.meta.url), 'utf8');

describe('docs/prescribing.md', () => {
  it('names every class, rule (with its source) and condition of the data', () => {
    for (const c of DRUG_CLASS_DEFS) expect(doc, c.id).toContain(`\`${c.id}\``);
    for (const r of PRESCRIBING_RULES) {
      expect(doc, r.id).toContain(`\`${r.id}\``);
      expect(doc, `${r.id}'s source`).toContain(r.source.slice(0, 40));
    }
    for (const c of CONDITIONS) expect(doc, c.id).toContain(`\`${c.id}\``);
  });
});
