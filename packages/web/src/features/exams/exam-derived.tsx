import { useMemo } from 'react';
import { Card, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DeriveContext } from '@basira/shared/exams/exam-definition';
import type { ExamType } from '@basira/shared/exams/exam-types';
import { deriveContextResponseSchema } from '@basira/shared/prescribing/prescribing.schemas';
import { examDefinition } from '@basira/shared/exams/registry';
import { useExamExtension } from '../../exam-types/use-exam-extension.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { drugListQuery } from './code-lists/codes.queries.ts';
import { useExamForm } from './exam-form-context.ts';

/**
 * What a type's live calculation needs beyond the form (`derive.usesContext`): the context a save reads, from
 * `GET /api/mo/exam/{type}/context` (the patient's allergies and conditions, the age, the last pressure), with the
 * formulary's drugs the form has loaded; the same shared function then computes what the server will store.
 * `failed` says the prescription cannot be checked here (the doctor is told, rather than shown no warning).
 */
export function useDeriveContext(
  type: ExamType,
  patientId: number,
  queueId: number,
  recordId: number | null,
): { context: DeriveContext | undefined; failed: boolean } {
  const enabled = examDefinition(type).derive?.usesContext === true;
  const formulary = useQuery({ ...drugListQuery(''), enabled });
  const server = useQuery({
    queryKey: ['exams', type, 'context', patientId, queueId, recordId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`mo/exam/${type}/context`, {
          schema: deriveContextResponseSchema,
          signal,
          query: { patientId, queueId, recordId: recordId ?? undefined },
        })
      ).data,
    enabled,
    retry: false,
  });
  const context = useMemo((): DeriveContext | undefined => {
    if (!enabled || !server.data) return undefined;
    const prescribing = server.data.prescribing;
    if (!prescribing) return server.data;
    const drugs = { ...prescribing.drugs };
    for (const d of formulary.data ?? [])
      drugs[d.id] = {
        name: d.name,
        names: [d.nameAr, ...d.brands].filter(Boolean),
        ingredients: d.ingredients,
      };
    return { ...server.data, prescribing: { ...prescribing, drugs } };
  }, [enabled, server.data, formulary.data]);
  return { context, failed: enabled && (server.isError || formulary.isError) };
}

/**
 * What the server computes from the record, computed here live as it is typed (the same shared functions): the
 * type's own panel (its extension's `LivePanel`), else its `Results` in a card, else nothing.
 */
export function DerivedPanel({
  type,
  derived,
  contextFailed = false,
}: {
  type: ExamType;
  derived: unknown;
  contextFailed?: boolean;
}) {
  const { t } = useTranslation();
  const form = useExamForm();
  const { LivePanel, Results } = useExamExtension(type);
  if (LivePanel) return <LivePanel contextFailed={contextFailed} />;
  if (!Results) return null;
  return (
    <Card withBorder padding="md" data-testid="exam-derived">
      <Title order={2} fz="h5" mb="sm">
        {t('examForm.calculated')}
      </Title>
      <Results derived={derived} read={form.getValue} cols={{ base: 1, md: 2 }} />
    </Card>
  );
}
