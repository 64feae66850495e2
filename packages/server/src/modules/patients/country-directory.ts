import type { Country } from '@basira/shared/countries/countries.schemas';
import { DEFAULT_COUNTRY_ID } from '@basira/shared/countries/countries.schemas';
import { callingCodeOf } from '@basira/shared/patients/phone';
import type { Db } from '../../db/client.ts';
import { listCountries } from '../countries/countries.service.ts';

/** The country list (global reference data that never changes while the server runs), held in memory. */
export class CountryDirectory {
  private constructor(private readonly byId: ReadonlyMap<number, Country>) {}

  static async load(db: Db): Promise<CountryDirectory> {
    return new CountryDirectory(new Map((await listCountries(db)).map((c) => [c.id, c])));
  }

  get(id: number): Country {
    const country = this.byId.get(id);
    if (!country) throw new Error(`Unknown country ${id}`);
    return country;
  }

  /** ISO alpha-2 (the country's `prefix`), for phone parsing. */
  readonly isoOf = (id: number): string | undefined => this.byId.get(id)?.prefix;

  /** Calling code of the default country (Iraq: 964): a phone typed without one is taken as national. */
  defaultCallingCode(): string {
    return callingCodeOf(this.get(DEFAULT_COUNTRY_ID).prefix) ?? '964';
  }
}
