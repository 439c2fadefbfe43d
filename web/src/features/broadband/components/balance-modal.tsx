import { useTranslation } from 'react-i18next';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { Modal } from '@/ui/modal';
import { BalanceTable } from './balance-table';

/** The active-bundle popup (spec §2, §3): description, balance ('-' when unlimited), expiry as a date. */
export function BalanceModal({
  balances,
  onClose,
}: {
  balances: BalanceEntry[] | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={balances !== undefined}
      title={t('broadband.balanceTitle')}
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      <BalanceTable balances={balances ?? []} />
      <button type="button" className="button button--block balance-table__close" onClick={onClose} autoFocus>
        {t('broadband.buyNew')}
      </button>
    </Modal>
  );
}
