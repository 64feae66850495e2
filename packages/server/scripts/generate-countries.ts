/**
 * Regenerates src/db/countries.json (committed) from i18n-iso-countries and libphonenumber-js.
 * Ids are positions in alphabetical order of the English short name, except that the spec fixes Iraq at 105:
 * Iraq and the country alphabetically at 105 (Iran) swap ids.
 * Run: npx tsx scripts/generate-countries.ts
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { getCountryCallingCode, isSupportedCountry } from 'libphonenumber-js';

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ar.json'));

const flag = (code: string) => String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

// Territories without their own code in libphonenumber's metadata.
const EXTRA_CODES: Record<string, string> = {
  AQ: '672',
  BV: '47',
  HM: '672',
  TF: '262',
  UM: '1',
  PN: '64',
  GS: '500',
};

const phoneCode = (code: string) =>
  isSupportedCountry(code) ? getCountryCallingCode(code) : EXTRA_CODES[code];

const rows = Object.keys(countries.getAlpha2Codes())
  .map((code) => {
    const calling = phoneCode(code);
    if (!calling) throw new Error(`No calling code for ${code}`);
    return {
      prefix: code,
      icon: flag(code),
      name: countries.getName(code, 'en', { select: 'alias' }) ?? code,
      arabicName: countries.getName(code, 'ar', { select: 'alias' }) ?? code,
      phoneCode: `+${calling}`,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name, 'en'))
  .map((row, index) => ({ id: index + 1, ...row }));

const IRAQ_ID = 105;
const iraq = rows.find((r) => r.prefix === 'IQ');
const holder = rows.find((r) => r.id === IRAQ_ID);
if (!iraq || !holder) throw new Error('Iraq missing');
[holder.id, iraq.id] = [iraq.id, IRAQ_ID];
rows.sort((a, b) => a.id - b.id);
writeFileSync(
  new URL('../src/db/countries.json', import.meta.url),
  JSON.stringify(rows, null, 0).replaceAll('},{', '},\n{') + '\n',
);
console.log(`${rows.length} countries written`);
