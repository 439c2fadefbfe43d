import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/ui/use-debounced-value';
import { useSuggestionList } from '@/ui/use-suggestion-list';
import { trackEvent } from '@/lib/analytics';
import { highlight, INPUT_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS, searchFaqs } from '../utils/search';
import type { FaqItem } from '../utils/faq-tree';

/**
 * The help centre's search (spec §2): filters the questions as the user types (debounced 300 ms) and shows
 * suggestions with the typed words highlighted, or the no-data message.
 */
export function FaqSearch({ items, onPick }: { items: readonly FaqItem[]; onPick: (item: FaqItem) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState('');
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
    <div className="faq-search" ref={rootRef}>
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
    </div>
  );
}
