import { describe, expect, it } from 'vitest';
import { nationalPrefixes, parsePhone } from './phone.ts';

describe('parsePhone', () => {
  it.each(['0770 123 4567', '07701234567', '+964 770 123 4567', '00964 770 123 4567', '٠٧٧٠ ١٢٣ ٤٥٦٧'])(
    '%s → +9647701234567',
    (typed) => {
      expect(parsePhone(typed, 'IQ')).toEqual({ e164: '+9647701234567', national: '7701234567' });
    },
  );

  it('refuses what is not a number of the country', () => {
    expect(parsePhone('12345', 'IQ')).toBeUndefined();
    expect(parsePhone('0770 123', 'IQ')).toBeUndefined();
    expect(parsePhone('', 'IQ')).toBeUndefined();
  });

  it('keeps a valid foreign number typed internationally', () => {
    expect(parsePhone('+44 20 7946 0958', 'IQ')?.e164).toBe('+442079460958');
  });
});

describe('nationalPrefixes', () => {
  it.each([
    ['0770 123', ['770123']],
    ['+964 770', ['770']],
    ['00964770', ['770']],
    ['+9647701234567', ['7701234567']],
    ['9647701234', ['9647701234', '7701234']],
    ['7701', ['7701']],
  ])('%s', (typed, expected) => {
    expect(nationalPrefixes(typed, '964')).toEqual(expected);
  });
});
