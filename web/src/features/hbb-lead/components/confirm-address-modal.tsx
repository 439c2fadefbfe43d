import { useTranslation } from 'react-i18next';
import { Modal } from '@/ui/modal';
import type { LeadDetails } from '../utils/lead';

type ConfirmAddressModalProps = {
  open: boolean;
  details: LeadDetails;
  /** The pin's coordinates, as the map page says them. */
  coordinates: string;
  onClose: () => void;
  onEdit: () => void;
  onConfirm: () => void;
};

/** "Confirm location"'s question: the address and the pin, to confirm or to edit. */
export function ConfirmAddressModal({
  open,
  details,
  coordinates,
  onClose,
  onEdit,
  onConfirm,
}: ConfirmAddressModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('hbb.confirm.title')} onClose={onClose} closeLabel={t('common.close')}>
      <dl className="hbb-confirm">
        <div>
          <dt>{t('hbb.confirm.address')}</dt>
          <dd>{details.address}</dd>
        </div>
        {details.landmark ? (
          <div>
            <dt>{t('hbb.confirm.landmark')}</dt>
            <dd>{details.landmark}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('hbb.confirm.town')}</dt>
          <dd>{details.town}</dd>
        </div>
        <div>
          <dt>{t('hbb.confirm.location')}</dt>
          <dd>{coordinates}</dd>
        </div>
      </dl>
      <div className="hbb-actions">
        <button type="button" className="button button--ghost" onClick={onEdit}>
          {t('hbb.confirm.edit')}
        </button>
        <button type="button" className="button" autoFocus onClick={onConfirm}>
          {t('hbb.confirm.yes')}
        </button>
      </div>
    </Modal>
  );
}
