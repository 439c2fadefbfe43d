/**
 * Builds the seeded coverage sites served as the content page `fetch-sites-data-5g` (spec §3 "Coverage
 * site"): sites around every town of 100,000+ people of the gazetteer, more in bigger towns; 4G in towns of
 * 100,000+, 3G and 2G everywhere, 5G in the largest cities' centres. Deterministic (seeded), so the file
 * only changes when this script or the gazetteer does:
 *
 *   node --import tsx content/scripts/build-sites.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Town = { name: string; state: string; lat: number; lng: number; population: number };
type Technology = '2G' | '3G' | '4G' | '5G';
export type Site = {
  title: string;
  latitude: number;
  longitude: number;
  technology: Technology;
  _2Gservice: boolean;
  _3Gservice: boolean;
  _4Gservice: boolean;
  _5Gservice: boolean;
};

const FIVE_G_CITIES = new Set(['Lagos', 'Ikeja', 'Ibadan', 'Abuja', 'Port Harcourt', 'Kano']);

/** Mulberry32: a small deterministic generator. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;
const code = (s: string) =>
  s
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase();

export function buildSites(towns: Town[], minPopulation = 100_000): Site[] {
  const next = random(20_26);
  const sites: Site[] = [];
  for (const town of towns.filter((t) => t.population >= minPopulation)) {
    const count = Math.max(2, Math.min(25, Math.round(Math.sqrt(town.population) / 120)));
    // Spread over roughly the built-up area: a few km, wider for bigger towns.
    const spreadKm = Math.min(14, 2 + Math.sqrt(town.population) / 300);
    const fiveG = FIVE_G_CITIES.has(town.name);
    for (let i = 0; i < count; i++) {
      const angle = next() * 2 * Math.PI;
      const distanceKm = spreadKm * Math.sqrt(next());
      const latitude = town.lat + (distanceKm / 111.32) * Math.sin(angle);
      const longitude =
        town.lng + (distanceKm / (111.32 * Math.cos((town.lat * Math.PI) / 180))) * Math.cos(angle);
      // 5G in the city centre (inner third of the sites), 4G in every town of this size, 3G on most sites.
      const has5G = fiveG && i < Math.ceil(count / 3);
      const has3G = has5G || next() < 0.9;
      const technology: Technology = has5G ? '5G' : '4G';
      sites.push({
        title: `${code(town.state)}-${code(town.name)}-${String(i + 1).padStart(3, '0')} ${town.name}`,
        latitude: round(latitude),
        longitude: round(longitude),
        technology,
        _2Gservice: true,
        _3Gservice: has3G,
        _4Gservice: true,
        _5Gservice: has5G,
      });
    }
  }
  // Rural 2G/3G sites along the way: towns of 20,000-100,000 people get one site each.
  for (const town of towns.filter((t) => t.population >= 20_000 && t.population < minPopulation)) {
    const has3G = next() < 0.5;
    sites.push({
      title: `${code(town.state)}-${code(town.name)}-001 ${town.name}`,
      latitude: town.lat,
      longitude: town.lng,
      technology: has3G ? '3G' : '2G',
      _2Gservice: true,
      _3Gservice: has3G,
      _4Gservice: false,
      _5Gservice: false,
    });
  }
  return sites;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const towns = JSON.parse(readFileSync(path.join(root, 'data', 'towns.json'), 'utf8')) as Town[];
  const sites = buildSites(towns);
  const out = path.join(root, 'pages', 'en', 'fetch-sites-data-5g.json');
  writeFileSync(out, `[\n${sites.map((s) => JSON.stringify(s)).join(',\n')}\n]\n`);
  const by = (t: Technology) => sites.filter((s) => s[`_${t}service`]).length;
  process.stdout.write(
    `wrote ${sites.length} sites (2G ${by('2G')}, 3G ${by('3G')}, 4G ${by('4G')}, 5G ${by('5G')}) to ${out}\n`,
  );
}
