import { useCallback, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { useOutsideClick } from './use-outside-click';

/**
 * The suggestion list of a search box (a WAI-ARIA combobox): whether it is open and which option is active
 * (-1: none). ArrowDown opens it and moves down, ArrowUp moves up to none, Escape closes it, and so does a
 * press outside `rootRef`. `id` is the search input's; the list and its options are named after it.
 */
export function useSuggestionList(rootRef: RefObject<HTMLElement | null>, id: string) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
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
      setActive((i) => Math.max(i - 1, -1));
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else {
      return false;
    }
    return true;
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;

  /** The search input's combobox attributes, with the list shown or not. */
  const inputProps = (showList: boolean) => ({
    id,
    className: 'field__input',
    type: 'search',
    role: 'combobox',
    autoComplete: 'off',
    'aria-autocomplete': 'list' as const,
    'aria-expanded': showList,
    'aria-controls': listId,
    'aria-activedescendant': showList && active >= 0 ? optionId(active) : undefined,
  });

  /** Typing opens the list afresh, with no option active. */
  const typed = () => {
    setOpen(true);
    setActive(-1);
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
