import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '@portal/contract/forms';

/**
 * The text of a rule of contract/src/forms.ts in the page language. The rules answer with a code and the
 * spec's English text; the code picks a `dynamicForm.*` text ('{{label}} is required', 'unchecked': a
 * required checkbox left unticked, whose label is a whole sentence ...) and the English text is the fallback
 * when the page's catalogue has none. A schema's own errorMessage (code 'custom') is already in the schema's
 * language and shows as it is.
 */
export function useFieldMessage(): (error: FieldError | undefined) => string | undefined {
  const { t } = useTranslation();
  return useCallback(
    (error: FieldError | undefined) => {
      if (!error) return undefined;
      if (error.code === 'custom') return error.message;
      return t(`dynamicForm.${error.code}`, {
        label: error.params.label,
        n: error.params.count,
        defaultValue: error.message,
      });
    },
    [t],
  );
}
