import { useTranslation } from 'react-i18next';
import type { HelpLocation } from '../utils/faq-tree';
import { HelpLink } from './help-link';

/** Help Centre › parent › sub-category; every step but the last goes back to that stage. */
export function Breadcrumb({
  parent,
  category,
  go,
}: {
  parent: string | undefined;
  category: string | undefined;
  go: (next: HelpLocation) => void;
}) {
  const { t } = useTranslation();
  const steps: { label: string; to: HelpLocation }[] = [{ label: t('question.helpHome'), to: {} }];
  if (parent) steps.push({ label: parent, to: { parent } });
  if (parent && category) steps.push({ label: category, to: { parent, category } });
  return (
    <nav className="help-breadcrumb" aria-label={t('question.breadcrumb')}>
      <ol>
        {steps.map((step, i) =>
          i === steps.length - 1 ? (
            <li key={step.label} aria-current="page">
              {step.label}
            </li>
          ) : (
            <li key={step.label}>
              <HelpLink className="help-breadcrumb__link" to={step.to} go={go}>
                {step.label}
              </HelpLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
