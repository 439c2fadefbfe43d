import { useState, type FormEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { placesQueryOptions, type Place } from './map-api';
import { useDebouncedValue } from '@/ui/use-debounced-value';
import { useSuggestionList } from '@/ui/use-suggestion-list';

/** The map search box's event (spec §2 "Map web component"): where the user wants the map to go. */
export type LocationChange = { lat: number; lng: number; address: string };

export const PLACE_SEARCH_DEBOUNCE_MS = 300;
const MIN_CHARS = 2;

export type PlaceSearchEvents = {
  onLocationChange: (event: LocationChange) => void;
  /** The user asked for a place the search does not know. */
  onNotFound?: ((query: string) => void) | undefined;
  /** The user emptied the box (deleted the text, or the search field's own clear button). */
  onClear?: (() => void) | undefined;
};

export type PlaceSearch = ReturnType<typeof usePlaceSearch>;

/**
 * What the map search box holds: the text, its suggestions, and what choosing one or submitting the text
 * does. `id` is the input's, which names the suggestions' list.
 */
export function usePlaceSearch(
  rootRef: RefObject<HTMLFormElement | null>,
  id: string,
  lang: string,
  initialText: string,
  { onLocationChange, onNotFound, onClear }: PlaceSearchEvents,
) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(initialText);
  const list = useSuggestionList(rootRef, id);
  const { open, setOpen, active, setActive } = list;
  const found = usePlaceSuggestions(text, open, lang);

  const choose = (place: Place) => {
    setText(place.address);
    setOpen(false);
    setActive(-1);
    onLocationChange({ lat: place.lat, lng: place.lng, address: place.address });
  };

  const notFound = (q: string) => {
    setOpen(true);
    onNotFound?.(q);
  };

  /** Enter or the button: the highlighted suggestion, else the best match for what was typed. */
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const q = text.trim();
    if (!q) return;
    // A highlighted suggestion counts only if it belongs to what is typed now (not to the text before it).
    const highlighted = found.debounced === q ? found.suggestions[active] : undefined;
    if (highlighted) return choose(highlighted);
    try {
      const places = await queryClient.fetchQuery(placesQueryOptions(q, lang));
      if (places[0]) choose(places[0]);
      else notFound(q);
    } catch (error) {
      // Spec §7: client errors are only logged; the box shows that nothing was found.
      console.warn('[map] place search failed', error);
      notFound(q);
    }
  };

  const edit = (next: string) => {
    if (!next.trim() && text.trim()) onClear?.();
    setText(next);
    list.typed();
  };

  return { ...list, ...found, text, choose, submit, edit };
}

/**
 * The places that match the text, asked for once typing pauses and only while the list is open. `searching`
 * and `nothingFound` are what the box's status line says.
 */
function usePlaceSuggestions(text: string, open: boolean, lang: string) {
  const debounced = useDebouncedValue(text.trim(), PLACE_SEARCH_DEBOUNCE_MS);
  const enabled = open && debounced.length >= MIN_CHARS;
  const places = useQuery({ ...placesQueryOptions(debounced, lang), enabled });
  const suggestions = enabled ? (places.data ?? []) : [];
  const settled = enabled && !places.isFetching && debounced === text.trim();
  return {
    debounced,
    suggestions,
    showList: open && suggestions.length > 0,
    searching: open && enabled && places.isFetching,
    nothingFound: open && settled && suggestions.length === 0 && (places.isSuccess || places.isError),
  };
}
