import { BoardPage, type BoardCards } from '../features/queue/board-page.tsx';
import { TelegramCard } from '../features/messaging/telegram-card.tsx';

/** The patient's Telegram on the board (docs/messaging.md): the messaging feature's card in the queue's page. */
const cards: BoardCards = (board, permissions) => (
  <TelegramCard patient={board.patient} permissions={permissions} />
);

/** /boards/:patientId/:queueId/:search?: the board with the cards of other features. */
export function BoardScreen() {
  return <BoardPage cards={cards} />;
}
