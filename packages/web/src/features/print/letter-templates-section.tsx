import { lazy, Suspense, useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  LETTER_KINDS,
  LETTER_LANGUAGES,
  MERGE_FIELDS,
  letterTemplateCreateSchema,
  letterTemplateSchema,
  letterTemplateUpdateSchema,
  type LetterKind,
  type LetterLanguage,
  type LetterTemplate,
  type MergeField,
} from '@basira/shared/letters/letters.schemas';
import { IconEdit, IconPlus, IconTrash } from '../../components/icons.tsx';
import { ListPage } from '../../components/list-page.tsx';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import type { ErrorKeys } from '../../lib/form-validation.ts';
import { staleRecord, useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import {
  letterTemplatesQuery,
  useDeleteLetterTemplate,
  useSaveLetterTemplate,
} from './letter-templates.queries.ts';
import { RowAction, RowActions } from '../../components/row-action.tsx';

const RichTextField = lazy(() =>
  import('../../components/rich-text-field.tsx').then((m) => ({ default: m.RichTextField })),
);

/** A merge field's translation key: `patient.name` → `patientName`. */
const fieldKey = (field: MergeField) => field.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase());

interface Draft {
  kind: LetterKind;
  language: LetterLanguage;
  name: string;
  body: string;
  isActive: boolean;
}

const draftOf = (template: LetterTemplate | null, language: LetterLanguage): Draft =>
  template
    ? {
        kind: template.kind,
        language: template.language,
        name: template.name,
        body: template.body,
        isActive: template.isActive,
      }
    : { kind: 'report', language, name: '', body: '', isActive: true };

/**
 * The print-settings screen's letter templates (`print setting`): the list, and one template's form with the
 * merge fields it may hold (`{{patient.name}}` …), filled in when a doctor makes a letter on the board.
 */
