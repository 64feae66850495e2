import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Link, Navigate, useMatches, useNavigate, useParams } from 'react-router';
import { patientResponseSchema } from '@basira/shared/patients/patients.schemas';
import { examDefinition } from '@basira/shared/exams/registry';
import { isExamType, type ExamType } from '@basira/shared/exams/exam-types';
import { PageFrame } from '../../components/page-frame.tsx';
import { PatientAlertsPanel } from '../../components/patient-alerts.tsx';
import { apiRequest } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { pathTo, type RouteName } from '../../lib/routes.ts';
import { canAny } from '../../lib/session-local.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useLoadFailure } from '../../lib/use-load-failure.ts';
import { useMe } from '../../lib/use-me.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { DerivedPanel, useDeriveContext } from './exam-derived.tsx';
import { ExamFormContext } from './exam-form-context.ts';
import { ExamSections } from './exam-fields.tsx';
import { ExamPrintActions } from './exam-print-actions.tsx';
import { examRecordQuery, type ExamRecord } from './exams.queries.ts';
import { useExamRecordForm } from './use-exam-record-form.ts';

const positiveId = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : null);

/** The exam type and screen of the route being shown (`<type>Add` → the type, add). */
export function useExamRoute(): { type: ExamType; screen: 'Add' | 'Update' | 'Index' } {
  const name = (useMatches().at(-1)?.handle as { name?: string } | undefined)?.name ?? '';
  const match = /^(.*)(Add|Update|Index)$/.exec(name);
  const type = match?.[1] ?? '';
  if (!isExamType(type)) throw new Error(`Not an exam route: ${name}`);
  return { type, screen: match![2] as 'Add' | 'Update' | 'Index' };
}

export const patientOfExamQuery = (patientId: number) => ({
  queryKey: ['patients', patientId],
  queryFn: async () => (await apiRequest(`mo/patient/${patientId}`, { schema: patientResponseSchema })).data,
});

/** `/<type>/:patientId/:queueId` (add) and `/<type>/:patientId/:queueId/:id` (update), for every exam type. */
export function ExamFormPage() {
  const { t } = useTranslation();
  const { type } = useExamRoute();
  const params = useParams();
  const patientId = positiveId(params.patientId);
  const queueId = positiveId(params.queueId);
  const id = positiveId(params.id);
  const record = useQuery({ ...examRecordQuery(type, id ?? 0), enabled: id !== null });
  // The record this form just created: the route moves to its update address without a new form.
  const [created, setCreated] = useState<ExamRecord | null>(null);
  const fallback = patientId ? pathTo(`${type}Index` as RouteName, { patientId }) : '/doctor';
  useLoadFailure(record.error, fallback);
  const title = t('examForm.title', { type: t(`exams.types.${type}`) });
  // The index shares this path shape (`/<type>/:patientId/:search?`): a word is a search, not a visit.
  if (patientId !== null && queueId === null && params.queueId)
    return (
      <Navigate replace to={pathTo(`${type}Index` as RouteName, { patientId, search: params.queueId })} />
    );
  if (patientId === null || queueId === null) return <Navigate replace to="/not-found" />;
  const same = id !== null && id === created?.id;
  if (id !== null && !same && !record.data)
    return <PageFrame title={title} loading={!record.error} backFallback={fallback} />;
  return (
    <ExamForm
      key={`${type}-${patientId}-${queueId}-${id === null || same ? 'form' : id}`}
      type={type}
      title={title}
      patientId={patientId}
      queueId={queueId}
      record={id === null ? null : same ? created : (record.data ?? null)}
      onCreated={setCreated}
    />
  );
}

