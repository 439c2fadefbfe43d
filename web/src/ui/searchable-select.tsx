import { useOutsideClick } from './use-outside-click';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

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
};

/**
 * Searchable dropdown of spec §2: a 'Search' box, 'Select...' placeholder and 'No match' when the filter
 * finds nothing. Opens on click, closes on selection, outside click or Escape; arrows and Enter work.
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
}: SearchableSelectProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;
  }, [filter, options]);

  const selected = options.find((o) => o.value === value);

  useEffect(() => {
    if (open) searchRef.current?.focus();
  }, [open]);
  useOutsideClick(rootRef, open, close);

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
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = matches[active];
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      triggerRef.current?.focus();
    }
  };

  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

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
          <label className="visually-hidden" htmlFor={`${id}-search`}>
            {searchLabel}
          </label>
          <input
            ref={searchRef}
            id={`${id}-search`}
            className="field__input select__search"
            type="search"
            placeholder={searchLabel}
            role="combobox"
            aria-expanded="true"
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={matches[active] ? optionId(active) : undefined}
            value={filter}
            onChange={(event) => {
              setFilter(event.target.value);
              setActive(0);
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
                  id={optionId(index)}
                  role="option"
                  aria-selected={option.value === value}
                  className={index === active ? 'select__option select__option--active' : 'select__option'}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => choose(option)}
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
