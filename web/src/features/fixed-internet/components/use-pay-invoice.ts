import { useNavigate } from 'react-router';
import type { Invoice } from '@portal/contract/api/bills';
import { trackEvent } from '@/lib/analytics';
import type { ConfigData } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext } from '@/lib/purchase-context';
import { invoicePurchaseContext, payerMsisdn } from '../utils/fixed-internet-rules';
import type { ShownAccount } from './use-show-bills';

/** PAY BILL of an invoice: its details go into the purchase summary, and the payment page opens. */
export function usePayInvoice(account: ShownAccount | undefined, config: ConfigData | undefined) {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  return (invoice: Invoice) => {
    if (!account) return;
    const msisdn = payerMsisdn(account.result);
    if (!msisdn) return;
    savePurchaseContext(
      invoicePurchaseContext({
        invoice,
        msisdn,
        email: account.email,
        currency: config?.currency || 'NGN',
        enableDualCurrency: config?.enableDualCurrency ?? false,
      }),
    );
    trackEvent('fixed_internet_pay_bill', {
      invoiceNo: invoice.invoiceNo,
      amount: invoice.outstandingAmount,
    });
    void navigate(localePath('/payment/start'));
  };
}