function ExamForm({
  type,
  title,
  patientId,
  queueId,
  record,
  onCreated,
}: {
  type: ExamType;
  title: string;
  patientId: number;
  queueId: number;
  record: ExamRecord | null;
  onCreated: (record: ExamRecord) => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const format = useFormatters();
  const navigate = useNavigate();
  const me = useMe();
  const { permissions } = examDefinition(type);
  const { AfterSave, SavedPanel } = useExamExtension(type);
  const readOnly = record !== null && !canAny(me?.permissions, permissions.edit);
  const patient = useQuery(patientOfExamQuery(patientId));
  const { context, failed: contextFailed } = useDeriveContext(type, patientId, queueId, record?.id ?? null);
  // The type's own hooks: what its live calculation reads from the form's picks, and a new record's values.
  const { useDeriveContext: useExtraContext, useNewRecordDefaults } = useExamExtension(type);
  const exam = useExamRecordForm({
    type,
    patientId,
    queueId,
    record,
    readOnly,
    context,
    useExtraContext,
    useDefaults: useNewRecordDefaults,
  });
  const [copyNote, setCopyNote] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState<ExamRecord | null>(null);
  const index = pathTo(`${type}Index` as RouteName, { patientId });

  const save = async () => {
    try {
      const saved = await exam.submit();
      if (!saved) return;
      toastSuccess(t('examForm.saved'));
      setJustSaved(saved);
      if (!record) {
        onCreated(saved);
        void navigate(pathTo(`${type}Update` as RouteName, { patientId, queueId, id: saved.id }), {
          replace: true,
        });
      }
    } catch (error) {
      if (isApiError(error) && (error.handled || error.status === 409)) return;
      toastError(t('examForm.saveFailed'), errorMessage(translate, error));
    }
  };

  const copyForward = async () => {
    try {
      setCopyNote((await exam.copyForward()) ? t('examForm.copied') : t('examForm.nothingToCopy'));
    } catch (error) {
      toastError(t('examForm.saveFailed'), errorMessage(translate, error));
    }
  };

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <PageFrame
        title={title}
        backFallback={index}
        patientName={patient.data?.name}
        actions={
          <>
            {!exam.saved && (
              <Button variant="light" onClick={() => void copyForward()} data-testid="exam-copy-forward">
                {t('examForm.copyForward')}
              </Button>
            )}
            {exam.saved && <ExamPrintActions type={type} id={exam.saved.id} permissions={me?.permissions} />}
            <Button variant="subtle" component={Link} to={index} data-testid="exam-index-link">
              {t('examForm.allRecords')}
            </Button>
          </>
        }
        footer={
          !readOnly && (
            <Group>
              <Button type="submit" loading={exam.saving} data-testid="exam-submit">
                {record ? t('common.update') : t('common.add')}
              </Button>
              {exam.dirty && (
                <Text size="sm" c="dimmed" data-testid="exam-dirty">
                  {t('examForm.unsaved')}
                </Text>
              )}
            </Group>
          )
        }
      >
        <ExamFormContext.Provider value={exam.access}>
          <Stack gap="md">
            {/* Every record opens with the patient's allergies and conditions: what it must not miss. */}
            {patient.data && <PatientAlertsPanel alerts={patient.data.alerts} />}
            {exam.saved && (
              <Text size="sm" c="dimmed" data-testid="exam-meta" data-version={exam.saved.version}>
                {t('examForm.meta', {
                  created: format.dateTime(exam.saved.createdAt),
                  by: exam.saved.createdBy?.name ?? '—',
                  updated: format.dateTime(exam.saved.updatedAt),
                  version: exam.saved.version,
                })}
              </Text>
            )}
            {exam.conflict && (
              <Alert
                color="orange"
                role="alert"
                title={t('examForm.conflictTitle')}
                data-testid="exam-conflict"
              >
                <Text size="sm">
                  {t('examForm.conflictText', {
                    name: exam.conflict.updatedBy?.name ?? '—',
                    at: format.dateTime(exam.conflict.updatedAt),
                  })}
                </Text>
                <Group mt="xs">
                  <Button size="xs" onClick={exam.reloadTheirs} data-testid="exam-conflict-reload">
                    {t('examForm.reloadTheirs')}
                  </Button>
                  <Button size="xs" variant="light" onClick={exam.keepMine} data-testid="exam-conflict-keep">
                    {t('examForm.keepMine')}
                  </Button>
                </Group>
              </Alert>
            )}
            {copyNote && (
              <Alert
                color="blue"
                withCloseButton
                onClose={() => setCopyNote(null)}
                data-testid="exam-copy-note"
              >
                {copyNote}
              </Alert>
            )}
            {AfterSave && justSaved && <AfterSave record={justSaved} queueId={queueId} />}
            <ExamSections type={type} />
            <DerivedPanel type={type} derived={exam.derived} contextFailed={contextFailed} />
            {SavedPanel && exam.saved && <SavedPanel id={exam.saved.id} />}
          </Stack>
        </ExamFormContext.Provider>
      </PageFrame>
    </form>
  );
}
