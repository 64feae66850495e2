import { describe, expect, it } from 'vitest';
import { signatureBlocks } from './print-signature.ts';

const setting = { optometrist: 'Hassan Jawad', specialist: 'Dr Ali' };

describe('signatureBlocks', () => {
  it('signs a record by whoever recorded it, in the block of what they are, alone', () => {
    const sara = { id: 4, name: 'Dr Sara', isDoctor: true };
    const mustafa = { id: 3, name: 'Mustafa', isDoctor: false };
    expect(signatureBlocks(sara, setting, true)).toEqual([{ role: 'specialist', name: 'Dr Sara' }]);
    expect(signatureBlocks(sara, setting, false)).toEqual([{ role: 'specialist', name: 'Dr Sara' }]);
    expect(signatureBlocks(mustafa, setting, false)).toEqual([{ role: 'optometrist', name: 'Mustafa' }]);
    expect(signatureBlocks(mustafa, null, false)).toEqual([{ role: 'optometrist', name: 'Mustafa' }]);
  });

  it('falls back to the setting’s names when the record names nobody', () => {
    expect(signatureBlocks(null, setting, true)).toEqual([{ role: 'specialist', name: 'Dr Ali' }]);
    expect(signatureBlocks(null, setting, false)).toEqual([
      { role: 'optometrist', name: 'Hassan Jawad' },
      { role: 'specialist', name: 'Dr Ali' },
    ]);
    expect(signatureBlocks(null, null, true)).toEqual([{ role: 'specialist', name: '' }]);
  });
});
