import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/ui/use-debounced-value';
import { useSuggestionList } from '@/ui/use-suggestion-list';
import { trackEvent } from '@/lib/analytics';
import { highlight, INPUT_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, searchFaqs } from '../utils/search';
import type { FaqItem } from '../utils/faq-tree';
import { WithoutScript } from '@/ui/without-script';

/** The field a plain search form sends (`?search=`, a browser without JavaScript). */
export const SEARCH_FIELD = 'search';

/**
 * The help centre's search (spec §2): filters the questions as the user types (debounced 300 ms) and shows
 * suggestions with the typed words highlighted, or the no-data message. Without JavaScript it is a plain GET
 * form: the page comes back with `?search=` and lists what it found.
 */
export function FaqSearch({
  items,
  onPick,
  initialText = '',
}: {
  items: readonly FaqItem[];
  onPick: (item: FaqItem) => void;
  initialText?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initialText);
  const { open, setOpen, active, setActive, onListKey, listId, inputProps, typed, optionProps } =
    useSuggestionList(rootRef, id);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useMemo(() => (query ? searchFaqs(items, query) : []), [items, query]);
  const visible = open && query !== '' && query === text.trim();
  // A settled search (1 s, spec §2's input wrapper) is recorded: how many answers it found, never the words
  // typed (a visitor may type a phone number).
  const settled = useDebouncedValue(text.trim(), INPUT_DEBOUNCE_MS);
  const settledCount = useMemo(() => (settled ? searchFaqs(items, settled).length : 0), [items, settled]);
  useEffect(() => {
    if (settled) trackEvent('help_search', { results: settledCount, length: settled.length });
  }, [settled, settledCount]);

  const pick = (item: FaqItem) => {
    setOpen(false);
    setActive(-1);
    setText('');
    onPick(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (onListKey(event, results.length) || event.key !== 'Enter') return;
    const item = results[active] ?? (visible ? results[0] : undefined);
    if (item) {
      event.preventDefault();
      pick(item);
    }
  };

  const showList = visible && results.length > 0;

  return (
    // The live page searches as the visitor types: its form is never sent.
    <form
      className="faq-search"
      role="search"
      method="get"
      ref={rootRef}
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="field__label" htmlFor={id}>
        {t('search.search')}
      </label>
      <div className="field__control">
        <span className="faq-search__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="20" height="20">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </span>
        <input
          {...inputProps(showList, results.length)}
          name={SEARCH_FIELD}
          placeholder={t('search.placeholder')}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            typed();
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
      </div>
      <WithoutScript>
        <button type="submit" className="button faq-search__submit">
          {t('search.search')}
        </button>
      </WithoutScript>
      <div className="faq-search__popover">
        <ul
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          className="faq-search__list"
          hidden={!showList}
        >
          {results.map((item, i) => (
            <li
              key={item.questionId}
              {...optionProps(i, () => pick(item))}
              className={
                i === active ? 'faq-search__option faq-search__option--active' : 'faq-search__option'
              }
            >
              <span className="faq-search__question">
                {highlight(item.question, query).map((segment, j) =>
                  segment.match ? <mark key={j}>{segment.text}</mark> : <span key={j}>{segment.text}</span>,
                )}
              </span>
              <span className="faq-search__category">{item.category}</span>
            </li>
          ))}
        </ul>
        <p className={showList ? 'visually-hidden' : 'faq-search__empty'} role="status" aria-live="polite">
          {visible
            ? results.length > 0
              ? t('search.resultCount', { count: results.length })
              : t('search.noData')
            : null}
        </p>
      </div>
    </form>
  );
}
