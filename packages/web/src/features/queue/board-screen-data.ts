import type { ScreenData } from '../../lib/screen-data.ts';
import { idParam } from '../../lib/routes.ts';
import { can } from '../../lib/session-local.ts';
import { asksToOpen } from './queue-actions.ts';
import { boardShowQuery } from './queue.queries.ts';

/**
 * What the board shows first, asked for by its route's loader (lib/screen-data.ts), under the page's own conditions.
 * A link that asks to open the visit gets the board from the open's answer instead: a read sent now could land
 * after it and put back the visit as it was before it was opened.
 */
export const boardData: ScreenData = (client, { params, state, me }) => {
  const patientId = idParam(params.patientId);
  const queueId = idParam(params.queueId);
  if (patientId === null || queueId === null || !can(me.permissions, 'show board')) return;
  if (asksToOpen(state, me.permissions)) return;
  void client.prefetchQuery(boardShowQuery(patientId, queueId));
};
