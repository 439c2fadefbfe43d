import { useId, useMemo, type FormEvent, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  byRank,
  canSubmit,
  isPhoneField,
  typedPhoneValue,
  type FormAction,
  type FormField,
  type FormOption,
  type FormSchema,
  type FormValue,
  type FormValues,
} from '@portal/contract/forms';
import { Link } from 'react-router';
import { digitsOnly, TYPED_MOBILE_NUMBER_CHARS } from '@portal/contract/rules';
import { useHydrated } from '@/lib/hydration';
import { useLocalePath } from '@/lib/language';
import { SearchableSelect } from '../searchable-select';
import { TextField } from '../text-field';
import { DynamicFormActions, type SubmitButtonProps } from './dynamic-form-actions';
import { useFieldMessage } from './use-field-message';
import { useFormValues } from './use-form-values';
import { unavailableWhen, type HeldPress } from '../unavailable';
import './dynamic-form.css';

export type DynamicFormProps = {
  schema: FormSchema;
  /** Values to start from (e.g. coming back to edit); the rest start empty. */
  initial?: FormValues;
  /** Options of selects whose schema names a source (`optionsSource`, e.g. 'city-config'). */
  optionSources?: Record<string, readonly FormOption[]>;
  /** Messages from outside the rules (the server's number check, a refused save), already translated. */
  extraErrors?: Record<string, string | undefined>;
  /** Something to show under a field instead of its hint (e.g. a loader while the number is checked). */
  fieldHints?: Record<string, ReactNode>;
  /** Keeps submit disabled (e.g. while a check is running or the form is being sent). */
  blockSubmit?: boolean;
  /** Submit pressed while a check runs waits for it (`useHeldPress`) instead of being dropped. */
  heldPress?: HeldPress;
  onValuesChange?: (values: FormValues, changed: string) => void;
  onSubmit: (values: FormValues) => void;
  /** cancel and other actions. */
  onAction?: (action: FormAction, values: FormValues) => void;
  /** Accessible name of the form. */
  label?: string;
  /**
   * Where the form posts as a plain HTML form (no JavaScript yet, or none at all: web/src/server handles
   * it). Without it the form works only live, and its submit stays disabled until the rules allow it.
   */
  action?: string;
  /** Hidden fields the plain form sends along (what the steps before it found). */
  hidden?: Record<string, string>;
};

const TEXT_TYPES: Record<string, string> = { email: 'email', password: 'password', url: 'url', date: 'date' };

/**
 * A form built from a schema of the content backend (spec §2, §3 "Form schema", §5 "Dynamic form fields"):
 * fields and actions ordered by rank; every field type of the schema (text, string, email, tel with its '+'
 * country code, number, textarea, select, radio, checkbox, and display-only notes); every change validated
 * with the shared rules of contract/src/forms.ts; submit disabled while any error exists or any required field
 * is empty (an unchecked required checkbox counts as empty).
 */
export function DynamicForm({
  schema,
  initial,
  optionSources = {},
  extraErrors = {},
  fieldHints = {},
  blockSubmit = false,
  heldPress,
  onValuesChange,
  onSubmit,
  onAction,
  label,
  action,
  hidden = {},
}: DynamicFormProps) {
  const message = useFieldMessage();
  const fields = useFieldsWithOptions(schema.fields, optionSources);
  const actions = useMemo(() => byRank(schema.actions), [schema.actions]);
  const form = useFormValues(schema, initial, onValuesChange);

  const hasExtra = Object.values(extraErrors).some(Boolean);
  const live = useHydrated();
  const plain = action !== undefined && !live;
  // A plain HTML form can always be sent: the server checks it with the same rules.
  const submittable = plain || (canSubmit(schema, form.values, form.errors) && !hasExtra && !blockSubmit);
  const submitProps = submitButtonProps(submittable, form.flagUnticked, heldPress);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!submittable) return;
    onSubmit(form.valuesRef.current);
  };

  return (
    <form
      className="dynamic-form"
      onSubmit={submit}
      noValidate
      aria-label={label}
      {...(action !== undefined ? { method: 'post', action } : {})}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => (
        <DynamicField
          key={field.name}
          field={field}
          value={form.values[field.name]}
          error={extraErrors[field.name] ?? message(form.errors[field.name])}
          hint={fieldHints[field.name]}
          onChange={(value) => form.change(field, value)}
          onBlur={() => form.blur(field)}
        />
      ))}
      <DynamicFormActions
        actions={actions}
        plain={plain}
        submitProps={submitProps}
        onAction={(pressed) => onAction?.(pressed, form.valuesRef.current)}
      />
    </form>
  );
}

