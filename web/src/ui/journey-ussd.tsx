import type { ConfigData } from '@portal/contract/api/config';
import { UssdCodes, type UssdJob } from './ussd-codes';

/**
 * The USSD way to do a journey's job without data, under its form: the market's codes and customer care,
 * as dialable links (issue 15: every purchase journey shows them).
 */
export function JourneyUssd({ config, jobs }: { config: ConfigData | undefined; jobs: readonly UssdJob[] }) {
  return (
    <div className="journey-ussd">
      <UssdCodes codes={config?.ussd} jobs={jobs} careNumber={config?.customerCareNumber} />
    </div>
  );
}
