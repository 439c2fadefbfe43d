import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useSuggestionList } from './use-suggestion-list';

export type SelectOption = { value: string; label: string };

export type SearchableSelectProps = {
  label: string;
  options: readonly SelectOption[];
  value: string | undefined;
  onChange: (value: string) => void;
  placeholder?: string;
  searchLabel?: string;
  noMatchText?: string;
  disabled?: boolean;
  /** The ids of the lines that describe the control (the field's hint or error), for its button. */
  describedBy?: string;
};

/**
 * Searchable dropdown of spec §2: a 'Search' box, 'Select...' placeholder and 'No match' when the filter
 * finds nothing. Opens on click, closes on selection, outside click or Escape; arrows and Enter work. The
 * search box and its options are the search boxes' combobox (useSuggestionList), with an option always active.
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select...',
  searchLabel = 'Search',
  noMatchText = 'No match',
  disabled,
  describedBy,
}: SearchableSelectProps) {
  const id = useId();
  const searchId = `${id}-search`;
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const { open, setOpen, active, setActive, onListKey, listId, inputProps, typed, optionProps } =
    useSuggestionList(rootRef, searchId, { first: 0 });

  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [filter, options]);

  const selected = options.find((o) => o.value === value);

  // As soon as the list is drawn, not after the next paint (Preact's useEffect waits for a frame, 100-200 ms on a
  // slow phone): the keys typed right after opening it went to the button and were lost.
  useLayoutEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);

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
    triggerRef.current?.focus();
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (onListKey(event, matches.length) && event.key === 'Escape') {
      // The list sits in forms and dialogs: Escape closes only the list, and focus goes back to its button.
      event.preventDefault();
      triggerRef.current?.focus();
    }
  };

  return (
    <div className="select" ref={rootRef}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <button
        ref={triggerRef}
        type="button"
        className="select__trigger"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-value`}
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => (open ? setOpen(false) : openList())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            openList();
          }
        }}
      >
        <span id={`${id}-value`} className={selected ? undefined : 'select__placeholder'}>
          {selected?.label ?? placeholder}
        </span>
        <span aria-hidden="true" className="select__chevron">
          ▾
        </span>
      </button>
      {open ? (
        <div className="select__popover">
          <label className="visually-hidden" htmlFor={searchId}>
            {searchLabel}
          </label>
          <input
            {...inputProps(true, matches.length)}
            ref={searchRef}
            className="field__input select__search"
            placeholder={searchLabel}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              typed();
            }}
            onKeyDown={onSearchKeyDown}
          />
          <ul id={listId} role="listbox" aria-labelledby={`${id}-label`} className="select__list">
            {matches.length === 0 ? (
              <li className="select__empty" role="presentation">
                {noMatchText}
              </li>
            ) : (
              matches.map((option, index) => (
                <li
                  key={option.value}
                  {...optionProps(index, () => choose(option))}
                  // A select's option is selected when it is the value, not when the arrows are on it.
                  aria-selected={option.value === value}
                  className={index === active ? 'select__option select__option--active' : 'select__option'}
                >
                  {option.label}
                </li>
              ))
            )}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
