import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentMethod } from '../utils/payment-options';

/**
 * The payment methods of a phone's screen, one open at a time. Before the page is live (and for ever without
 * JavaScript) a group's header is a plain heading: only the card group is shown then, already open, and a
 * button there would be a control that does nothing.
 */
export function MethodAccordion({
  groups,
  selected,
  onSelect,
  panel,
  hydrated,
}: {
  groups: PaymentMethod[];
  selected: PaymentMethod | undefined;
  onSelect: (method: PaymentMethod) => void;
  panel: (method: PaymentMethod) => ReactNode;
  hydrated: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="accordion">
      {groups.map((method) => {
        const open = selected?.type === method.type;
        const headerId = `payment-group-${method.slug}`;
        const className = [
          'accordion__item',
          open ? 'accordion__item--open' : '',
          // Without JavaScript only the card gateways' hosted pages can take the payment.
          method.type === 'PG' ? '' : 'js-only',
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
              ) : (
                <span id={headerId} className="accordion__trigger accordion__trigger--static">
                  {t(method.groupKey)}
                </span>
              )}
            </h3>
            {open ? (
              <div
                id={`${headerId}-panel`}
                role="region"
                aria-labelledby={headerId}
                className="accordion__panel"
              >
                {panel(method)}
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
