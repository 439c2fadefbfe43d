import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAction } from '@portal/contract/forms';

/** What the submit button gets: unavailable or not, and its click. */
export type SubmitButtonProps = {
  'aria-disabled': true | undefined;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
};

type DynamicFormActionsProps = {
  /** The schema's actions, by rank. */
  actions: readonly FormAction[];
  /** The form is a plain HTML form (no JavaScript yet, or none at all). */
  plain: boolean;
  submitProps: SubmitButtonProps;
  onAction: (action: FormAction) => void;
};

/** The form's buttons: the schema's actions, or a lone submit when it names none. */
export function DynamicFormActions({ actions, plain, submitProps, onAction }: DynamicFormActionsProps) {
  const { t } = useTranslation();
  // A plain form's other actions are submit buttons too: Enter in a field must send the form's own submit,
  // the first submit button, so that one comes first.
  const shownActions = plain ? [...actions].sort((a, b) => rankOfType(a) - rankOfType(b)) : actions;
  return actions.length > 0 ? (
    <div className="dynamic-form__actions">
      {shownActions.map((action) =>
        action.type === 'submit' ? (
          <button key={`${action.rank}-${action.label}`} type="submit" className="button" {...submitProps}>
            {action.label}
          </button>
        ) : (
          <button
            key={`${action.rank}-${action.label}`}
            type={plain ? 'submit' : 'button'}
            // Without JavaScript the server hears which action it was (web/src/server).
            {...(plain ? { name: 'intent', value: action.type, formNoValidate: true } : {})}
            className="button button--ghost"
            onClick={() => onAction(action)}
          >
            {action.label}
          </button>
        ),
      )}
    </div>
  ) : (
    <button type="submit" className="button" {...submitProps}>
      {t('dynamicForm.submit', { defaultValue: 'Submit' })}
    </button>
  );
}

/** The submit action first, then the others in their order. */
function rankOfType(action: FormAction): number {
  return action.type === 'submit' ? 0 : 1;
}
