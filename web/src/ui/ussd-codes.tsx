import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './ussd-codes.css';

/** The jobs a USSD code does without data (market configuration `ussd`). */
export type UssdJob = 'rechargeVoucher' | 'buyData' | 'checkBalance';
export type UssdConfig = Record<UssdJob, string>;

/**
 * A `tel:` link the phone's dialer opens with the code (`#` encoded, or the dialer drops the rest). A code
 * with a placeholder (`*311*PIN#`) opens with the part before it, for the subscriber to finish.
 */
export function dialHref(code: string): string {
  const placeholder = code.search(/[A-Za-z]/);
  const dialable = placeholder === -1 ? code : code.slice(0, placeholder);
  return `tel:${dialable.replace(/#/g, '%23')}`;
}

/** The USSD way to do the same thing, and the customer-care number, as links a phone can dial. */
export function UssdCodes({
  codes,
  jobs,
  careNumber,
  headingLevel = 2,
}: {
  codes: UssdConfig | undefined;
  jobs: readonly UssdJob[];
  careNumber: string | undefined;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  if (!codes) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="ussd" aria-labelledby={titleId}>
      <Heading id={titleId} className="ussd__title">
        {t('ussd.title')}
      </Heading>
      <ul className="ussd__list">
        {jobs.map((job) => (
          <li key={job}>
            <a className="ussd__link" href={dialHref(codes[job])}>
              {`${t(`ussd.${job}`)}: ${codes[job]}`}
            </a>
          </li>
        ))}
        {careNumber ? (
          <li>
            <a className="ussd__link" href={`tel:${careNumber}`}>
              {`${t('ussd.customerCare')}: ${careNumber}`}
            </a>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
