import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Patient } from '@basira/shared/patients/patients.schemas';
import { useFormatters } from '../../lib/format.ts';

/** Someone else saved the record meanwhile: says when, and offers to save over it with what was typed. */
export function StaleRecordAlert({ stale, onKeepMine }: { stale: Patient; onKeepMine: () => void }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Alert color="orange" role="alert" title={t('patients.staleTitle')} data-testid="patient-stale">
      <Text size="sm">{t('patients.staleText', { at: format.dateTime(stale.updatedAt) })}</Text>
      <Group mt="xs">
        <Button size="xs" variant="light" onClick={onKeepMine} data-testid="patient-stale-keep">
          {t('patients.staleKeepMine')}
        </Button>
      </Group>
    </Alert>
  );
}
