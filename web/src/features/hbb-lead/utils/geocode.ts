import { geocodeQueries } from '@portal/contract/forms';
import type { Place } from '@portal/contract/api/locations';

export type LocationSource = 'address' | 'landmark' | 'town' | 'manual';

export type Located = {
  point: { lat: number; lng: number } | undefined;
  source: LocationSource;
  /** The place found, for people ("Ikeja, Lagos State"). */
  place?: string;
};

const SOURCES: readonly LocationSource[] = ['address', 'landmark', 'town'];

/**
 * Spec §4 "Address geocoding": installation address plus town, then landmark plus town, then town alone, each
 * through the portal's place search (the configured geocoder, else the gazetteer); the first place found wins.
 * When all fail the point is left for the customer to place (source 'manual').
 */
export async function geocodeAddress(
  input: { address: string; landmark: string; town: string },
  search: (query: string) => Promise<Place[]>,
): Promise<Located> {
  const steps: { query: string; source: LocationSource }[] = [];
  const address = input.address.trim();
  const landmark = input.landmark.trim();
  const town = input.town.trim();
  // geocodeQueries skips empty parts; keep the source of each query that remains.
  const wanted = [
    address ? geocodeQueries({ address, town })[0] : undefined,
    landmark ? geocodeQueries({ address: landmark, town })[0] : undefined,
    town || undefined,
  ];
  wanted.forEach((query, i) => {
    if (query && !steps.some((s) => s.query === query)) steps.push({ query, source: SOURCES[i]! });
  });
  for (const step of steps) {
    try {
      const [first] = await search(step.query);
      if (first)
        return { point: { lat: first.lat, lng: first.lng }, source: step.source, place: first.address };
    } catch (error) {
      // Spec §7: client errors are only logged; the next, broader query is tried.
      console.warn('[hbb] geocoding failed for one query', error);
    }
  }
  return { point: undefined, source: 'manual' };
}
