import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint configuration, on a file placed where a service would be: what `npm test` runs.
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function problems(body: string): Promise<string[]> {
  const code = `import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, patients } from '../../db/schema.ts';
import { inOrg, sameOrg } from '../../lib/tenant.ts';
export async function run(db: Db, orgId: number) {
${body}
}
`;
  const [result] = await eslint.lintText(code, {
    filePath: `${root}packages/server/src/modules/example/example.service.ts`,
  });
  return result!.messages.filter((m) => m.ruleId === 'basira/org-scoped-query').map((m) => m.message);
}

describe('basira/org-scoped-query', () => {
  it('fails a builder query of an organization table without inOrg, and passes it with', async () => {
    expect(await problems(`  return db.select().from(patients).where(eq(patients.id, 1));`)).toHaveLength(1);
    expect(
      await problems(
        `  return db.select().from(patients).where(inOrg(patients, orgId, eq(patients.id, 1)));`,
      ),
    ).toEqual([]);
  });

  it('fails a raw statement reading an organization table without its organization check', async () => {
    const [message] = await problems(
      '  return db.execute(sql`SELECT p.name FROM ${patients} p WHERE p.id = ${1}::int`);',
    );
    expect(message).toMatch(/`patients` without an organization filter/);
    expect(
      await problems(
        '  return db.execute(sql`UPDATE ${patients} p SET name = ${"x"} WHERE p.id = ${1}::int`);',
      ),
    ).toHaveLength(1);
  });

  it('passes a raw statement scoped by sameOrg or inOrg, and an insert, which carries its organization', async () => {
    expect(
      await problems(
        '  return db.execute(sql`SELECT p.name FROM ${patients} p WHERE ${sameOrg("p", orgId)} AND p.id = ${1}::int`);',
      ),
    ).toEqual([]);
    expect(
      await problems('  return db.execute(sql`SELECT 1 FROM ${patients} WHERE ${inOrg(patients, orgId)}`);'),
    ).toEqual([]);
    expect(
      await problems(
        '  return db.execute(sql`INSERT INTO ${auditLog} (org_id, action) VALUES (${orgId}, ${"x"})`);',
      ),
    ).toEqual([]);
  });

  it("does not count a raw subquery's scoping for the query around it", async () => {
    expect(
      await problems(
        '  return db.select().from(patients).where(sql`EXISTS (SELECT 1 FROM ${auditLog} a WHERE ${sameOrg("a", orgId)})`);',
      ),
    ).toHaveLength(1);
  });
});
