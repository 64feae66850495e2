import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { examRecords } from '../../db/schema.ts';
import { runOnce } from '../../lib/data-upgrades.ts';
import { inOrg } from '../../lib/tenant.ts';
import { clinic } from '../../test/clinic-fixtures.ts';
import { dbKind, startTestApp, type TestApp, type TestOrg } from '../../test/harness.ts';
import { upgradedMedication, upgradeOrganizationDoses, upgradeStoredDoses } from './stored-doses.ts';

let t: TestApp;
let org: TestOrg;
let patientId: number;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrg();
  patientId = (await clinic(t, org).patient()).id;
  // Marked as upgraded before its old records are written: on PostgreSQL another test file's start (the database
  // is shared) then leaves them to this file's own calls.
  await upgradeStoredDoses(t.database.db);
});
afterAll(() => t.close());

/** A consultation as it was stored before doses were numbers, written straight into the table. */
async function oldConsultation(
  medications: Record<string, unknown>[],
  owner: { orgId: number; patientId: number } = { orgId: org.id, patientId },
): Promise<number> {
  const derived = {
    medications: medications.map(() => ({
      scheduleText: { ar: 'كما طبع', en: 'as printed' },
      totalDays: null,
    })),
    warnings: [],
  };
  const [row] = await t.database.db
    .insert(examRecords)
    .values({ ...owner, type: 'consultation', data: { medications }, derived })
    .returning({ id: examRecords.id });
  return row!.id;
}

async function stored(id: number, orgId = org.id) {
  const [row] = await t.database.db
    .select({ data: examRecords.data, derived: examRecords.derived, version: examRecords.version })
    .from(examRecords)
    .where(inOrg(examRecords, orgId, eq(examRecords.id, id)));
  return row!;
}

describe(`doses stored as text, upgraded at start on ${dbKind}`, () => {
  it('become a number and a unit, or move to the instructions as typed; a second run changes nothing', async () => {
    const id = await oldConsultation([
      { name: 'Moxifloxacin', form: 'drops', eye: 'right', dose: '1 drop', frequency: { timesPerDay: 4 } },
      { name: 'Timolol', form: 'drops', eye: 'both', dose: '2' },
      { name: 'Acetazolamide', form: 'tablet', dose: '١ حبة', instructions: 'with water' },
      { name: 'Prednisolone', form: 'tablet', dose: 'half a tablet' },
      { name: 'Fucithalmic', form: 'ointment', eye: 'left', dose: '1 cm', frequency: 'bedtime' },
      { name: 'Artificial tears', form: 'drops', eye: 'both', dose: '1-2', instructions: 'as needed' },
      { name: 'Vaseline', form: 'other', dose: 'a thin film' },
      { name: 'Avastin', form: 'injection', eye: 'right', dose: '1' },
      { name: 'Nothing typed', form: 'drops', dose: '' },
      { name: 'Already numbers', form: 'drops', dose: 1, doseUnit: 'drop' },
    ]);
    const untouched = await oldConsultation([
      { name: 'New record', form: 'drops', dose: 2, doseUnit: 'drop' },
    ]);
    const before = await stored(id);
    const untouchedBefore = await stored(untouched);

    expect(await upgradeOrganizationDoses(t.database.db, org.id)).toEqual({
      records: 1,
      movedToInstructions: 2,
    });
    const after = await stored(id);
    expect((after.data as { medications: unknown[] }).medications).toEqual([
      {
        name: 'Moxifloxacin',
        form: 'drops',
        eye: 'right',
        dose: 1,
        doseUnit: 'drop',
        frequency: { timesPerDay: 4 },
      },
      { name: 'Timolol', form: 'drops', eye: 'both', dose: 2, doseUnit: 'drop' },
      { name: 'Acetazolamide', form: 'tablet', dose: 1, doseUnit: 'tablet', instructions: 'with water' },
      { name: 'Prednisolone', form: 'tablet', dose: 0.5, doseUnit: 'tablet' },
      { name: 'Fucithalmic', form: 'ointment', eye: 'left', dose: 1, doseUnit: 'cm', frequency: 'bedtime' },
      { name: 'Artificial tears', form: 'drops', eye: 'both', dose: null, instructions: '1-2; as needed' },
      { name: 'Vaseline', form: 'other', dose: null, instructions: 'a thin film' },
      { name: 'Avastin', form: 'injection', eye: 'right', dose: null },
      { name: 'Nothing typed', form: 'drops', dose: null },
      { name: 'Already numbers', form: 'drops', dose: 1, doseUnit: 'drop' },
    ]);
    // The schedule as it was printed, the version (not an edit) and records already of numbers stay as they were.
    expect(after.derived).toEqual(before.derived);
    expect(after.version).toBe(before.version);
    expect(await stored(untouched)).toEqual(untouchedBefore);

    // Idempotent: nothing of this organization is left to upgrade, and the record is unchanged by a second run.
    expect(await upgradeOrganizationDoses(t.database.db, org.id)).toEqual({
      records: 0,
      movedToInstructions: 0,
    });
    expect(await stored(id)).toEqual(after);
    const left = await t.database.db
      .select({ id: examRecords.id })
      .from(examRecords)
      .where(inOrg(examRecords, org.id, eq(examRecords.type, 'consultation')));
    for (const row of left)
      for (const med of ((await stored(row.id)).data as { medications: { dose?: unknown }[] }).medications)
        expect(typeof med.dose).not.toBe('string');
  });

  it('runs at start until it has once finished, and is read back through the API', async () => {
    // On PostgreSQL the database is shared with other test files: an organization of its own.
    const own = await t.newOrg();
    const ownPatient = (await clinic(t, own).patient()).id;
    const id = await oldConsultation(
      [{ name: 'Moxifloxacin', form: 'drops', eye: 'right', dose: '2 drops' }],
      { orgId: own.id, patientId: ownPatient },
    );
    await upgradeStoredDoses(t.database.db);
    const res = await clinic(t, own).call('GET', `/api/mo/exam/consultation/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.medications).toEqual([
      { name: 'Moxifloxacin', form: 'drops', eye: 'right', dose: 2, doseUnit: 'drop' },
    ]);

    // Marked done, an upgrade is not run again (a start no longer scans every consultation).
    const name = `test-upgrade-${own.id}`;
    let runs = 0;
    await runOnce(t.database.db, name, async () => void runs++);
    await runOnce(t.database.db, name, async () => void runs++);
    expect(runs).toBe(1);
  });

  it('moves a dose it cannot read in front of the instructions, trimmed', () => {
    expect(upgradedMedication({ form: 'drops', dose: ' 1–2 drops ', instructions: '  shake well ' })).toEqual(
      {
        form: 'drops',
        dose: null,
        instructions: '1–2 drops; shake well',
      },
    );
    expect(upgradedMedication({ form: 'drops', dose: 1, doseUnit: 'drop' })).toEqual({
      form: 'drops',
      dose: 1,
      doseUnit: 'drop',
    });
  });
});
