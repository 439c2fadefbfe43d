import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { langParam, useLanguage } from '@/lib/language';
import { Loader } from '@/ui/loader';
import { withCatalogue, type PageShell } from '@/ui/catalogue-page';
import { useFaqs } from '../api/get-faqs';
import {
  findQuestion,
  helpSearch,
  parentCategories,
  placeIn,
  popularQuestions,
  popularSearches,
  questionLocation,
  questionsIn,
  stageBack,
  stageOf,
  subCategories,
  type FaqItem,
  type HelpLocation,
} from '../utils/faq-tree';
import { AnswerView } from './answer-view';
import { Breadcrumb } from './breadcrumb';
import { CategoryList } from './category-list';
import { FaqSearch, SEARCH_FIELD } from './faq-search';
import { QuestionList } from './question-list';
import { SearchResults } from './search-results';
import { HelpDocuments } from './help-documents';
import { HelpLink } from './help-link';
import { StillNeedHelp } from './still-need-help';
import './help.css';

export const CATALOGUES = [
  'help-translation',
  'faq-translation',
  'question-translation',
  'search-translation',
  'help-documents-translation',
] as const;

/** The help centre's place is kept in the URL, so the browser's back button and links work too. */
function useHelpLocation(): [HelpLocation, (next: HelpLocation) => void] {
  const [params, setParams] = useSearchParams();
  const location = useMemo<HelpLocation>(
    () => ({
      parent: params.get('parent') ?? undefined,
      category: params.get('category') ?? undefined,
      question: params.get('question') ?? undefined,
    }),
    [params],
  );
  const go = useCallback(
    (next: HelpLocation) => {
      setParams(new URLSearchParams(helpSearch(next)));
      window.scrollTo?.({ top: 0 });
    },
    [setParams],
  );
  return [location, go];
}

const SHELL: PageShell = { catalogue: CATALOGUES, className: 'help', labelKey: 'help.loading' };

/**
 * Help centre (spec §2, §4): 1. parent categories and up to 10 popular questions; 2. sub-categories;
 * 3. questions; 4. one answer with 'Still need help?'. Back steps one stage; the search box filters the
 * questions as the user types.
 */
export const HelpCentrePage = withCatalogue(HelpCentre, SHELL);

function HelpCentre() {
  const { t } = useTranslation();
  const lang = langParam(useLanguage());
  const faqs = useFaqs(lang);
  const [location, go] = useHelpLocation();
  const searched = useSearchParams()[0].get(SEARCH_FIELD)?.trim() || undefined;

  const openQuestion = useCallback((item: FaqItem) => go(questionLocation(item)), [go]);

  return (
    <section className="page container help" aria-labelledby="help-title">
      <div className="help__hero">
        <h1 id="help-title" className="page__title">
          {t('help.title')}
        </h1>
        <p className="help__heading">{t('help.heading')}</p>
        <FaqSearch items={faqs.data ?? []} onPick={openQuestion} initialText={searched} />
      </div>
      {/* A list already shown stays when asking for it again fails (offline, the copy the page came with). */}
      {faqs.data === undefined ? (
        faqs.isError ? (
          <div className="help__status card" role="alert">
            <p>{t('help.loadError')}</p>
            <button type="button" className="button button--ghost" onClick={() => void faqs.refetch()}>
              {t('help.retry')}
            </button>
          </div>
        ) : (
          <div className="help__status card">
            <Loader label={t('help.loading')} />
            <p>{t('help.loading')}</p>
          </div>
        )
      ) : searched !== undefined ? (
        <SearchResults items={faqs.data} text={searched} go={go} />
      ) : (
        <HelpStage items={faqs.data} location={location} go={go} lang={lang} />
      )}
    </section>
  );
}

function HelpStage({
  items,
  location,
  go,
  lang,
}: {
  items: FaqItem[];
  location: HelpLocation;
  go: (next: HelpLocation) => void;
  lang: string;
}) {
  const { t } = useTranslation();
  // An answer opened from a link without its categories, or from another language's, gets its own.
  const place = placeIn(items, location);
  const stage = stageOf(place);
  const question = place.question ? findQuestion(items, place.question) : undefined;
  const { parent, category } = place;

  if (stage === 1) {
    return (
      <>
        <div className="help__grid">
          <nav className="help__main" aria-labelledby="help-categories">
            <h2 id="help-categories" className="help__section-title">
              {t('help.categories')}
            </h2>
            <CategoryList
              categories={parentCategories(items)}
              target={(name) => ({ parent: name })}
              go={go}
            />
          </nav>
          <aside className="help__aside card" aria-labelledby="help-popular">
            <h2 id="help-popular" className="help__section-title">
              {t('help.popularQuestions')}
            </h2>
            <QuestionList items={popularQuestions(items)} go={go} numbered />
          </aside>
        </div>
        <HelpDocuments />
      </>
    );
  }

  const contactDetails = category !== undefined && category === t('question.contactDetailsCategory');
  // Not the questions already on screen: the open answer, or the list of its category.
  const onScreen = new Set(
    stage === 3
      ? questionsIn(items, parent ?? '', category ?? '').map((i) => i.questionId)
      : question
        ? [question.questionId]
        : [],
  );
  const searches = contactDetails ? [] : popularSearches(items, parent ?? '', onScreen);
  const back = stageBack(place);

  let main;
  if (stage === 2) {
    main = (
      <>
        <h2 className="help__section-title">{t('question.relatedWith', { name: parent })}</h2>
        <CategoryList
          categories={subCategories(items, parent ?? '')}
          target={(name) => ({ parent, category: name })}
          go={go}
        />
      </>
    );
  } else if (stage === 3) {
    const questions = questionsIn(items, parent ?? '', category ?? '');
    main = (
      <>
        <h2 className="help__section-title">{t('question.relatedWith', { name: category })}</h2>
        <p className="help__count">{t('question.count', { count: questions.length })}</p>
        <QuestionList items={questions} go={go} />
      </>
    );
  } else {
    main = question ? (
      <>
        <AnswerView item={question} lang={lang} />
        <StillNeedHelp />
      </>
    ) : (
      <p className="help__status card" role="alert">
        {t('help.notFound')}
      </p>
    );
  }

  return (
    <>
      <div className="help__nav">
        <HelpLink className="button button--ghost help__back" to={back} go={go}>
          <span aria-hidden="true">←</span>
          {` ${t('help.back')}`}
        </HelpLink>
        <Breadcrumb parent={parent} category={stage >= 3 ? category : undefined} go={go} />
      </div>
      <div className="help__grid">
        <div className="help__main">{main}</div>
        {searches.length > 0 ? (
          <aside className="help__aside card" aria-labelledby="help-searches">
            <h2 id="help-searches" className="help__section-title">
              {t('question.popularSearches')}
            </h2>
            <QuestionList items={searches} go={go} />
          </aside>
        ) : null}
      </div>
    </>
  );
}
