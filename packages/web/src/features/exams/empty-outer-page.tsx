import { useState } from 'react';
import { Alert, Button, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import type { PatientSummary } from '@basira/shared/patients/patients.schemas';
import { boardVisitsSchema } from '@basira/shared/queue/board.schemas';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientPicker } from '../../components/patient-picker.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo } from '../../lib/routes.ts';

/**
 * `/outer` (the spec's emptyOuterAdd): a free outer note. The patient, and the visit it belongs to (their latest
 * by default), are chosen first, because the note's images are stored as that patient's documents; then the
 * outer form opens for them.
 */
export function EmptyOuterPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const [patient, setPatient] = useState<PatientSummary | null>(null);
  const [visitId, setVisitId] = useState<string | null>(null);
  const visits = useQuery({
    queryKey: ['board', patient?.id, 'visits', 'outer'],
    queryFn: async () =>
      (await apiRequest(`mo/board/${patient!.id}/visits`, { schema: boardVisitsSchema, query: { page: 1 } }))
        .data,
    enabled: patient !== null,
  });
  const chosen = visitId ?? (visits.data?.[0] ? String(visits.data[0].id) : null);
  return (
    <PageFrame title={t('examForm.freeOuterTitle')} backFallback="/doctor">
      <Stack maw={560} gap="md">
        <PatientPicker
          label={t('examForm.freeOuterPatient')}
          value={patient}
          onChange={(next) => {
            setPatient(next);
            setVisitId(null);
          }}
          autoFocus
          testId="outer-patient"
        />
        {patient && visits.data?.length === 0 && (
          <Alert color="orange" data-testid="outer-no-visit">
            {t('examForm.freeOuterNoVisit')}
          </Alert>
        )}
        {patient && visits.data && visits.data.length > 0 && (
          <Select
            label={t('examForm.freeOuterVisit')}
            data={visits.data.map((v) => ({
              value: String(v.id),
              label: `${format.dateTime(v.date)} · #${v.ticketNumber ?? '—'}`,
            }))}
            value={chosen}
            onChange={setVisitId}
            allowDeselect={false}
            data-testid="outer-visit"
          />
        )}
        <Button
          disabled={!patient || !chosen}
          onClick={() => void navigate(pathTo('outerAdd', { patientId: patient!.id, queueId: chosen! }))}
          data-testid="outer-start"
        >
          {t('examForm.freeOuterStart')}
        </Button>
      </Stack>
    </PageFrame>
  );
}
