import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '@/lib/language';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import './contact.css';

export const LOANS_CATALOGUE = 'mobile-money-loans';

const SHELL: PageShell = { catalogue: LOANS_CATALOGUE, className: 'loans', labelKey: 'loans.title' };

/** /more-{operator}-money ('Mobile Money Loans'): what the loans are, who can borrow, how to repay. */
export const MobileMoneyLoansPage = withCatalogue(MobileMoneyLoans, SHELL);

function MobileMoneyLoans() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const sections = [
    { title: 'loans.howTitle', items: ['loans.how1', 'loans.how2', 'loans.how3'], ordered: true },
    { title: 'loans.whoTitle', items: ['loans.who1', 'loans.who2', 'loans.who3'], ordered: false },
    { title: 'loans.repayTitle', items: ['loans.repay1', 'loans.repay2'], ordered: false },
  ];
  const faq = `/gethelp?${new URLSearchParams({ parent: t('loans.mobileMoneyCategory') })}`;
  return (
    <section className="page container loans" aria-labelledby="loans-title">
      <h1 id="loans-title" className="page__title">
        {t('loans.title')}
      </h1>
      <p className="page__lead">{t('loans.intro')}</p>
      <p className="loans__dial card">{t('loans.dial')}</p>
      <div className="contact__grid">
        {sections.map((section) => {
          const List = section.ordered ? 'ol' : 'ul';
          return (
            <article key={section.title} className="card contact__card">
              <h2>{t(section.title)}</h2>
              <List className="loans__list">
                {section.items.map((key) => (
                  <li key={key}>{t(key)}</li>
                ))}
              </List>
            </article>
          );
        })}
      </div>
      <p className="loans__more">
        <Link to={localePath(faq)}>{t('loans.faqLink')}</Link>
      </p>
    </section>
  );
}
