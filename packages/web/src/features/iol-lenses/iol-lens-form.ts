import {
  LENS_CONSTANTS,
  type ConstantSource,
  type IolLens,
  type IolLensCreate,
  type LensConstantName,
} from '@basira/shared/outcomes/outcomes.schemas';

/** A constant as the dialog holds it: the value as typed (empty: not known), its source and day. */
export interface ConstantValues {
  value: number | '';
  source: ConstantSource;
  sourceDate: string | null;
}

export interface LensFormValues {
  model: string;
  manufacturer: string;
  description: string;
  isActive: boolean;
  aConstant: ConstantValues;
  pACD: ConstantValues;
  surgeonFactor: ConstantValues;
}

const emptyConstant = (): ConstantValues => ({ value: '', source: 'manufacturer', sourceDate: null });

export function lensFormValues(lens: IolLens | null): LensFormValues {
  const constant = (name: LensConstantName): ConstantValues => {
    const c = lens?.[name];
    return c ? { value: c.value, source: c.source, sourceDate: c.sourceDate } : emptyConstant();
  };
  return {
    model: lens?.model ?? '',
    manufacturer: lens?.manufacturer ?? '',
    description: lens?.description ?? '',
    isActive: lens?.isActive ?? true,
    aConstant: constant('aConstant'),
    pACD: constant('pACD'),
    surgeonFactor: constant('surgeonFactor'),
  };
}

/** The body of a save: a constant without a value is not known (null clears it on an edit). */
export function lensBody(values: LensFormValues, version?: number): IolLensCreate & { version?: number } {
  const body: IolLensCreate & { version?: number } = {
    model: values.model,
    manufacturer: values.manufacturer,
    description: values.description,
    isActive: values.isActive,
  };
  for (const name of LENS_CONSTANTS) {
    const c = values[name];
    body[name] =
      c.value === '' ? null : { value: c.value, source: c.source, sourceDate: c.sourceDate || null };
  }
  if (version !== undefined) body.version = version;
  return body;
}