/** The fields by rank, a select whose schema names a source with that source's options. */
function useFieldsWithOptions(
  schemaFields: readonly FormField[],
  optionSources: Record<string, readonly FormOption[]>,
): FormField[] {
  const fields = useMemo(() => byRank(schemaFields), [schemaFields]);
  return useMemo(
    () =>
      fields.map((field) =>
        field.optionsSource && optionSources[field.optionsSource]
          ? { ...field, options: [...(optionSources[field.optionsSource] ?? [])] }
          : field,
      ),
    [fields, optionSources],
  );
}

/**
 * Submit pressed while it cannot be used: a required box left unticked says so (a text field does on blur),
 * in words of its own (useFieldMessage; spec §5 exempts checkboxes from '{label} is required').
 */
function submitButtonProps(submittable: boolean, flagUnticked: () => void, heldPress: HeldPress | undefined) {
  const submitPress = unavailableWhen(!submittable, undefined, heldPress);
  return {
    ...submitPress,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (!submittable) flagUnticked();
      submitPress.onClick(event);
    },
  } satisfies SubmitButtonProps;
}

type FieldProps = {
  field: FormField;
  value: FormValue | undefined;
  error: string | undefined;
  hint: ReactNode;
  onChange: (value: FormValue) => void;
  onBlur: () => void;
};

/** What a field type's view gets: the field's props, and the ids and lines every input shares. */
type FieldViewProps = FieldProps & {
  id: string;
  /** The value as text ('' for none or a checkbox's boolean). */
  text: string;
  shownHint: ReactNode;
  describedBy: string | undefined;
  hintLine: ReactNode;
  errorLine: ReactNode;
};

type FieldView = (props: FieldViewProps) => ReactElement;

function DynamicField(props: FieldProps) {
  const { field, value, error, hint } = props;
  const id = useId();
  const shownHint = hint ?? field.hint;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const View = FIELD_VIEWS[field.type.toLowerCase()] ?? TextInputField;
  return (
    <View
      {...props}
      id={id}
      text={typeof value === 'string' ? value : ''}
      shownHint={shownHint}
      describedBy={
        [error ? errorId : null, shownHint && !error ? hintId : null].filter(Boolean).join(' ') || undefined
      }
      hintLine={
        shownHint && !error ? (
          <p id={hintId} className="field__hint">
            {shownHint}
          </p>
        ) : null
      }
      errorLine={
        error ? (
          <p id={errorId} className="field__error" role="alert">
            {error}
          </p>
        ) : null
      }
    />
  );
}

const fieldClass = (error: string | undefined, ...classes: string[]) =>
  ['field', ...classes, error ? 'field--invalid' : ''].filter(Boolean).join(' ');

function HeadingField({ field }: FieldViewProps) {
  return <h3 className="dynamic-form__heading">{field.label}</h3>;
}

function NoteField({ field }: FieldViewProps) {
  return <p className="dynamic-form__note">{field.label}</p>;
}

function CheckboxField({ field, value, error, describedBy, hintLine, errorLine, onChange }: FieldViewProps) {
  return (
    <div className={fieldClass(error, 'dynamic-form__checkbox')}>
      <label className="dynamic-form__check-label">
        <input
          type="checkbox"
          name={field.name}
          checked={value === true}
          required={field.required}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{field.label}</span>
      </label>
      {field.link ? <FieldLink link={field.link} /> : null}
      {hintLine}
      {errorLine}
    </div>
  );
}

function SelectField(props: FieldViewProps) {
  const { field, text, error, describedBy, hintLine, errorLine, onChange } = props;
  const { t } = useTranslation();
  const options = (field.options ?? []).map((o) => ({ value: o.value, label: o.label ?? o.value }));
  const live = useHydrated();
  // The searchable list needs a script; before it runs (or without it) the browser's own select is sent.
  if (!live) return <NativeSelectField {...props} />;
  return (
    <div className={fieldClass(error, 'dynamic-form__select')}>
      <SearchableSelect
        label={field.label}
        options={options}
        value={text || undefined}
        onChange={(next) => onChange(next)}
        placeholder={field.placeholder ?? t('dynamicForm.select', { defaultValue: 'Select...' })}
        searchLabel={t('dynamicForm.search', { defaultValue: 'Search' })}
        noMatchText={t('dynamicForm.noMatch', { defaultValue: 'No match' })}
        describedBy={describedBy}
      />
      {hintLine}
      {errorLine}
    </div>
  );
}

