import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Bundle } from '@portal/contract/api/catalogue';
import { trackEvent } from '@/lib/analytics';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { savePurchaseContext, type PurchaseContext } from '@/lib/purchase-context';

export type BundlePurchase = {
  msisdn: string;
  /** The line type of the number (from the line check). */
  lineType?: string | undefined;
  /** The journey page to return to after payment ('/data-bundle', '/broadband-recharge', ...). */
  redirectPage: string;
  /** Title of the purchase summary; unset shows 'Bundle Purchase'. Broadband uses 'Broadband Recharge'. */
  rechargeType?: string | undefined;
  /** A router or MiFi line: the purchase is a broadband recharge (its status page shows the transaction id). */
  broadband?: boolean | undefined;
};

/** The purchase context (spec §3 queryData) of buying `bundle`. */
export function bundlePurchaseContext(
  bundle: Bundle,
  purchase: BundlePurchase,
  options: { enableDualCurrency?: boolean } = {},
): Omit<PurchaseContext, 'attempt'> {
  // Plan details (the bundle's name) and the bundle description are separate rows of the summary (spec §2).
  const plan = bundle.name;
  const description = bundle.description || bundle.name;
  const data = bundle.data || undefined;
  const dataUnit = bundle.data ? bundle.dataUnit : undefined;
  return {
    msisdn: purchase.msisdn,
    amount: bundle.amount,
    currency: bundle.currency || 'NGN',
    lineType: purchase.lineType ?? bundle.lineType,
    transactionType: purchase.broadband
      ? 'BROADBAND_RECHARGE'
      : bundle.lineType === 'POSTPAID'
        ? 'POSTPAID_BUNDLES'
        : 'PREPAID_BUNDLES',
    ...(purchase.rechargeType ? { rechargeType: purchase.rechargeType } : {}),
    redirectPage: purchase.redirectPage,
    productCode: bundle.productCode,
    description: plan,
    ...(data ? { data } : {}),
    ...(dataUnit ? { dataUnit } : {}),
    bundleInfo: {
      description,
      ...(data ? { data } : {}),
      ...(dataUnit ? { dataUnit } : {}),
      amount: bundle.amount,
      lineType: bundle.lineType,
    },
    enableDualCurrency: options.enableDualCurrency ?? false,
    ...(options.enableDualCurrency ? { usdAmount: bundle.amount / 100 } : {}),
  };
}

/** Stores the purchase context of a bundle and opens /payment/start (in the current language). */
export function useBuyBundle(purchase: BundlePurchase): (bundle: Bundle) => void {
  const navigate = useNavigate();
  const localePath = useLocalePath();
  const { data: config } = useConfig();
  const enableDualCurrency = config?.enableDualCurrency ?? false;
  const { msisdn, lineType, redirectPage, rechargeType, broadband } = purchase;
  return useCallback(
    (bundle: Bundle) => {
      savePurchaseContext(
        bundlePurchaseContext(
          bundle,
          { msisdn, lineType, redirectPage, rechargeType, broadband },
          { enableDualCurrency },
        ),
      );
      trackEvent('bundle_selected', {
        productCode: bundle.productCode,
        amount: bundle.amount,
        page: redirectPage,
      });
      void navigate(localePath('/payment/start'));
    },
    [navigate, localePath, enableDualCurrency, msisdn, lineType, redirectPage, rechargeType, broadband],
  );
}
