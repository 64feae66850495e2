import { describe, expect, it } from 'vitest';
import { merged, withDefined } from './objects.ts';

describe('merged', () => {
  it('is a spread of both: a new object, the second one’s keys winning, in the spread’s key order', () => {
    const base = { a: 1, b: 2 };
    const result = merged(base, { b: 'two', c: 3 });
    expect(result).toEqual({ a: 1, b: 'two', c: 3 });
    expect(Object.keys(result)).toEqual(Object.keys({ ...base, ...{ b: 'two', c: 3 } }));
    expect(result).not.toBe(base);
    expect(base).toEqual({ a: 1, b: 2 });
  });
});

describe('withDefined', () => {
  it('adds only the keys whose value is defined, keeping null, 0 and false', () => {
    const base = { a: 1 };
    const result = withDefined(base, { b: undefined, c: null, d: 0, e: false, f: 'x' });
    expect(Object.keys(result)).toEqual(['a', 'c', 'd', 'e', 'f']);
    expect(result).toEqual({ a: 1, c: null, d: 0, e: false, f: 'x' });
    expect(result).not.toBe(base);
  });
});
