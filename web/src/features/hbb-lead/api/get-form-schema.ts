import { LEAD_FORM_PAGE, type FormSchema } from '@portal/contract/forms';
import { useContentPage } from '@/lib/content';

/** The customer-details form: the content page `get-form-schema` in the page language. */
export function useLeadFormSchema() {
  const query = useContentPage<FormSchema>(LEAD_FORM_PAGE);
  const schema = query.data;
  const valid = schema && Array.isArray(schema.fields) && Array.isArray(schema.actions);
  return { ...query, schema: valid ? schema : undefined };
}

/** Settings of the lead pages (content page `lead-status-config`). */
export type LeadStatusConfig = {
  installationCallbackHours: number;
  contact: { customerCareNumber: string; email: string; shopsPath: string };
  defaultRedirectUrl: string;
  statuses: Record<string, { tone: 'pending' | 'info' | 'success' | 'error'; payable: boolean }>;
};

export function useLeadStatusConfig() {
  return useContentPage<LeadStatusConfig>('lead-status-config');
}
