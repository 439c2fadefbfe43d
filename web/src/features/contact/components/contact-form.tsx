import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_FORM_PAGE } from '@portal/contract/api/contact';
import { validateForm, type FormSchema, type FormValues } from '@portal/contract/forms';
import { ApiError } from '@/lib/api';
import { trackEvent } from '@/lib/analytics';
import { useContentPage } from '@/lib/content';
import { useFormResult, type FormResult } from '@/lib/form-result';
import { langParam, useLanguage, useLocalePath } from '@/lib/language';
import { DynamicForm } from '@/ui/dynamic-form/dynamic-form';
import { useFieldMessage } from '@/ui/dynamic-form/use-field-message';
import { Loader } from '@/ui/loader';
import { usePageCatalogue } from '@/lib/use-page-catalogue';
import { sendContactMessage } from '../api/send-contact-message';

export const CONTACT_PATH = '/contact-us';
/** The dynamic form's rule texts (`dynamicForm.*`) live in the lead page's catalogue. */
export const DYNAMIC_FORM_CATALOGUE = 'hbb-translation';
/** The query parameter of the confirmation: the reference of the message just stored. */
export const SENT_PARAM = 'sent';

type ServerErrors = Record<string, { code: string; message: string }>;

function serverErrorsOf(error: unknown): ServerErrors | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = (error.result as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? (errors as ServerErrors) : undefined;
}

/**
 * What the server refused, per field, in the page's language: the page's own rules give the translated
 * message of the same finding; the server's text stays for a finding the page's rules do not make.
 */
function refusedMessages(
  schema: FormSchema,
  values: FormValues,
  refused: Record<string, string>,
  message: ReturnType<typeof useFieldMessage>,
): Record<string, string | undefined> {
  const own = validateForm(schema, values);
  return Object.fromEntries(
    Object.entries(refused).map(([name, text]) => [name, message(own[name]) ?? text]),
  );
}

type Refusal = { values: FormValues; errors: Record<string, string> };

function valuesOf(result: FormResult): FormValues {
  return { ...result.values };
}

/**
 * The Contact Us form (spec §7 `get-contact-form-schema`, built by the dynamic form): sent by the live page,
 * or as a plain HTML form (web/src/server/contact-action.ts); the confirmation names the reference.
 */
export function ContactForm() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  usePageCatalogue(DYNAMIC_FORM_CATALOGUE);
  const message = useFieldMessage();
  const schema = useContentPage<FormSchema>(CONTACT_FORM_PAGE);
  const result = useFormResult();
  const language = langParam(useLanguage());
  const [refusal, setRefusal] = useState<Refusal | undefined>(() =>
    result ? { values: valuesOf(result), errors: result.errors } : undefined,
  );
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | undefined>(result?.message);
  const sent = params.get(SENT_PARAM);

  if (sent) {
    return (
      <section className="card contact__form" aria-labelledby="contact-form-title" role="status">
        <h2 id="contact-form-title">{t('contact.form.sentTitle')}</h2>
        <p>{t('contact.form.sent')}</p>
        <p>{t('contact.form.reference', { reference: sent })}</p>
        <Link className="button button--ghost" to={localePath(CONTACT_PATH)}>
          {t('contact.form.another')}
        </Link>
      </section>
    );
  }
  if (!schema.data) {
    return (
      <section className="card contact__form">
        {schema.isError ? (
          <p role="alert">{t('contact.form.loadFailed')}</p>
        ) : (
          <Loader label={t('common.loading')} />
        )}
      </section>
    );
  }
  const form = schema.data;
  const submit = async (values: FormValues) => {
    setSending(true);
    setFailed(undefined);
    try {
      const data = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
      const { reference } = await sendContactMessage({ language, data });
      trackEvent('contact_message_sent');
      void navigate(`${localePath(CONTACT_PATH)}?${SENT_PARAM}=${reference}`);
    } catch (error) {
      const errors = serverErrorsOf(error);
      if (errors)
        setRefusal({
          values,
          errors: Object.fromEntries(Object.entries(errors).map(([k, e]) => [k, e.message])),
        });
      else setFailed(t('contact.form.failed'));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="card contact__form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.form.title')}</h2>
      <p>{t('contact.form.intro')}</p>
      {failed ? (
        <p className="field__error" role="alert">
          {failed}
        </p>
      ) : null}
      <DynamicForm
        schema={form}
        initial={result ? valuesOf(result) : undefined}
        label={t('contact.form.title')}
        action={localePath(CONTACT_PATH)}
        blockSubmit={sending}
        extraErrors={refusal ? refusedMessages(form, refusal.values, refusal.errors, message) : {}}
        // A refused field's message goes once the visitor changes it; the form's own rules take over.
        onValuesChange={(_values, changed) =>
          setRefusal((current) => {
            if (!current) return current;
            const { [changed]: _dropped, ...errors } = current.errors;
            return { ...current, errors };
          })
        }
        onSubmit={(values) => void submit(values)}
      />
    </section>
  );
}
