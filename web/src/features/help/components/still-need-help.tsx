import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useConfig } from '@/lib/config';
import { useLocalePath } from '@/lib/language';

/** Spec §2 stage 4: 'Still need help?' with 'Find a Store' (/store-locator) and 'You can call 300'. */
export function StillNeedHelp() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const number = useConfig().data?.customerCareNumber || '300';
  return (
    <aside className="help-still card" aria-labelledby="help-still-title">
      <h2 id="help-still-title" className="help__section-title">
        {t('help.stillNeedHelp')}
      </h2>
      <div className="help-still__actions">
        <Link className="button" to={localePath('/store-locator')}>
          {t('help.findStore')}
        </Link>
        <a className="help-still__call" href={`tel:${number}`}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
            />
          </svg>
          {t('help.callUs', { number })}
        </a>
      </div>
    </aside>
  );
}
