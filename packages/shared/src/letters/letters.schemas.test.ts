import { describe, expect, it } from 'vitest';
import { fillTemplate, MERGE_FIELDS, usesMergeField, type MergeValues } from './letters.schemas.ts';

const values = (given: Partial<MergeValues>): MergeValues => ({
  ...(Object.fromEntries(MERGE_FIELDS.map((field) => [field, ''])) as MergeValues),
  ...given,
});

describe('fillTemplate', () => {
  it('resolves {{masculine|feminine}} by the patient’s sex: no slash forms in the letter', () => {
    const body = '<p>نشهد بأن {{المريض|المريضة}} {{patient.name}} قد {{راجع|راجعت}} عيادتنا.</p>';
    expect(fillTemplate(body, values({ 'patient.name': 'علي' }), true)).toBe(
      '<p>نشهد بأن المريض علي قد راجع عيادتنا.</p>',
    );
    expect(fillTemplate(body, values({ 'patient.name': 'زينب' }), false)).toBe(
      '<p>نشهد بأن المريضة زينب قد راجعت عيادتنا.</p>',
    );
    // Either side may be empty, spaces inside are the editor's, and English works the same way.
    expect(fillTemplate('<p>المريض{{|ة}} — {{ he | she }}</p>', values({}), false)).toBe(
      '<p>المريضة — she</p>',
    );
  });

  it('escapes values, fills in one pass, and leaves unknown names as written', () => {
    const filled = fillTemplate(
      '<p>{{patient.name}} {{doctor.name}} {{patient.nmae}}</p>',
      values({ 'patient.name': '<b>{{doctor.name}}</b>', 'doctor.name': 'Dr Ali' }),
      true,
    );
    expect(filled).toBe('<p>&lt;b&gt;{{doctor.name}}&lt;/b&gt; Dr Ali {{patient.nmae}}</p>');
  });

  it('drops a paragraph left empty by its merge fields (an adult’s age warning), and keeps the others', () => {
    const body =
      '<p>A</p><p><strong>{{driving.ageWarning}}</strong></p><p>Diagnosis: {{diagnoses}}</p><p></p>';
    expect(fillTemplate(body, values({}), true)).toBe('<p>A</p><p>Diagnosis: </p><p></p>');
    expect(fillTemplate(body, values({ 'driving.ageWarning': 'Warning' }), true)).toBe(
      '<p>A</p><p><strong>Warning</strong></p><p>Diagnosis: </p><p></p>',
    );
  });

  it('tells whether a template uses a merge field', () => {
    expect(usesMergeField('<p>for {{ sickLeave.days }}</p>', 'sickLeave.days')).toBe(true);
    expect(usesMergeField('<p>for ( ) days</p>', 'sickLeave.days')).toBe(false);
  });
});
