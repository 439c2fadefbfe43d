import { useId, useRef } from 'react';
import { SEARCH_PARAM } from './map-api';
import { usePlaceSearch, type LocationChange, type PlaceSearch } from './use-place-search';
import './map-search.css';

export { PLACE_SEARCH_DEBOUNCE_MS } from './use-place-search';
export type { LocationChange };

export type MapSearchBoxProps = {
  /** The visible label ('Search'). */
  label: string;
  placeholder?: string;
  /** Shown when the search finds no place. */
  noMatchText: string;
  searchingText: string;
  suggestionsLabel: string;
  lang: string;
  onLocationChange: (event: LocationChange) => void;
  /** The user asked for a place the search does not know. */
  onNotFound?: (query: string) => void;
  /** The user emptied the box (deleted the text, or the search field's own clear button). */
  onClear?: () => void;
  /** Shows a search button beside the box. */
  submitLabel?: string;
  /** What the box holds at first: the place a plain form asked for (`?q=`). */
  initialText?: string | undefined;
  className?: string;
};

/**
 * Place search of the maps: a labelled combobox whose suggestions come from the portal's place search
 * (the configured geocoder, or the gazetteer of Nigerian towns when there is none or no network), typed
 * with a 300 ms debounce. Choosing a suggestion, or pressing Enter, emits `onLocationChange` with the
 * place's lat, lng and address. Without JavaScript it is a plain GET form: the page comes back with `?q=`,
 * and the page's data on the server answers it.
 */
export function MapSearchBox({
  label,
  placeholder,
  noMatchText,
  searchingText,
  suggestionsLabel,
  lang,
  onLocationChange,
  onNotFound,
  onClear,
  submitLabel,
  initialText = '',
  className,
}: MapSearchBoxProps) {
  const id = useId();
  const rootRef = useRef<HTMLFormElement>(null);
  const search = usePlaceSearch(rootRef, id, lang, initialText, { onLocationChange, onNotFound, onClear });
  const { text, suggestions, showList } = search;

  return (
    <form
      className={['map-search', className].filter(Boolean).join(' ')}
      role="search"
      method="get"
      ref={rootRef}
      onSubmit={search.submit}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="map-search__row">
        <div className="field__control map-search__control">
          <input
            {...search.inputProps(showList, suggestions.length)}
            name={SEARCH_PARAM}
            placeholder={placeholder}
            value={text}
            onChange={(event) => search.edit(event.target.value)}
            onFocus={() => text && search.setOpen(true)}
            onKeyDown={(event) => search.onListKey(event, suggestions.length)}
          />
        </div>
        {submitLabel ? (
          <button type="submit" className="button map-search__submit">
            {submitLabel}
          </button>
        ) : null}
      </div>
      <PlaceSuggestions
        search={search}
        suggestionsLabel={suggestionsLabel}
        searchingText={searchingText}
        noMatchText={noMatchText}
      />
    </form>
  );
}

type PlaceSuggestionsProps = {
  search: PlaceSearch;
  suggestionsLabel: string;
  searchingText: string;
  noMatchText: string;
};

/** The suggestions under the box, and the status line that says a search runs or found nothing. */
function PlaceSuggestions({ search, suggestionsLabel, searchingText, noMatchText }: PlaceSuggestionsProps) {
  const { suggestions, active } = search;
  return (
    <div className="map-search__popover">
      <ul
        id={search.listId}
        role="listbox"
        aria-label={suggestionsLabel}
        className="map-search__list"
        hidden={!search.showList}
      >
        {suggestions.map((place, i) => (
          <li
            key={`${place.lat},${place.lng},${place.address}`}
            {...search.optionProps(i, () => search.choose(place))}
            className={i === active ? 'map-search__option map-search__option--active' : 'map-search__option'}
          >
            <span className="map-search__name">{place.name}</span>
            <span className="map-search__address">{place.address}</span>
          </li>
        ))}
      </ul>
      <p className="map-search__status" role="status" aria-live="polite">
        {search.searching ? searchingText : search.nothingFound ? noMatchText : null}
      </p>
    </div>
  );
}
