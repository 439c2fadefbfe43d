import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WithoutScript } from '@/ui/without-script';
import type { PaymentMethod } from '../utils/payment-options';

/**
 * The payment methods of a phone's screen, one open at a time. Before the page is live (and for ever without
 * JavaScript) only the methods that work without a script are shown (the card's hosted page, airtime, a prompt
 * on the payer's phone), and a group's header is a link to that method's own address (the open one a plain
 * heading): a button there would be a control that does nothing. A method that needs a script, opened by its
 * address all the same (/payment/start/smartcash), stays shown there, saying so in place of its panel.
 */
export function MethodAccordion({
  groups,
  selected,
  onSelect,
  panel,
  hydrated,
  withoutScript,
  hrefOf,
}: {
  groups: PaymentMethod[];
  selected: PaymentMethod | undefined;
  onSelect: (method: PaymentMethod) => void;
  panel: (method: PaymentMethod) => ReactNode;
  hydrated: boolean;
  withoutScript: (method: PaymentMethod) => boolean;
  /** The address of a method's page (`/payment/start/<method>` with the purchase's query). */
  hrefOf: (method: PaymentMethod) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="accordion">
      {groups.map((method) => {
        const open = selected?.type === method.type;
        const plain = withoutScript(method);
        const headerId = `payment-group-${method.slug}`;
        const className = [
          'accordion__item',
          open ? 'accordion__item--open' : '',
          plain || open ? '' : 'js-only',
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <div key={method.type} className={className}>
            <h3 className="accordion__heading">
              {hydrated ? (
                <button
                  type="button"
                  id={headerId}
                  className="accordion__trigger"
                  aria-expanded={open}
                  aria-controls={`${headerId}-panel`}
                  onClick={() => onSelect(method)}
                >
                  {t(method.groupKey)}
                  <span className="accordion__chevron" aria-hidden="true" />
                </button>
              ) : open ? (
                <span id={headerId} className="accordion__trigger accordion__trigger--static">
                  {t(method.groupKey)}
                </span>
              ) : (
                <a id={headerId} className="accordion__trigger" href={hrefOf(method)}>
                  {t(method.groupKey)}
                  <span className="accordion__chevron" aria-hidden="true" />
                </a>
              )}
            </h3>
            {open ? (
              <div
                id={`${headerId}-panel`}
                role="region"
                aria-labelledby={headerId}
                className="accordion__panel"
              >
                {plain ? (
                  panel(method)
                ) : (
                  <>
                    <div className="js-only">{panel(method)}</div>
                    <WithoutScript className="payment__notice">
                      <p>{t('payment.needsScript')}</p>
                    </WithoutScript>
                  </>
                )}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
