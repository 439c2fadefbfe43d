import { useCallback, useState, type KeyboardEvent, type RefObject } from 'react';
import { useOutsideClick } from './use-outside-click';

/**
 * The suggestion list of a search box (a WAI-ARIA combobox): whether it is open and which option is active
 * (-1: none). ArrowDown opens it and moves down, ArrowUp moves up to none, Escape closes it, and so does a
 * press outside `rootRef`.
 */
export function useSuggestionList(rootRef: RefObject<HTMLElement | null>) {
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

  return { open, setOpen, active, setActive, onListKey };
}
