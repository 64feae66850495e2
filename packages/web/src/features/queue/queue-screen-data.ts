import { dayIn } from '../../lib/format.ts';
import type { ScreenData } from '../../lib/screen-data.ts';
import { can } from '../../lib/session-local.ts';
import { pageOf } from '../../lib/use-search-params-update.ts';
import { queueFiltersFromParams } from './queue-list-params.ts';
import { doctorsQuery, queueListQuery, worklistQuery } from './queue.queries.ts';

// What /queue and /doctor show first, asked for by their routes' loaders (lib/screen-data.ts); a light module (no
// component), so the loader can ask before the page's code has run.

/** The day's list as the address filters it, asked for by the route's loader (lib/screen-data.ts). */
export const queueListData: ScreenData = (client, { searchParams, me }) => {
  if (!can(me.permissions, 'show queues')) return;
  const today = dayIn(me.organization.timeZone);
  void client.prefetchQuery(
    queueListQuery({ ...queueFiltersFromParams(searchParams, today), page: pageOf(searchParams) }),
  );
  // The list's doctor filter (and the add form) name the doctors.
  void client.prefetchQuery(doctorsQuery);
};

/** The doctor's worklist. */
export const worklistData: ScreenData = (client) => void client.prefetchQuery(worklistQuery);
