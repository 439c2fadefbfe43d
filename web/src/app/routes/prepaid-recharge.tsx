import { PrepaidRechargePage } from '@/features/recharge/components/prepaid-recharge-page';

export function PrepaidRechargeRoute() {
  return <PrepaidRechargePage />;
}
