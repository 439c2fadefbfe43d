import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isCheckbox, type FieldError, type FormField } from '@portal/contract/forms';

/** A required checkbox left unticked, in English (the page's `dynamicForm.unchecked` when it has one). */
export const UNCHECKED_MESSAGE = 'Please tick this box to continue';

/**
 * The text of a rule of contract/src/forms.ts in the page language. The rules answer with a code and the
 * spec's English text; the code picks a `dynamicForm.*` text ('{{label}} is required' ...) and the English
 * text is the fallback when the page's catalogue has none. A schema's own errorMessage (code 'custom') is
 * already in the schema's language and shows as it is. A required checkbox left unticked is exempt from
 * '{label} is required' (spec §5; its label is a whole sentence, the consent's): given its `field`, it has a
 * message of its own.
 */
export function useFieldMessage(): (
  error: FieldError | undefined,
  field?: Pick<FormField, 'type'>,
) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error: FieldError | undefined, field?: Pick<FormField, 'type'>) => {
      if (!error) return undefined;
      if (error.code === 'custom') return error.message;
      if (error.code === 'required' && field && isCheckbox(field))
        return t('dynamicForm.unchecked', { defaultValue: UNCHECKED_MESSAGE });
      return t(`dynamicForm.${error.code}`, {
        label: error.params.label,
        n: error.params.count,
        defaultValue: error.message,
      });
    },
    [t],
  );
}
