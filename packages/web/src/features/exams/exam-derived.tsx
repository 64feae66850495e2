import { Card, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Drug } from '@basira/shared/codes/codes.schemas';
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
 * `GET /api/mo/exam/{type}/context` (the patient's allergies and conditions, the age, the last pressure, the drugs
 * the saved record names), with the formulary's drugs the form has loaded; the same shared function then computes
 * what the server will store.
 * `failed` says the prescription cannot be checked here (the doctor is told, rather than shown no warning).
 */
export function useDeriveContext(
  type: ExamType,
  patientId: number,
  queueId: number,
  recordId: number | null,
): { context: DeriveContext | undefined; failed: boolean } {
  const enabled = examDefinition(type).derive?.usesContext === true;
  const queryClient = useQueryClient();
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
  // Every drug list the form has loaded (the first page, and each search the picker ran): a drug picked from a
  // search past the first page is checked by its ingredients, as the save checks it (read at each render: the
  // form renders again as a drug is picked).
  const lists = queryClient.getQueriesData<Drug[]>({ queryKey: drugListQuery('').queryKey.slice(0, -1) });
  let context: DeriveContext | undefined;
  if (enabled && server.data) {
    const prescribing = server.data.prescribing;
    if (!prescribing) context = server.data;
    else {
      const drugs = { ...prescribing.drugs };
      for (const [, list] of lists)
        for (const d of list ?? [])
          drugs[d.id] = {
            name: d.name,
            names: [d.nameAr, ...d.brands].filter(Boolean),
            ingredients: d.ingredients,
          };
      context = { ...server.data, prescribing: { ...prescribing, drugs } };
    }
  }
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
