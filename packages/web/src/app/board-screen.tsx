import { BoardPage, type BoardCards } from '../features/queue/board-page.tsx';
import { TelegramCard } from '../features/messaging/telegram-card.tsx';
import { VisitChargesCard } from '../features/billing-desk/visit-charges-card.tsx';

/**
 * The board's cards of other features, composed here (docs/architecture.md, layering): the visit's charges and what
 * the patient owes (docs/money.md), and the patient's Telegram (docs/messaging.md).
 */
const cards: BoardCards = (board, permissions) => (
  <>
    <VisitChargesCard patient={board.patient} queueId={board.visit.id} permissions={permissions} />
    <TelegramCard patient={board.patient} permissions={permissions} />
  </>
);

/** /boards/:patientId/:queueId/:search?: the board with the cards of other features. */
export function BoardScreen() {
  return <BoardPage cards={cards} />;
}
