import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.ts';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'quote \\" [[[[' }), 1)).toBe(false);
  });

  it('answers at once for 100,000 levels, without recursion', () => {
    expect(nestsDeeperThan('['.repeat(100_000) + ']'.repeat(100_000), 64)).toBe(true);
  });
});
