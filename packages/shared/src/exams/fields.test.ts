import { describe, expect, it } from 'vitest';
import { diopters, eyes, group, list, mapLeaves, note, richText } from './fields.ts';

const fields = {
  plan: richText(),
  remark: note(),
  block: group({ advice: richText() }),
  readings: list(eyes({ comment: richText(), sphere: diopters(-20, 20) }, { label: richText() }), 3),
};

describe('mapLeaves', () => {
  it('maps every leaf of the kind, in groups, lists and either eye, with its path; leaves the rest', () => {
    const paths: string[] = [];
    const data = {
      plan: 'a',
      remark: 'b',
      block: { advice: 'c' },
      readings: [{ label: 'd', right: { comment: 'e', sphere: -1 }, left: { sphere: 2 } }],
    };
    const mapped = mapLeaves(fields, data, 'richText', (value, path) => {
      paths.push(path.join('.'));
      return String(value).toUpperCase();
    });
    expect(mapped).toEqual({
      plan: 'A',
      remark: 'b',
      block: { advice: 'C' },
      readings: [{ label: 'D', right: { comment: 'E', sphere: -1 }, left: { sphere: 2 } }],
    });
    expect(paths).toEqual(['plan', 'block.advice', 'readings.0.label', 'readings.0.right.comment']);
    expect(data.plan).toBe('a');
  });

  it('does not walk fields that have no leaf of the kind', () => {
    const data = { plan: 'a', readings: [{ right: { sphere: -1 } }] };
    let calls = 0;
    expect(mapLeaves(fields, data, 'drug', () => calls++)).toBe(data);
    expect(calls).toBe(0);
  });
});
