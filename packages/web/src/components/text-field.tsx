import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation.ts';
import { checkText, DEFAULT_MAX_LENGTH, DEFAULT_MIN_LENGTH, type TextRules } from '../lib/form-validation.ts';

export type TextFieldProps = Omit<TextInputProps, 'min' | 'max' | 'minLength' | 'maxLength' | 'required'> &
  TextRules;

/**
 * The text input of spec section 5: a required marker, min/max value, minLength (default 0) and maxLength
 * (default 10000). It checks itself when left; an `error` from the form takes precedence.
 */
export function TextField({
  required = false,
  min,
  max,
  minLength = DEFAULT_MIN_LENGTH,
  maxLength = DEFAULT_MAX_LENGTH,
  error,
  onBlur,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const [ownError, setOwnError] = useState<string>();
  return (
    <TextInput
      {...rest}
      withAsterisk={required}
      aria-required={required || undefined}
      minLength={minLength > 0 ? minLength : undefined}
      maxLength={maxLength}
      min={min}
      max={max}
      error={error ?? ownError}
      onBlur={(event) => {
        const problem = checkText(event.currentTarget.value, { required, min, max, minLength, maxLength });
        setOwnError(problem ? t(problem.key, problem.values) : undefined);
        onBlur?.(event);
      }}
    />
  );
}
