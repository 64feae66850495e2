import { describe, expect, it } from 'vitest';
import { EXAM_AREA_PERMISSIONS, EXAM_PERMISSIONS, EXAM_TYPES } from '@basira/shared/exams/exam-types';
import { PERMISSION_NAMES } from '@basira/shared/permissions/permissions';
import { permissionArea } from './permission-label.ts';

describe('permission areas of the role screen', () => {
  it('puts every permission of the catalogue in the area its name says', () => {
    const of = (area: string) => PERMISSION_NAMES.filter((name) => permissionArea(name) === area);
    expect(of('board')).toEqual([
      'open board',
      'show board',
      'cancel board',
      'waiting board',
      'rewaiting board',
      'finish board',
    ]);
    expect(of('patients')).toEqual(['add patient', 'edit patient', 'show patients', 'delete patient']);
    expect(of('queue')).toEqual([
      'add queue',
      'edit queue',
      'show queues',
      'delete queue',
      'show appointments',
      'book appointments',
      'manage appointment hours',
    ]);
    // The exams area is what the exam registry names (every type's permissions and the option lists'), and the
    // surgeons' lens list and outcomes.
    expect(of('exams')).toEqual(
      PERMISSION_NAMES.filter(
        (name) =>
          EXAM_AREA_PERMISSIONS.includes(name) ||
          ['show iol lenses', 'manage iol lenses', 'show outcomes'].includes(name),
      ),
    );
    for (const type of EXAM_TYPES)
      for (const names of Object.values(EXAM_PERMISSIONS[type]))
        for (const name of names) expect(permissionArea(name)).toBe('exams');
    expect(of('exams')).toContain('print squint');
    expect(of('exams')).toContain('show low visions');
    expect(of('exams')).toContain('edit options');
    expect(of('exams')).toContain('show consultation');
    expect(of('administration')).toEqual([
      'Administrator',
      'dashboard',
      'add user',
      'edit user',
      'delete user',
      'show users',
      'add permission',
      'edit permission',
      'show permission',
      'delete permission',
      'print setting',
      'show audit',
      'manage backups',
    ]);
    // The lens list and the outcomes (issue 55) are the surgeons': with the exams, beside the operation's own.
    expect(of('exams')).toEqual(
      expect.arrayContaining(['show iol lenses', 'manage iol lenses', 'show outcomes']),
    );
    expect(of('messages')).toEqual(['send message', 'show support']);
    expect(of('money')).toEqual([
      'show payments',
      'take payments',
      'give discounts',
      'refund',
      'manage prices',
      'show financial reports',
    ]);
  });
});
