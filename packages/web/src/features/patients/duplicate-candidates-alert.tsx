import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useFormatters } from '../../lib/format.ts';
import { displayPhone } from '../../lib/phone-format.ts';
import type { fetchDuplicates } from './patients.queries.ts';

/** A registered patient the new record may duplicate, and why. */
export type DuplicateCandidate = Awaited<ReturnType<typeof fetchDuplicates>>[number];

/** The warning before a new record is saved: the patients it may duplicate, each one ready to use instead. */
export function DuplicateCandidatesAlert({
  candidates,
  onPickExisting,
}: {
  candidates: DuplicateCandidate[];
  onPickExisting?: (patientId: number) => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Alert
      color="yellow"
      role="alert"
      title={t('patients.duplicatesTitle', { count: candidates.length })}
      data-testid="patient-duplicates"
    >
      <Stack gap={6}>
        <Text size="sm">{t('patients.duplicatesText')}</Text>
        {candidates.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" data-testid="duplicate-candidate">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {c.name}{' '}
                <Text span size="xs" c="dimmed">
                  {t('patients.fileNumberShort', { number: c.fileNumber })}
                </Text>
              </Text>
              <Text size="xs" c="dimmed">
                <bdi dir="ltr">{displayPhone(c.phone)}</bdi> · {format.date(c.birthDate)} ·{' '}
                {c.reasons.map((r) => t(`patients.duplicateReason.${r}`)).join(t('common.listSeparator'))}
              </Text>
            </Stack>
            {onPickExisting && (
              <Button
                size="xs"
                variant="light"
                onClick={() => onPickExisting(c.id)}
                data-testid="duplicate-use"
              >
                {t('patients.useExisting')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