function NativeSelectField({ field, id, text, error, describedBy, hintLine, errorLine }: FieldViewProps) {
  const { t } = useTranslation();
  return (
    <div className={fieldClass(error, 'dynamic-form__select')}>
      <label className="field__label" htmlFor={id}>
        {field.label}
      </label>
      <div className="field__control">
        <select
          id={id}
          name={field.name}
          className="field__input"
          defaultValue={text}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        >
          <option value="">
            {field.placeholder ?? t('dynamicForm.select', { defaultValue: 'Select...' })}
          </option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label ?? option.value}
            </option>
          ))}
        </select>
      </div>
      {hintLine}
      {errorLine}
    </div>
  );
}

function RadioField({ field, text, error, hintLine, errorLine, onChange }: FieldViewProps) {
  return (
    <fieldset className={fieldClass(error, 'dynamic-form__radios')}>
      <legend className="field__label">{field.label}</legend>
      {(field.options ?? []).map((option) => (
        <label key={option.value} className="dynamic-form__check-label">
          <input
            type="radio"
            name={field.name}
            value={option.value}
            checked={text === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label ?? option.value}</span>
        </label>
      ))}
      {hintLine}
      {errorLine}
    </fieldset>
  );
}

function TextareaField(props: FieldViewProps) {
  const { field, id, text, error, describedBy, hintLine, errorLine, onChange, onBlur } = props;
  return (
    <div className={fieldClass(error)}>
      <label className="field__label" htmlFor={id}>
        {field.label}
      </label>
      <div className="field__control">
        <textarea
          id={id}
          name={field.name}
          className="field__input dynamic-form__textarea"
          value={text}
          placeholder={field.placeholder}
          maxLength={field.maxLength}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          rows={3}
        />
      </div>
      {hintLine}
      {errorLine}
    </div>
  );
}

/** Every type the table does not name: a text input, typed for email, phone, number and the like. */
function TextInputField({ field, text, error, shownHint, onChange, onBlur }: FieldViewProps) {
  const { t } = useTranslation();
  const type = field.type.toLowerCase();
  const phone = isPhoneField(field);
  const numeric = type === 'number';
  return (
    <TextField
      label={field.label}
      name={field.name}
      type={phone ? 'tel' : (TEXT_TYPES[type] ?? 'text')}
      inputMode={phone || numeric ? 'numeric' : type === 'email' ? 'email' : undefined}
      autoComplete={autoCompleteOf(field)}
      prefix={phone && field.countryCode ? `+${field.countryCode}` : undefined}
      prefixLabel={t('dynamicForm.countryCode', { defaultValue: 'Country code' })}
      value={text}
      placeholder={field.placeholder}
      // A number pasted as '+234 802 100 0004' or '0802 100 0004' is taken whole, then cut to its digits.
      maxLength={phone && field.countryCode ? TYPED_MOBILE_NUMBER_CHARS : field.maxLength}
      required={field.required}
      error={error}
      hint={shownHint}
      onChange={(event) => {
        const typed = event.target.value;
        onChange(
          phone ? typedPhoneValue(field, typed) : numeric ? digitsOnly(typed, field.maxLength) : typed,
        );
      }}
      onBlur={onBlur}
    />
  );
}

/**
 * The view of each field type the schema names (in lower case); any other type is a text input. Heading,
 * note and paragraph are the types the contract's isDisplayOnly leaves out of the rules.
 */
const FIELD_VIEWS: Partial<Record<string, FieldView>> = {
  heading: HeadingField,
  note: NoteField,
  paragraph: NoteField,
  checkbox: CheckboxField,
  select: SelectField,
  radio: RadioField,
  textarea: TextareaField,
};

/** Browser autofill hints for the usual field names. */
function autoCompleteOf(field: FormField): string | undefined {
  const name = field.name.toLowerCase();
  if (name.includes('email')) return 'email';
  if (name === 'fullname' || name === 'name') return 'name';
  if (isPhoneField(field)) return 'tel-national';
  if (name.includes('address')) return 'street-address';
  return undefined;
}

/**
 * A page of this site the field refers to, outside its label so that following it never ticks the box; in a
 * new tab, so that the form keeps what was typed.
 */
function FieldLink({ link }: { link: NonNullable<FormField['link']> }) {
  const localePath = useLocalePath();
  return (
    <p className="field__hint">
      <Link to={localePath(link.path)} target="_blank" rel="noopener">
        {link.label}
      </Link>
    </p>
  );
}
