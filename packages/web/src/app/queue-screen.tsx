import type { QueueRowAddon } from '../features/queue/queue-list.tsx';
import { QueuePage } from '../features/queue/queue-page.tsx';
import { RowBalances } from '../features/billing-desk/queue-balances.tsx';

/** The billing desk's part of the queue's rows: what each patient owes, and Pay. */
const balances: QueueRowAddon = RowBalances;

/** /queue: the queue with the billing desk on its rows (composed here: features never import each other). */
export function QueueScreen() {
  return <QueuePage rowAddon={balances} />;
}
