import type { CoverageSite } from '@portal/contract/api/locations';
import { distanceKm, type Point } from '@/domain/maps/distance';

export type { CoverageSite };

export type Technology = '2G' | '3G' | '4G' | '5G';

/** The technologies of spec §2 in order, with their site flag and their label key ('N G coverage'). */
export const TECHNOLOGIES: readonly { id: Technology; flag: keyof CoverageSite; labelKey: string }[] = [
  { id: '2G', flag: '_2Gservice', labelKey: 'coverage.two_g' },
  { id: '3G', flag: '_3Gservice', labelKey: 'coverage.three_g' },
  { id: '4G', flag: '_4Gservice', labelKey: 'coverage.four_g' },
  { id: '5G', flag: '_5Gservice', labelKey: 'coverage.five_g' },
];

/** Flags arrive as booleans, or as 'true'/'Y'/'1' from older content systems. */
function flag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && ['true', 'y', 'yes', '1'].includes(value.trim().toLowerCase());
}

/** The sites of the content page, keeping only well-formed ones (coordinates are numbers on Earth). */
export function parseSites(raw: unknown): CoverageSite[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && 'sites' in raw
      ? (raw as { sites: unknown }).sites
      : [];
  if (!Array.isArray(list)) return [];
  const sites: CoverageSite[] = [];
  for (const item of list as Record<string, unknown>[]) {
    const latitude = Number(item?.latitude);
    const longitude = Number(item?.longitude);
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    )
      continue;
    sites.push({
      title: String(item.title ?? ''),
      latitude,
      longitude,
      technology: String(item.technology ?? '') as Technology,
      _2Gservice: flag(item._2Gservice),
      _3Gservice: flag(item._3Gservice),
      _4Gservice: flag(item._4Gservice),
      _5Gservice: flag(item._5Gservice),
    });
  }
  return sites;
}

/** Spec §2: only technologies present in the data are offered. */
export function availableTechnologies(sites: readonly CoverageSite[]): Technology[] {
  return TECHNOLOGIES.filter((t) => sites.some((s) => s[t.flag] === true)).map((t) => t.id);
}

export function sitesFor(sites: readonly CoverageSite[], technology: Technology): CoverageSite[] {
  const entry = TECHNOLOGIES.find((t) => t.id === technology);
  return entry ? sites.filter((s) => s[entry.flag] === true) : [];
}

/** The technology shown first: 4G when the data has it (what most phones use), else the first offered. */
export function defaultTechnology(available: readonly Technology[]): Technology | undefined {
  return available.includes('4G') ? '4G' : available[0];
}

/** How far a site may be and still be named as the nearest (further, the place is said to have none). */
export const NEAR_SITE_KM = 100;

/** Of each technology present in the data, how far its nearest site is from `point` (undefined: none near). */
export type NearestSite = { technology: Technology; km: number | undefined };

/** What the page says of a searched place without the map: the nearest site of each technology. */
export function coverageNear(sites: readonly CoverageSite[], point: Point): NearestSite[] {
  return availableTechnologies(sites).map((technology) => {
    let nearest = Infinity;
    for (const site of sitesFor(sites, technology)) {
      nearest = Math.min(nearest, distanceKm(point, { lat: site.latitude, lng: site.longitude }));
    }
    return { technology, km: nearest <= NEAR_SITE_KM ? nearest : undefined };
  });
}
