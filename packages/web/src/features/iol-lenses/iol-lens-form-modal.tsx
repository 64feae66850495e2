import { useEffect } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation.ts';
import {
  CONSTANT_SOURCES,
  iolLensCreateSchema,
  iolLensUpdateSchema,
  LENS_CONSTANT_LIMITS,
  LENS_CONSTANTS,
  type IolLens,
  type LensConstantHistory,
} from '@basira/shared/outcomes/outcomes.schemas';
import { isApiError } from '../../lib/api-error.ts';
import { parseTypedDate } from '../../lib/dates.ts';
import { errorMessage } from '../../lib/error-catalogue.ts';
import { useFormatters } from '../../lib/format.ts';
import { toastError, toastSuccess } from '../../lib/toasts.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { useTranslator } from '../../lib/use-translator.ts';
import { lensBody, lensFormValues, type LensFormValues } from './iol-lens-form.ts';
import { lensDetailQuery, useSaveLens } from './iol-lenses.queries.ts';

/** The duplicate model's code (the server's 409): shown on the model's field. */
const DUPLICATE_MODEL = 'iol_lens.duplicate_model';

export interface IolLensFormModalProps {
  opened: boolean;
  /** The lens being edited; null adds one. */
  lens: IolLens | null;
  onClose: () => void;
}

/** Add or edit a lens of the list: its names, its three constants (value, source, day), and their history. */
export function IolLensFormModal({ opened, lens, onClose }: IolLensFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={lens ? t('iolLenses.editTitle') : t('iolLenses.addTitle')}
      size="xl"
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="iol-lens-modal"
    >
      {opened && <LensForm key={lens?.id ?? 'new'} lens={lens} onClose={onClose} />}
    </Modal>
  );
}

function LensForm({ lens, onClose }: { lens: IolLens | null; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslator();
  const save = useSaveLens();
  const detail = useQuery({ ...lensDetailQuery(lens?.id ?? 0), enabled: lens !== null });
  const version = detail.data?.version ?? lens?.version;
  const form = useSchemaForm({
    schema: lens ? iolLensUpdateSchema : iolLensCreateSchema,
    initialValues: lensFormValues(lens),
    toBody: (v: LensFormValues) => lensBody(v, lens ? version : undefined),
    required: ['model'],
  });
  // The detail is the lens as it is now (a colleague may have changed it since the list was read).
  const { load } = form;
  useEffect(() => {
    if (detail.data) load(lensFormValues(detail.data));
  }, [detail.data]);

  const submit = () => {
    const body = form.submitValues();
    if (!body) return;
    save.mutate(
      lens ? { id: lens.id, body: { ...body, version: version ?? lens.version } } : { id: null, body },
      {
        onSuccess: (saved) => {
          toastSuccess(
            lens
              ? t('iolLenses.updated', { model: saved.model })
              : t('iolLenses.created', { model: saved.model }),
          );
          onClose();
        },
        onError: (error) => {
          // The server names the field (`model: ['model.taken']`); an answer without it still marks the model.
          if (isApiError(error) && error.code === DUPLICATE_MODEL) {
            if (error.errors) form.showServerErrors(error);
            else form.setErrors({ model: 'model.taken' });
            return;
          }
          if (isApiError(error) && error.errors) form.showServerErrors(error);
          toastError(t('iolLenses.saveFailed'), errorMessage(translate, error));
        },
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('iolLenses.model')}
            required
            maxLength={120}
            {...form.inputProps('model')}
            data-testid="iol-lens-model"
          />
          <TextInput
            label={t('iolLenses.manufacturer')}
            maxLength={120}
            {...form.inputProps('manufacturer')}
            data-testid="iol-lens-manufacturer"
          />
        </SimpleGrid>
        <TextInput
          label={t('iolLenses.description')}
          maxLength={300}
          {...form.inputProps('description')}
          data-testid="iol-lens-description"
        />
        {LENS_CONSTANTS.map((name) => (
          <SimpleGrid key={name} cols={{ base: 1, sm: 3 }} data-testid={`iol-lens-constant-${name}`}>
            <NumberInput
              label={t(`iolLenses.constants.${name}`)}
              decimalScale={2}
              step={LENS_CONSTANT_LIMITS[name].step}
              min={LENS_CONSTANT_LIMITS[name].min}
              max={LENS_CONSTANT_LIMITS[name].max}
              allowNegative={LENS_CONSTANT_LIMITS[name].min < 0}
              dir="ltr"
              {...form.inputProps(`${name}.value`)}
              data-testid={`iol-lens-${name}-value`}
            />
            <Select
              label={t('iolLenses.source')}
              data={CONSTANT_SOURCES.map((s) => ({ value: s, label: t(`iolLenses.sources.${s}`) }))}
              allowDeselect={false}
              {...form.inputProps(`${name}.source`)}
              data-testid={`iol-lens-${name}-source`}
            />
            <DateInput
              label={t('iolLenses.sourceDate')}
              valueFormat="YYYY-MM-DD"
              dateParser={parseTypedDate}
              placeholder={t('patients.datePlaceholder')}
              clearable
              clearButtonProps={{ 'aria-label': t('common.clear') }}
              popoverProps={{ withinPortal: true }}
              {...form.inputProps(`${name}.sourceDate`)}
              data-testid={`iol-lens-${name}-date`}
            />
          </SimpleGrid>
        ))}
        <Checkbox
          label={t('iolLenses.activeLabel')}
          {...form.inputProps('isActive', { type: 'checkbox' })}
          data-testid="iol-lens-active"
        />
        {detail.data && <ConstantHistory history={detail.data.history} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} data-testid="iol-lens-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The constants' earlier values, newest first: what each was, from where, until when and who replaced it. */
function ConstantHistory({ history }: { history: LensConstantHistory[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Stack gap={4} data-testid="iol-lens-history">
      <Title order={3} fz="h6">
        {t('iolLenses.history')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="iol-lens-history-empty">
          {t('iolLenses.historyEmpty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('iolLenses.historyConstant')}</Table.Th>
                <Table.Th>{t('iolLenses.historyValue')}</Table.Th>
                <Table.Th>{t('iolLenses.source')}</Table.Th>
                <Table.Th>{t('iolLenses.historyReplaced')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.map((h, i) => (
                <Table.Tr key={i} data-testid="iol-lens-history-row">
                  <Table.Td>{t(`iolLenses.constants.${h.constant}`)}</Table.Td>
                  <Table.Td>
                    <bdi dir="ltr">{h.value.toFixed(2)}</bdi>
                    {h.replacedWith !== null && (
                      <>
                        {' → '}
                        <bdi dir="ltr">{h.replacedWith.toFixed(2)}</bdi>
                      </>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {t(`iolLenses.sources.${h.source}`)}
                    {h.sourceDate ? ` · ${format.date(h.sourceDate)}` : ''}
                    {h.eyes !== null ? ` · ${t('iolLenses.eyes', { count: h.eyes })}` : ''}
                  </Table.Td>
                  <Table.Td>
                    {format.dateTime(h.replacedAt)}
                    {h.replacedBy ? ` · ${h.replacedBy.name}` : ''}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
