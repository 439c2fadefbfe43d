import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OPERATOR } from '@portal/contract/operator';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { ContactForm } from './contact-form';
import './contact.css';

export const CONTACT_CATALOGUE = 'contact-us-translation';

const SHELL: PageShell = { catalogue: CONTACT_CATALOGUE, className: 'contact', labelKey: 'contact.title' };

/**
 * /contact-us: the contact form (a message stored for customer care), then the other ways to reach customer
 * care, with links to shops, dealers, help and feedback.
 */
export const ContactPage = withCatalogue(Contact, SHELL);

function Contact() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const number = useConfig().data?.customerCareNumber || '300';
  return (
    <section className="page container contact" aria-labelledby="contact-title">
      <h1 id="contact-title" className="page__title">
        {t('contact.title')}
      </h1>
      <p className="page__lead">{t('contact.intro')}</p>
      <ContactForm />
      <div className="contact__grid">
        <article className="card contact__card">
          <h2>{t('contact.callTitle')}</h2>
          <p>
            <a className="contact__big" href={`tel:${number}`}>
              {number}
            </a>
          </p>
          <p>{t('contact.callText', { number })}</p>
          <p className="contact__muted">{t('contact.otherNetworks')}</p>
        </article>
        <article className="card contact__card">
          <h2>{t('contact.emailTitle')}</h2>
          <p>
            <a href={`mailto:${t('contact.email')}`}>{t('contact.email')}</a>
          </p>
          <p className="contact__muted">{t('contact.emailText')}</p>
        </article>
        <article className="card contact__card">
          <h2>{t('contact.visitTitle')}</h2>
          <p>{t('contact.visitText')}</p>
          <div className="contact__actions">
            <Link className="button" to={localePath(`/store_finder/${OPERATOR}_shop`)}>
              {t('contact.findStore')}
            </Link>
            <Link className="button button--ghost" to={localePath('/store_finder/dealers')}>
              {t('contact.findDealer')}
            </Link>
          </div>
        </article>
        <article className="card contact__card">
          <h2>{t('contact.helpTitle')}</h2>
          <p>{t('contact.helpText')}</p>
          <div className="contact__actions">
            <Link className="button button--ghost" to={localePath('/gethelp')}>
              {t('contact.helpLink')}
            </Link>
          </div>
        </article>
        <article className="card contact__card">
          <h2>{t('contact.feedbackTitle')}</h2>
          <div className="contact__actions">
            <Link className="button button--ghost" to={localePath('/give_your_feedback')}>
              {t('contact.feedbackLink')}
            </Link>
          </div>
        </article>
        <article className="card contact__card">
          <h2>{t('contact.hqTitle')}</h2>
          <address>{t('contact.hqAddress')}</address>
        </article>
      </div>
    </section>
  );
}