export function LetterTemplatesSection() {
  const { t, i18n } = useTranslation();
  const translate = useTranslator();
  const list = useQuery(letterTemplatesQuery);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useDeleteLetterTemplate();
  const templates = list.data ?? [];
  const current = typeof editing === 'number' ? (templates.find((tpl) => tpl.id === editing) ?? null) : null;

  const confirmDelete = (template: LetterTemplate) =>
    modals.openConfirmModal({
      title: t('letters.templates.confirmTitle'),
      children: <Text size="sm">{t('letters.templates.confirmText', { name: template.name })}</Text>,
      labels: { confirm: t('letters.templates.confirmYes'), cancel: t('letters.templates.confirmNo') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-yes' } as Record<string, unknown>,
      cancelProps: { 'data-testid': 'confirm-no' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(template.id, {
          onSuccess: () => {
            toastSuccess(t('letters.templates.deleted', { name: template.name }));
            if (editing === template.id) setEditing(null);
          },
          onError: (error) => toastError(t('letters.templates.deleteFailed'), errorMessage(translate, error)),
        }),
    });

  return (
    <Card withBorder padding="md" data-testid="letter-templates">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('letters.templates.title')}
        </Title>
        <Button
          leftSection={<IconPlus />}
          variant="light"
          onClick={() => setEditing('new')}
          disabled={editing === 'new'}
          data-testid="letter-template-add"
        >
          {t('letters.templates.add')}
        </Button>
      </Group>
      <ListPage
        rows={list.data && templates}
        loading={list.isPending}
        error={list.error}
        empty={t('letters.templates.empty')}
        emptyLook="text"
        name="letter-template"
        minWidth={560}
        columns={[t('letters.templates.name'), t('letters.templates.kind'), t('letters.templates.language')]}
        renderRow={(template) => (
          <Table.Tr
            key={template.id}
            data-testid="letter-template-row"
            aria-current={editing === template.id || undefined}
            bg={editing === template.id ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Table.Td fw={500}>
              <Group gap="xs" wrap="nowrap">
                <span>{template.name}</span>
                {!template.isActive && (
                  <Badge size="sm" variant="light" color="gray">
                    {t('letters.templates.inactive')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>{t(`letters.kinds.${template.kind}`)}</Table.Td>
            <Table.Td>{t(`letters.languages.${template.language}`)}</Table.Td>
            <RowActions>
              <RowAction
                label={t('common.edit')}
                onClick={() => setEditing(template.id)}
                of={template.name}
                testId="letter-template-edit"
                icon={<IconEdit />}
              />
              <RowAction
                label={t('common.delete')}
                color="red"
                onClick={() => confirmDelete(template)}
                loading={remove.isPending && remove.variables === template.id}
                of={template.name}
                testId="letter-template-delete"
                icon={<IconTrash />}
              />
            </RowActions>
          </Table.Tr>
        )}
      />
      {(editing === 'new' || current) && (
        <TemplateForm
          key={current ? `${current.id}-${current.version}` : 'new'}
          template={current}
          language={i18n.language === 'en' ? 'en' : 'ar'}
          onDone={(id) => setEditing(id)}
        />
      )}
    </Card>
  );
}

function TemplateForm({
  template,
  language,
  onDone,
}: {
  template: LetterTemplate | null;
  language: LetterLanguage;
  onDone: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const save = useSaveLetterTemplate();
  // The version read goes with an edit; a new template's body has none. The screen asks for the template's name
  // in its own words (the schema's `name.required` is any name's).
  const form = useSchemaForm({
    schema: template ? letterTemplateUpdateSchema : letterTemplateCreateSchema,
    initialValues: draftOf(template, language),
    toBody: (draft: Draft) => (template ? { ...draft, version: template.version } : draft),
    check: (draft: Draft): ErrorKeys => (draft.name.trim() ? {} : { name: 'templateName.required' }),
  });
  const draft = form.values;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.submitValues();
    if (!body) return;
    save.mutate(
      { id: template?.id ?? null, body },
      {
        onSuccess: (saved) => {
          toastSuccess(t('letters.templates.saved'));
          onDone(saved.id);
        },
        onError: (error) => {
          if (staleRecord(error, letterTemplateSchema)) {
            toastError(t('letters.templates.stale'));
            return;
          }
          form.showServerErrors(error);
          toastError(t('letters.templates.saveFailed'), errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} data-testid="letter-template-form">
      <Stack gap="sm" mt="md">
        <Title order={3} fz="h5">
          {template ? t('letters.templates.editTitle', { name: template.name }) : t('letters.templates.add')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('letters.templates.name')}
            maxLength={150}
            {...form.inputProps('name')}
            withAsterisk
            data-testid="letter-template-name"
          />
          <Select
            label={t('letters.templates.kind')}
            data={LETTER_KINDS.map((kind) => ({ value: kind, label: t(`letters.kinds.${kind}`) }))}
            value={draft.kind}
            onChange={(value) => value && form.set('kind', value as LetterKind)}
            allowDeselect={false}
            data-testid="letter-template-kind"
          />
          <Select
            label={t('letters.templates.language')}
            data={LETTER_LANGUAGES.map((lang) => ({ value: lang, label: t(`letters.languages.${lang}`) }))}
            value={draft.language}
            onChange={(value) => value && form.set('language', value as LetterLanguage)}
            allowDeselect={false}
            data-testid="letter-template-language"
          />
        </SimpleGrid>
        <Suspense fallback={<Skeleton h={200} />}>
          <RichTextField
            label={t('letters.templates.body')}
            value={draft.body}
            onChange={(html) => form.set('body', html)}
            error={form.error('body')}
            links={false}
            data-testid="letter-template-body"
          />
        </Suspense>
        <div>
          <Text size="sm" fw={500}>
            {t('letters.templates.mergeFields')}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            {t('letters.templates.mergeHint')}
          </Text>
          <Group gap={6}>
            {MERGE_FIELDS.map((field) => (
              <CopyButton key={field} value={`{{${field}}}`}>
                {({ copied, copy }) => (
                  <Tooltip
                    label={copied ? t('letters.templates.copied') : t(`letters.fields.${fieldKey(field)}`)}
                  >
                    <Button
                      size="compact-xs"
                      variant={copied ? 'filled' : 'default'}
                      onClick={copy}
                      data-testid={`letter-merge-${field}`}
                    >
                      <Code bg="transparent" dir="ltr">{`{{${field}}}`}</Code>
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            ))}
          </Group>
          <Text size="xs" c="dimmed" mt={6} data-testid="letter-gender-hint">
            {t('letters.templates.genderHint')}{' '}
            {/* The text font: a monospace one breaks the joined Arabic letters apart. */}
            <Code ff="text">{`{{${t('letters.templates.genderMasculine')}|${t('letters.templates.genderFeminine')}}}`}</Code>
          </Text>
        </div>
        <Switch
          label={t('letters.templates.active')}
          {...form.inputProps('isActive', { type: 'checkbox' })}
          data-testid="letter-template-active"
        />
        <Group gap="sm">
          <Button type="submit" loading={save.isPending} data-testid="letter-template-save">
            {t('letters.templates.save')}
          </Button>
          <Button variant="default" onClick={() => onDone(null)} data-testid="letter-template-cancel">
            {t('common.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
