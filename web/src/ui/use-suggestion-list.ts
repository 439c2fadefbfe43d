import { useCallback, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useOutsideClick } from './use-outside-click';

export type SuggestionListOptions = {
  /**
   * The lowest option the arrows reach: -1 (none active) for a search box's suggestions, which the text may
   * stand without; 0 for a select's list, where Enter always has an option to take.
   */
  first?: -1 | 0;
};

/**
 * The list of a WAI-ARIA combobox (the search boxes' suggestions, the searchable select's options): whether it
 * is open and which option is active. ArrowDown opens it and moves down, ArrowUp moves up to `first`, Escape
 * closes it, and so does a press outside `rootRef`. `id` is the input's; the list and its options are named
 * after it. What Enter takes is the caller's (the select's option, the FAQ's question, the map's place).
 */
export function useSuggestionList(
  rootRef: RefObject<HTMLElement | null>,
  id: string,
  { first = -1 }: SuggestionListOptions = {},
) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<number>(first);
  const close = useCallback(() => setOpen(false), []);
  useOutsideClick(rootRef, open, close);

  /** Moves through `count` options on the list's keys; false when the key is not one of them. */
  const onListKey = (event: KeyboardEvent<HTMLInputElement>, count: number): boolean => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, count - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, first));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(first);
    } else {
      return false;
    }
    return true;
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  /** The input's combobox attributes, with the list shown or not and `count` options in it. */
  const inputProps = (showList: boolean, count: number) => ({
    id,
    className: 'field__input',
    type: 'search',
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': showList,
    'aria-controls': listId,
    'aria-activedescendant': showList && active >= 0 && active < count ? optionId(active) : undefined,
  });

  /** Typing opens the list afresh, from its first position. */
  const typed = () => {
    setOpen(true);
    setActive(first);
  };

  /** The attributes of option `i`: the pointer makes it active, a click picks it (the input keeps focus). */
  const optionProps = (i: number, pick: () => void) => ({
    id: optionId(i),
    role: 'option',
    'aria-selected': i === active,
    onMouseEnter: () => setActive(i),
    onMouseDown: (event: MouseEvent) => event.preventDefault(),
    onClick: pick,
  });

  return { open, setOpen, active, setActive, onListKey, listId, inputProps, typed, optionProps };
}
