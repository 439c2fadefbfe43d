import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { placesQueryOptions, SEARCH_PARAM, type Place } from './map-api';
import { useDebouncedValue } from '@/ui/use-debounced-value';
import { useSuggestionList } from '@/ui/use-suggestion-list';
import './map-search.css';

/** The map search box's event (spec §2 "Map web component"): where the user wants the map to go. */
export type LocationChange = { lat: number; lng: number; address: string };

export const PLACE_SEARCH_DEBOUNCE_MS = 300;
const MIN_CHARS = 2;

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
  const queryClient = useQueryClient();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(initialText);
  const { open, setOpen, active, setActive, onListKey, listId, inputProps, typed, optionProps } =
    useSuggestionList(rootRef, id);
  const debounced = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const enabled = open && debounced.length >= MIN_CHARS;

  const places = useQuery({ ...placesQueryOptions(debounced, lang), enabled });
  const suggestions = enabled ? (places.data ?? []) : [];
  const settled = enabled && !places.isFetching && debounced === text.trim();

  const choose = (place: Place) => {
    setText(place.address);
    setOpen(false);
    setActive(-1);
    onLocationChange({ lat: place.lat, lng: place.lng, address: place.address });
  };

  /** Enter or the button: the highlighted suggestion, else the best match for what was typed. */
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const q = text.trim();
    if (!q) return;
    // A highlighted suggestion counts only if it belongs to what is typed now (not to the text before it).
    const highlighted = debounced === q ? suggestions[active] : undefined;
    if (highlighted) return choose(highlighted);
    try {
      const found = await queryClient.fetchQuery(placesQueryOptions(q, lang));
      if (found[0]) choose(found[0]);
      else {
        setOpen(true);
        onNotFound?.(q);
      }
    } catch (error) {
      // Spec §7: client errors are only logged; the box shows that nothing was found.
      console.warn('[map] place search failed', error);
      setOpen(true);
      onNotFound?.(q);
    }
  };

  const edit = (next: string) => {
    if (!next.trim() && text.trim()) onClear?.();
    setText(next);
    typed();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onListKey(event, suggestions.length);
  };

  const showList = open && suggestions.length > 0;
  const showEmpty = open && settled && suggestions.length === 0 && (places.isSuccess || places.isError);

  return (
    <form
      className={['map-search', className].filter(Boolean).join(' ')}
      role="search"
      method="get"
      ref={rootRef}
      onSubmit={submit}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="map-search__row">
        <div className="field__control map-search__control">
          <input
            {...inputProps(showList, suggestions.length)}
            name={SEARCH_PARAM}
            placeholder={placeholder}
            value={text}
            onChange={(event) => edit(event.target.value)}
            onFocus={() => text && setOpen(true)}
            onKeyDown={onKeyDown}
          />
        </div>
        {submitLabel ? (
          <button type="submit" className="button map-search__submit">
            {submitLabel}
          </button>
        ) : null}
      </div>
      <div className="map-search__popover">
        <ul
          id={listId}
          role="listbox"
          aria-label={suggestionsLabel}
          className="map-search__list"
          hidden={!showList}
        >
          {suggestions.map((place, i) => (
            <li
              key={`${place.lat},${place.lng},${place.address}`}
              {...optionProps(i, () => choose(place))}
              className={
                i === active ? 'map-search__option map-search__option--active' : 'map-search__option'
              }
            >
              <span className="map-search__name">{place.name}</span>
              <span className="map-search__address">{place.address}</span>
            </li>
          ))}
        </ul>
        <p className="map-search__status" role="status" aria-live="polite">
          {open && enabled && places.isFetching ? searchingText : showEmpty ? noMatchText : null}
        </p>
      </div>
    </form>
  );
}
