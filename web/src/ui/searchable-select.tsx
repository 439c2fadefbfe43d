import { useId, useRef, type RefObject } from 'react';
import { SearchableSelectPopover } from './searchable-select-popover';
import { useSearchableSelect, type SelectOption } from './use-searchable-select';

export type { SelectOption };

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
  const select = useSearchableSelect(
    { root: rootRef, trigger: triggerRef, search: searchRef },
    searchId,
    options,
    value,
    onChange,
  );
  const { open, setOpen, openList } = select;
  const selected = options.find((o) => o.value === value);

  return (
    <div className="select" ref={rootRef}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <SelectTrigger
        id={id}
        buttonRef={triggerRef}
        selected={selected}
        placeholder={placeholder}
        describedBy={describedBy}
        disabled={disabled}
        open={open}
        onToggle={() => (open ? setOpen(false) : openList())}
        onOpen={openList}
      />
      {open ? (
        <SearchableSelectPopover
          id={id}
          searchId={searchId}
          searchRef={searchRef}
          searchLabel={searchLabel}
          noMatchText={noMatchText}
          value={value}
          select={select}
        />
      ) : null}
    </div>
  );
}

type SelectTriggerProps = {
  id: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The chosen option (unset: none is, and the placeholder shows). */
  selected: SelectOption | undefined;
  placeholder: string;
  describedBy: string | undefined;
  disabled: boolean | undefined;
  open: boolean;
  onToggle: () => void;
  onOpen: () => void;
};

/** The select's button: the chosen option (or the placeholder); a click or ArrowDown opens the list. */
function SelectTrigger({
  id,
  buttonRef,
  selected,
  placeholder,
  describedBy,
  disabled,
  open,
  onToggle,
  onOpen,
}: SelectTriggerProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="select__trigger"
      aria-haspopup="listbox"
      aria-expanded={open}
      aria-labelledby={`${id}-label ${id}-value`}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown' && !open) {
          event.preventDefault();
          onOpen();
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
  );
}
