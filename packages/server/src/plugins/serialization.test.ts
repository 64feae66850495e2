import { describe, expect, it } from 'vitest';
import { unionsAsTypes } from './serialization.ts';

describe('unionsAsTypes', () => {
  it('writes an option or null as a type list, either order, at any depth', () => {
    const reference = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
    expect(
      unionsAsTypes({
        type: 'object',
        properties: {
          by: { anyOf: [reference, { type: 'null' }] },
          tags: { type: 'array', items: { anyOf: [{ type: 'null' }, { type: 'string', maxLength: 3 }] } },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        by: { ...reference, type: ['object', 'null'] },
        tags: { type: 'array', items: { type: ['string', 'null'], maxLength: 3 } },
      },
    });
  });

  it('writes a union of literals of one type as that type', () => {
    expect(
      unionsAsTypes({
        description: 'flag',
        anyOf: [
          { type: 'number', const: 0 },
          { type: 'number', const: 1 },
        ],
      }),
    ).toEqual({ description: 'flag', type: 'number', enum: [0, 1] });
  });

  it('leaves every other anyOf as it is: two types, three options, a reference, a union inside', () => {
    const kept = [
      { anyOf: [{ type: 'string' }, { type: 'number' }] },
      { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] },
      { anyOf: [{ $ref: '#/definitions/x' }, { type: 'null' }] },
      { anyOf: [{ type: ['string', 'number'] }, { type: 'null' }] },
      { anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'null' }] },
      { anyOf: [{ type: 'string' }, { type: 'null', description: 'not only a type' }] },
      {
        anyOf: [
          { type: 'number', const: 0 },
          { type: 'string', const: 'x' },
        ],
      },
      { anyOf: [{ type: 'number', const: 0 }, { type: 'number' }] },
    ];
    for (const schema of kept) expect(unionsAsTypes(schema)).toEqual(schema);
  });
});
