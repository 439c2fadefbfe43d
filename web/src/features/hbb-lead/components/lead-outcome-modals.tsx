import { useTranslation } from 'react-i18next';
import type { SubmitLeadResult } from '@portal/contract/api/leads';
import { Modal } from '@/ui/modal';

/** 'Congratulations! Service is available in your area!', or that the lead is already paid for. */
export function LeadSuccessModal({ open, result }: { open: boolean; result: SubmitLeadResult | undefined }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('hbb.success.title')} closable={false}>
      <p>
        {result?.status === 'PAID'
          ? t('hbb.success.alreadyPaid', { leadId: result?.refLeadId })
          : t('hbb.success.body', { leadId: result?.refLeadId })}
      </p>
    </Modal>
  );
}

type NotAvailableModalProps = {
  open: boolean;
  town: string;
  leadId: string | undefined;
  /** Until the page goes to the redirect url by itself. */
  secondsLeft: number;
  onExplore: () => void;
};

/** 'Thank you!': the town cannot be served yet, the lead is kept, and the visitor is sent on. */
export function NotAvailableModal({ open, town, leadId, secondsLeft, onExplore }: NotAvailableModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('hbb.notAvailable.title')} closable={false}>
      <p>{t('hbb.notAvailable.body', { town, leadId })}</p>
      <p className="hbb-muted">{t('hbb.notAvailable.redirect', { seconds: secondsLeft })}</p>
      <div className="hbb-actions">
        <button type="button" className="button" autoFocus onClick={onExplore}>
          {t('hbb.notAvailable.explore')}
        </button>
      </div>
    </Modal>
  );
}
