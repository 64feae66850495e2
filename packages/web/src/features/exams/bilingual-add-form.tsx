import type { FormEvent, ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { z } from 'zod';
import { IconPlus } from '../../components/icons.tsx';
import type { FormValues, SchemaForm } from '../../lib/use-schema-form.ts';

/** One language's name input of the row: its form field, label, longest length and test id. */
export interface BilingualField<V extends FormValues> {
  field: keyof V & string;
  label: string;
  maxLength: number;
  testId: string;
}

/**
 * The add row of a bilingual list (the exam options' labels, the clinic's own diagnoses): an Arabic and an English
 * name (after any field of the list's own, such as a diagnosis code) and Add. The list's `useSchemaForm` holds the
 * values and validates them by the route's schema; the row sends only when `ready` (the list's own rule for the
 * button) and the schema passes, then `onAdd` gets the body.
 */
export function BilingualAddForm<V extends FormValues, B>({
  form,
  ar,
  en,
  ready,
  pending,
  onAdd,
  before,
  addTestId,
  mt,
}: {
  /** The list's form (only what the row uses: B, the body, is the schema's output). */
  form: Pick<SchemaForm<V, z.ZodType>, 'inputProps'> & { submitValues: () => B | null };
  ar: BilingualField<V>;
  en: BilingualField<V>;
  ready: boolean;
  pending: boolean;
  onAdd: (body: B) => void;
  /** Fields of the list's own, before the two names. */
  before?: ReactNode;
  addTestId: string;
  mt?: string;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const body = form.submitValues();
    if (body) onAdd(body);
  };
  const input = (name: BilingualField<V>, dir: 'rtl' | 'ltr') => (
    <TextInput
      label={name.label}
      dir={dir}
      maxLength={name.maxLength}
      data-testid={name.testId}
      {...form.inputProps(name.field)}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Group align="end" mt={mt}>
        {before}
        {input(ar, 'rtl')}
        {input(en, 'ltr')}
        <Button
          type="submit"
          leftSection={<IconPlus />}
          disabled={!ready}
          loading={pending}
          data-testid={addTestId}
        >
          {t('common.add')}
        </Button>
      </Group>
    </form>
  );
}
