import { describe, expect, it } from 'vitest';
import { drugInputSchema, type Drug } from '@basira/shared/codes/codes.schemas';
import { schemaFormBody, schemaFormErrors } from '../../../lib/use-schema-form.ts';
import { drugBody, drugFormValues, withForm } from './drug-form-values.ts';

const cosopt: Drug = {
  id: 7,
  name: 'Dorzolamide 2% + timolol 0.5%',
  nameAr: 'قطرة دورزولاميد ٢٪ + تيمولول ٠٫٥٪',
  brands: ['Cosopt'],
  layNames: ['قطرة ضغط'],
  form: 'drops',
  class: 'betaBlocker',
  ingredients: [
    { substance: 'dorzolamide', strength: 2, unit: '%' },
    { substance: 'timolol', strength: 0.5, unit: '%' },
  ],
  preservative: 'benzalkonium',
  defaultDose: 1,
  defaultDoseUnit: 'drop',
  defaultFrequency: { timesPerDay: 2 },
};
const rules = { schema: drugInputSchema, toBody: drugBody, required: ['name'] };

describe('the drug form', () => {
  it('sends back what it was given', () => {
    const result = schemaFormBody(rules, drugFormValues(cosopt));
    if (!('data' in result)) throw new Error(JSON.stringify(result.errors));
    const { id: _id, ...input } = cosopt;
    expect(result.data).toEqual(input);
    // The server parses the body again with the same schema and must read the same thing.
    expect(drugInputSchema.parse(result.data)).toEqual(result.data);
  });

  it('starts a new drug as drops counted in drops, with nothing known', () => {
    const values = drugFormValues(null);
    expect(values).toMatchObject({ form: 'drops', defaultDoseUnit: 'drop', preservative: 'unknown' });
    expect(schemaFormErrors(rules, values)).toEqual({ name: 'name.required' });
    const body = schemaFormBody(rules, { ...values, name: ' Compounded drops ' });
    expect(body).toEqual({
      data: {
        name: 'Compounded drops',
        nameAr: '',
        brands: [],
        layNames: [],
        form: 'drops',
        class: 'other',
        ingredients: [],
        preservative: null,
        defaultDose: null,
        defaultDoseUnit: null,
        defaultFrequency: null,
      },
    });
  });

  it('sends a strength left empty as none, and keeps a unit the user chose when the form changes', () => {
    const values = {
      ...drugFormValues(null),
      name: 'Mixed',
      ingredients: [
        { substance: 'timolol', strength: '', unit: '%' as const },
        { substance: 'dorzolamide', strength: 2, unit: '%' as const },
      ],
      defaultDose: 2,
    };
    expect(drugBody(values).ingredients).toEqual([
      { substance: 'timolol', strength: null, unit: null },
      { substance: 'dorzolamide', strength: 2, unit: '%' },
    ]);
    // The form's own unit follows the form; one chosen stays.
    expect(withForm(values, 'ointment')).toEqual({ form: 'ointment', defaultDoseUnit: 'cm' });
    expect(withForm({ ...values, defaultDoseUnit: 'ml' }, 'tablet')).toEqual({ form: 'tablet' });
    expect(withForm(values, 'other')).toEqual({ form: 'other', defaultDoseUnit: '' });
  });

  it('puts the schema’s keys on the fields that show them', () => {
    const values = {
      ...drugFormValues(cosopt),
      defaultDose: 0,
      ingredients: [{ substance: 'timolol', strength: 0, unit: '%' as const }],
    };
    expect(schemaFormErrors(rules, values)).toEqual({
      defaultDose: 'defaultDose.min',
      'ingredients.0.strength': 'value.min',
    });
  });
});
