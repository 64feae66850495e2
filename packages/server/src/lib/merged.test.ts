import { describe, expect, it } from 'vitest';
import { merged } from './merged.ts';

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
