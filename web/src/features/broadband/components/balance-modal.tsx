import { useTranslation } from 'react-i18next';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { Modal } from '@/ui/modal';
import { balanceText, expiryText } from '../utils/balance-format';

/** The active-bundle popup (spec §2, §3): description, balance ('-' when unlimited), expiry as a date. */
export function BalanceModal({
  balances,
  onClose,
}: {
  balances: BalanceEntry[] | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const rows = balances ?? [];
  return (
    <Modal
      open={balances !== undefined}
      title={t('broadband.balanceTitle')}
      onClose={onClose}
      closeLabel={t('common.close')}
    >
      {rows.length === 0 ? (
        <p>{t('broadband.noBalance')}</p>
      ) : (
        <table className="balance-table">
          <thead>
            <tr>
              <th scope="col">{t('broadband.colBundle')}</th>
              <th scope="col">{t('broadband.colBalance')}</th>
              <th scope="col">{t('broadband.colExpiry')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${row.balanceDescription}-${index}`}>
                <th scope="row">{row.balanceDescription}</th>
                <td>{balanceText(row)}</td>
                <td>{expiryText(row.expireTime, i18n.language) ?? t('broadband.neverExpires')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button button--block balance-table__close" onClick={onClose} autoFocus>
        {t('broadband.buyNew')}
      </button>
    </Modal>
  );
}
