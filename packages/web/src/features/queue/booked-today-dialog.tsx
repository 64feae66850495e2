import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans } from 'react-i18next';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { QueueEntry } from '@basira/shared/queue/queue.schemas';
import { useFormatters } from '../../lib/format.ts';

/**
 * Queueing a patient who has a booking (or a recall) today (409 `queue.booked_today`): the booking is the visit,
 * so the first choice arrives it; a second visit is opened only by choice (`confirmDuplicate`).
 */
export function BookedTodayDialog({
  booking,
  pending,
  onArrive,
  onSecondVisit,
  onClose,
}: {
  /** The patient's booking today, as the 409 carried it; null: closed. */
  booking: QueueEntry | null;
  pending: boolean;
  onArrive: (booking: QueueEntry) => void;
  onSecondVisit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const doctor = booking?.doctor?.name ?? t('queue.bookedToday.anyDoctor');
  return (
    <Modal
      opened={booking !== null}
      onClose={onClose}
      title={t('queue.bookedToday.title')}
      data-testid="booked-today-dialog"
    >
      {booking && (
        <Stack gap="md">
          <Text size="sm" data-testid="booked-today-text">
            {booking.slotMinutes === null ? (
              t('queue.bookedToday.textRecall', { doctor })
            ) : (
              <Trans
                i18nKey="queue.bookedToday.text"
                values={{ time: format.time(booking.date), doctor }}
                components={{ time: <bdi dir="ltr" /> }}
              />
            )}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-testid="booked-today-cancel">
              {t('queue.bookedToday.cancel')}
            </Button>
            <Button
              variant="light"
              onClick={onSecondVisit}
              disabled={pending}
              data-testid="booked-today-second"
            >
              {t('queue.bookedToday.second')}
            </Button>
            <Button
              color="violet"
              loading={pending}
              onClick={() => onArrive(booking)}
              data-autofocus
              data-testid="booked-today-arrive"
            >
              {t('queue.bookedToday.arrive')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
