import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { optionCreateSchema, type OptionCreate } from '@basira/shared/exams/options.schemas';
import { Providers } from '../../app/providers.tsx';
import { initEnglish } from '../../test/i18n.ts';
import { hasUnsavedInput } from '../../lib/unsaved-input.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { BilingualAddForm } from './bilingual-add-form.tsx';

beforeAll(async () => {
  await initEnglish();
});

/** The options page's row, as it uses it: the category is the list's, the two labels are typed. */
function OptionRow({ onAdd }: { onAdd: (body: OptionCreate) => void }) {
  const draft = useSchemaForm({
    schema: optionCreateSchema,
    initialValues: { labelAr: '', labelEn: '' },
    toBody: (labels) => ({ category: 'spectaclesNote', ...labels }),
    required: ['labelAr', 'labelEn'],
  });
  return (
    <BilingualAddForm
      form={draft}
      ar={{ field: 'labelAr', label: 'Arabic', maxLength: 200, testId: 'new-ar' }}
      en={{ field: 'labelEn', label: 'English', maxLength: 200, testId: 'new-en' }}
      ready={!!draft.values.labelAr.trim() && !!draft.values.labelEn.trim()}
      pending={false}
      onAdd={(body) => {
        onAdd(body);
        draft.form.reset();
      }}
      addTestId="add"
    />
  );
}

describe('the bilingual add row', () => {
  it('holds typed names as unsaved input, sends the schema output, and is empty again once added', () => {
    const onAdd = vi.fn();
    render(
      <Providers i18n={i18next} direction="ltr">
        <OptionRow onAdd={onAdd} />
      </Providers>,
    );
    const add = screen.getByTestId('add');
    expect(add).toBeDisabled();
    expect(hasUnsavedInput()).toBe(false);

    fireEvent.change(screen.getByTestId('new-ar'), { target: { value: ' قريب ' } });
    expect(hasUnsavedInput()).toBe(true);
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByTestId('new-en'), { target: { value: 'Near ' } });
    expect(add).toBeEnabled();

    fireEvent.click(add);
    expect(onAdd).toHaveBeenCalledWith({ category: 'spectaclesNote', labelAr: 'قريب', labelEn: 'Near' });
    expect(screen.getByTestId('new-ar')).toHaveValue('');
    expect(hasUnsavedInput()).toBe(false);
  });

  it("shows the schema's message on the field and sends nothing when a name is too long", () => {
    const onAdd = vi.fn();
    render(
      <Providers i18n={i18next} direction="ltr">
        <OptionRow onAdd={onAdd} />
      </Providers>,
    );
    fireEvent.change(screen.getByTestId('new-ar'), { target: { value: 'ب'.repeat(201) } });
    fireEvent.change(screen.getByTestId('new-en'), { target: { value: 'Near' } });
    fireEvent.click(screen.getByTestId('add'));
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByTestId('new-ar')).toHaveAttribute('aria-invalid', 'true');
  });
});
