import {
  patientSorts,
  TYPEAHEAD_MIN_LENGTH,
  type PatientSort,
} from '@basira/shared/patients/patients.schemas';
import type { ScreenData } from '../../lib/screen-data.ts';
import { can } from '../../lib/session-local.ts';
import { pageOf } from '../../lib/use-search-params-update.ts';
import { patientPageQuery, type PatientFilters } from './patients.queries.ts';

// What /patients asks for, from its address: the page's queries and the route loader's (lib/screen-data.ts) are
// the same, and this module stays light (no component) so the loader can ask before the page's code has run.

export type FilterValues = Omit<PatientFilters, 'search' | 'page'>;

export const FILTER_KEYS = ['isMale', 'ageFrom', 'ageTo', 'lastVisitFrom', 'lastVisitTo', 'sort'] as const;

/** The filters as kept in the address (?isMale=1&ageFrom=3…), so a list can be bookmarked and shared. */
export function filtersFromParams(params: URLSearchParams): FilterValues {
  const number = (key: string) => {
    const value = params.get(key);
    return value !== null && /^\d{1,3}$/.test(value) ? Number(value) : undefined;
  };
  const day = (key: string) => {
    const value = params.get(key);
    return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const sex = params.get('isMale');
  const sort = params.get('sort');
  return {
    isMale: sex === '0' || sex === '1' ? sex : undefined,
    ageFrom: number('ageFrom'),
    ageTo: number('ageTo'),
    lastVisitFrom: day('lastVisitFrom'),
    lastVisitTo: day('lastVisitTo'),
    sort: sort && (patientSorts as readonly string[]).includes(sort) ? (sort as PatientSort) : undefined,
  };
}

/** The search as sent: below the typeahead's 2 characters the list is not narrowed (spec section 5). */
export const effectiveSearch = (text: string) => {
  const trimmed = text.trim();
  return trimmed.length >= TYPEAHEAD_MIN_LENGTH ? trimmed : '';
};

/** The list's query for an address (`/patients/:search?` and its filters): the page and its loader ask the same. */
export const patientListQuery = (routeSearch: string, params: URLSearchParams) =>
  patientPageQuery({
    search: effectiveSearch(routeSearch),
    page: pageOf(params),
    ...filtersFromParams(params),
  });

export const showsDeleted = (permissions: readonly string[] | undefined, params: URLSearchParams) =>
  can(permissions, 'Administrator') && params.get('view') === 'deleted';

/** The list, asked for by the route's loader (lib/screen-data.ts). */
export const patientListData: ScreenData = (client, { params, searchParams, me }) => {
  if (!showsDeleted(me.permissions, searchParams))
    void client.prefetchQuery(patientListQuery(params.search ?? '', searchParams));
};
