import type { RefObject } from 'react';
import type { SearchableSelectState } from './use-searchable-select';

type SearchableSelectPopoverProps = {
  /** The select's id, which names its label. */
  id: string;
  searchId: string;
  searchRef: RefObject<HTMLInputElement | null>;
  searchLabel: string;
  noMatchText: string;
  value: string | undefined;
  select: SearchableSelectState;
};

/** The open select: its search box over the options that match, or 'No match'. */
export function SearchableSelectPopover(props: SearchableSelectPopoverProps) {
  const { id, searchId, searchRef, searchLabel, noMatchText, value, select } = props;
  const { matches, active } = select;
  return (
    <div className="select__popover">
      <label className="visually-hidden" htmlFor={searchId}>
        {searchLabel}
      </label>
      <input
        {...select.inputProps(true, matches.length)}
        ref={searchRef}
        className="field__input select__search"
        placeholder={searchLabel}
        value={select.filter}
        onChange={(event) => select.editFilter(event.target.value)}
        onKeyDown={select.onSearchKeyDown}
      />
      <ul id={select.listId} role="listbox" aria-labelledby={`${id}-label`} className="select__list">
        {matches.length === 0 ? (
          <li className="select__empty" role="presentation">
            {noMatchText}
          </li>
        ) : (
          matches.map((option, index) => (
            <li
              key={option.value}
              {...select.optionProps(index, () => select.choose(option))}
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
  );
}
