import { useTranslation } from 'react-i18next';
import { searchFaqs } from '../utils/search';
import type { FaqItem, HelpLocation } from '../utils/faq-tree';
import { HelpLink } from './help-link';
import { QuestionList } from './question-list';

/**
 * What a plain search form found (`?search=`, sent by a browser without JavaScript, or before the page was
 * live): the matching questions as links, or the no-data message, and the way back to the categories.
 */
export function SearchResults({
  items,
  text,
  go,
}: {
  items: readonly FaqItem[];
  text: string;
  go: (next: HelpLocation) => void;
}) {
  const { t } = useTranslation();
  const found = searchFaqs(items, text);
  return (
    <section className="help__results card" aria-labelledby="help-results">
      <h2 id="help-results" className="help__section-title">
        {found.length > 0 ? t('search.resultCount', { count: found.length }) : t('search.noData')}
      </h2>
      <QuestionList items={found} go={go} />
      <HelpLink className="button button--ghost help__back" to={{}} go={go}>
        {`← ${t('help.back')}`}
      </HelpLink>
    </section>
  );
}
