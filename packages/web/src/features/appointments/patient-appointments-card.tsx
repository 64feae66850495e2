import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link } from 'react-router';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { useMe } from '../../lib/use-me.ts';
import { patientAppointmentsQuery } from './appointments.queries.ts';
import { BookAppointmentButton } from './booking-dialog.tsx';

/** The patient's file: the bookings ahead, the no-shows and cancellations, and "Book". */
export function PatientAppointmentsCard({ patient }: { patient: Pick<PatientSummary, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const me = useMe();
  const canRead = canAny(me?.permissions, ['show appointments', 'book appointments']);
  const canBook = canAny(me?.permissions, ['book appointments']);
  const data = useQuery({ ...patientAppointmentsQuery(patient.id), enabled: canRead });
  if (!canRead) return null;
  return (
    <Card withBorder data-testid="patient-appointments">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('appointments.patient.title')}</Text>
        {canBook && <BookAppointmentButton patient={patient} size="compact-sm" />}
      </Group>
      <Stack gap={4}>
        {(data.data?.upcoming ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('appointments.patient.none')}
          </Text>
        ) : (
          data.data!.upcoming.map((b) => (
            <Text size="sm" key={b.id} data-booking-id={b.id}>
              <Link to={`${pathTo('appointmentsBook')}?view=day&day=${b.start.slice(0, 10)}`}>
                <span>{b.minutes === null ? format.date(b.start) : format.dateTime(b.start)}</span>
              </Link>
            </Text>
          ))
        )}
        {data.data && (data.data.noShows > 0 || data.data.cancellations > 0) && (
          <Group gap={4}>
            <Badge color="gray" variant="light" data-testid="patient-noshows">
              {t('appointments.patient.noShows', { count: data.data.noShows })}
            </Badge>
            <Badge color="red" variant="light" data-testid="patient-cancellations">
              {t('appointments.patient.cancellations', { count: data.data.cancellations })}
            </Badge>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
