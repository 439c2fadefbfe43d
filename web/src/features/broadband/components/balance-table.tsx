import { useTranslation } from 'react-i18next';
import type { BalanceEntry } from '@portal/contract/api/bills';
import { balanceText, expiryText } from '../utils/balance-format';

/**
 * The device's balances (spec §3 "Balance query result"): description, balance ('-' when unlimited), expiry as a
 * date in the page's language. The active-bundle popup's and, without JavaScript, the page's.
 */
export function BalanceTable({ balances }: { balances: BalanceEntry[] }) {
  const { t, i18n } = useTranslation();
  if (balances.length === 0) return <p>{t('broadband.noBalance')}</p>;
  return (
    <table className="balance-table">
      <thead>
        <tr>
          <th scope="col">{t('broadband.colBundle')}</th>
          <th scope="col">{t('broadband.colBalance')}</th>
          <th scope="col">{t('broadband.colExpiry')}</th>
        </tr>
      </thead>
      <tbody>
        {balances.map((row, index) => (
          <tr key={`${row.balanceDescription}-${index}`}>
            <th scope="row">{row.balanceDescription}</th>
            <td>{balanceText(row)}</td>
            <td>{expiryText(row.expireTime, i18n.language) ?? t('broadband.neverExpires')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
