import { useLayoutEffect, useMemo, useState, type KeyboardEvent, type RefObject } from 'react';
import { useSuggestionList } from './use-suggestion-list';

export type SelectOption = { value: string; label: string };

type SearchableSelectRefs = {
  root: RefObject<HTMLDivElement | null>;
  trigger: RefObject<HTMLButtonElement | null>;
  search: RefObject<HTMLInputElement | null>;
};

export type SearchableSelectState = ReturnType<typeof useSearchableSelect>;

/**
 * The searchable select's list: open or not, its filter and the options that match it, the active one, and
 * the keys and choices that move through it. Choosing, or Escape, gives focus back to the select's button.
 */
export function useSearchableSelect(
  refs: SearchableSelectRefs,
  searchId: string,
  options: readonly SelectOption[],
  value: string | undefined,
  onChange: (value: string) => void,
) {
  const [filter, setFilter] = useState('');
  const list = useSuggestionList(refs.root, searchId, { first: 0 });
  const { open, setOpen, active, setActive, onListKey } = list;

  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [filter, options]);

  // As soon as the list is drawn, not after the next paint (Preact's useEffect waits for a frame, 100-200 ms on a
  // slow phone): the keys typed right after opening it went to the button and were lost.
  useLayoutEffect(() => {
    if (open) refs.search.current?.focus();
  }, [open, refs.search]);

  /** Opens on the chosen option, so the arrows move from it. */
  const openList = () => {
    setFilter('');
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };

  const choose = (option: SelectOption) => {
    onChange(option.value);
    setOpen(false);
    refs.trigger.current?.focus();
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (onListKey(event, matches.length) && event.key === 'Escape') {
      // The list sits in forms and dialogs: Escape closes only the list, and focus goes back to its button.
      event.preventDefault();
      refs.trigger.current?.focus();
    }
  };

  const editFilter = (text: string) => {
    setFilter(text);
    list.typed();
  };

  return { ...list, filter, editFilter, matches, openList, choose, onSearchKeyDown };
}
