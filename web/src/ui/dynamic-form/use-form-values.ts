import { useRef, useState } from 'react';
import {
  initialValues,
  uncheckedRequired,
  validateField,
  type FieldError,
  type FormField,
  type FormSchema,
  type FormValue,
  type FormValues,
} from '@portal/contract/forms';

type FieldErrors = Record<string, FieldError | undefined>;

/** Values given to start from are checked at once (coming back to edit shows what is wrong). */
function initialErrors(schema: FormSchema, initial: FormValues | undefined): FieldErrors {
  const start: FieldErrors = {};
  for (const field of schema.fields) {
    const value = initial?.[field.name];
    if (value !== undefined && value !== '' && value !== false)
      start[field.name] = validateField(field, value);
  }
  return start;
}

/**
 * A dynamic form's values and their errors under the shared rules. `valuesRef` is the latest values at once,
 * before React renders them: a submit or an action right after a change sends what was typed.
 */
export function useFormValues(
  schema: FormSchema,
  initial: FormValues | undefined,
  onValuesChange: ((values: FormValues, changed: string) => void) | undefined,
) {
  const [values, setValues] = useState<FormValues>(() => ({ ...initialValues(schema), ...initial }));
  const [errors, setErrors] = useState<FieldErrors>(() => initialErrors(schema, initial));
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const change = (field: FormField, value: FormValue) => {
    const next = { ...valuesRef.current, [field.name]: value };
    valuesRef.current = next;
    setValues(next);
    setErrors((current) => ({
      ...current,
      [field.name]: validateField(field, value) ?? uncheckedRequired(field, value),
    }));
    onValuesChange?.(next, field.name);
  };

  const blur = (field: FormField) => {
    setErrors((current) => ({
      ...current,
      [field.name]: validateField(field, valuesRef.current[field.name]),
    }));
  };

  /** A required box left unticked says so when submit is pressed (a text field does on blur). */
  const flagUnticked = () => {
    setErrors((current) => {
      const next = { ...current };
      for (const field of schema.fields) {
        const error = uncheckedRequired(field, valuesRef.current[field.name]);
        if (error) next[field.name] = error;
      }
      return next;
    });
  };

  return { values, errors, valuesRef, change, blur, flagUnticked };
}
