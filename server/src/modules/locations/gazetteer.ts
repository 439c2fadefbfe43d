import type { Town } from '@portal/contract';
import type { GeoBounds, GeocoderPort, GeoPlace } from '../../upstream/geocoder.js';
import { haversineKm, inBounds } from './geo.js';

export type PostcodePrefix = { prefix: string; state: string; town: string };

/** Lower case, accents and punctuation removed: "Ado-Ekiti" and "ado ekiti" compare equal. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function stateLabel(state: string): string {
  if (!state) return '';
  return state === 'Federal Capital Territory' ? state : `${state} State`;
}

function toPlace(town: Town, address?: string): GeoPlace {
  return {
    name: town.name,
    state: town.state,
    address: address ?? [town.name, stateLabel(town.state)].filter(Boolean).join(', '),
    lat: town.lat,
    lng: town.lng,
  };
}

/** 0 = exact, 1 = name starts with the query, 2 = a word of the name does, 3 = contains it; undefined: no match. */
function matchRank(name: string, query: string): number | undefined {
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (name.split(' ').some((word) => word.startsWith(query))) return 2;
  if (name.includes(query)) return 3;
  return undefined;
}

export const POSTCODE_RE = /^\d{6}$/;

/**
 * The gazetteer of Nigerian towns (content/data/towns.json, from GeoNames) as a geocoder: place search
 * with no network, reverse geocoding to the nearest town, and NIPOST postcodes resolved to their district's
 * main town. Search order: how well the name matches, then inside the bias box, then population.
 */
export function createGazetteer(towns: readonly Town[], postcodes: readonly PostcodePrefix[] = []) {
  const indexed = towns.map((town) => ({ town, key: normalise(town.name), state: normalise(town.state) }));

  function findTown(name: string, state: string) {
    return towns.find((t) => t.name === name && t.state === state);
  }

  function search(query: string, options: { bounds: GeoBounds; limit: number }): GeoPlace[] {
    const trimmed = query.trim();
    if (POSTCODE_RE.test(trimmed)) {
      const entry = postcodes.find((p) => trimmed.startsWith(p.prefix));
      const town = entry && findTown(entry.town, entry.state);
      return town ? [toPlace(town, `${trimmed}, ${town.name}, ${stateLabel(town.state)}`)] : [];
    }
    // "Ikeja, Lagos": the part after a comma narrows by state.
    const [namePart = '', statePart = ''] = trimmed.split(',');
    const name = normalise(namePart);
    const state = normalise(statePart.replace(/\bstate\b/i, ''));
    if (!name) return [];
    const matches: { town: Town; rank: number; inside: boolean }[] = [];
    for (const entry of indexed) {
      if (state && !entry.state.startsWith(state)) continue;
      const rank = matchRank(entry.key, name);
      if (rank === undefined) continue;
      matches.push({ town: entry.town, rank, inside: inBounds(entry.town, options.bounds) });
    }
    matches.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.inside) - Number(a.inside) ||
        b.town.population - a.town.population ||
        a.town.name.localeCompare(b.town.name),
    );
    return matches.slice(0, options.limit).map((m) => toPlace(m.town));
  }

  function nearest(lat: number, lng: number): Town | undefined {
    let best: Town | undefined;
    let bestKm = Infinity;
    for (const town of towns) {
      const km = haversineKm({ lat, lng }, town);
      if (km < bestKm) {
        best = town;
        bestKm = km;
      }
    }
    return best;
  }

  const geocoder: GeocoderPort & {
    list(filter: { state?: string | undefined; minPopulation?: number }): Town[];
    searchSync: typeof search;
  } = {
    kind: 'gazetteer',
    async search(query, options) {
      return search(query, options);
    },
    searchSync: search,
    async reverse(lat, lng) {
      const town = nearest(lat, lng);
      return town ? { ...toPlace(town), lat, lng } : undefined;
    },
    list({ state, minPopulation = 0 }) {
      const wanted = state ? normalise(state.replace(/\bstate\b/i, '')) : '';
      return towns.filter((t) => t.population >= minPopulation && (!wanted || normalise(t.state) === wanted));
    },
  };
  return geocoder;
}

export type Gazetteer = ReturnType<typeof createGazetteer>;
