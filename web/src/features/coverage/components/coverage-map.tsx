import { useEffect } from 'react';
import { Circle, Marker, useMap } from 'react-leaflet';
import { BaseMap, fiveGIcon, placeIcon, triangleIcon } from '@/ui/map/base-map';
import { useMapConfig } from '@/domain/maps/map-api';
import type { LocationChange } from '@/domain/maps/map-search-box';
import type { CoverageSite, Technology } from '../utils/sites';

/** Spec §9. */
export const COVERAGE_ZOOM = 9;
/** After a place search: close enough to tell sites apart (spec §2 sets 15 for the store locator only). */
export const SEARCH_ZOOM = 13;
export const FIVE_G_RADIUS_M = 300;

/**
 * The sites of one technology (lazily loaded: Leaflet lives only in this chunk). Sites are triangles; with
 * 5G chosen they carry the 5G badge and a translucent 300 m circle.
 */
export default function CoverageMap({
  sites,
  technology,
  place,
  label,
}: {
  sites: readonly CoverageSite[];
  technology: Technology | undefined;
  place: LocationChange | undefined;
  label: string;
}) {
  const config = useMapConfig();
  const fiveG = technology === '5G';
  return (
    <BaseMap config={config} centre={config.centre} zoom={COVERAGE_ZOOM} label={label}>
      {sites.map((site, i) => (
        <Marker
          key={`${technology}-${i}-${site.title}`}
          position={[site.latitude, site.longitude]}
          icon={fiveG ? fiveGIcon() : triangleIcon(technology ?? site.technology)}
          title={site.title}
          alt={site.title}
          keyboard={false}
        />
      ))}
      {fiveG
        ? sites.map((site, i) => (
            <Circle
              key={`c-${i}-${site.title}`}
              center={[site.latitude, site.longitude]}
              radius={FIVE_G_RADIUS_M}
              pathOptions={{ color: '#7c3aed', weight: 1, fillColor: '#7c3aed', fillOpacity: 0.18 }}
              interactive={false}
            />
          ))
        : null}
      {place ? (
        <Marker
          position={[place.lat, place.lng]}
          icon={placeIcon()}
          title={place.address}
          alt={place.address}
        />
      ) : null}
      <GoTo place={place} />
    </BaseMap>
  );
}

function GoTo({ place }: { place: LocationChange | undefined }) {
  const map = useMap();
  useEffect(() => {
    if (place) map.setView([place.lat, place.lng], SEARCH_ZOOM);
  }, [map, place]);
  return null;
}
