import { useEffect, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { AttributionControl, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import 'leaflet/dist/leaflet.css';
import './map.css';
import type { MapConfig } from '@portal/contract/api/locations';

/**
 * The Leaflet map of the portal. Import this module only from lazily loaded code (React.lazy inside a
 * MapBoundary) so Leaflet stays out of the pages that do not show a map. Tiles come from configuration;
 * without network the tiles stay blank while markers and controls work. The map starts in three tasks (the
 * empty map, its tiles, what the page draws on it), so that a slow phone never blocks a tap for the whole start.
 */
export function BaseMap({
  config,
  centre,
  zoom,
  label,
  children,
}: {
  config: MapConfig;
  centre: { lat: number; lng: number };
  zoom: number;
  /** Accessible name of the map region. */
  label: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const stage = useStages(2);
  // Leaflet's own controls speak English ('Zoom in', the title of its link): a screen reader reads them
  // in the page's language instead. The map data's attribution stays as its licence words it.
  return (
    <MapContainer
      center={[centre.lat, centre.lng]}
      zoom={zoom}
      maxZoom={config.maxZoom}
      className="base-map"
      scrollWheelZoom
      zoomControl={false}
      attributionControl={false}
    >
      <ZoomControl zoomInTitle={t('common.zoomIn')} zoomOutTitle={t('common.zoomOut')} />
      <AttributionControl prefix={LEAFLET_CREDIT} />
      <MapLabel label={label} />
      {stage >= 1 ? (
        <TileLayer url={config.tileUrl} attribution={config.attribution} maxZoom={config.maxZoom} />
      ) : null}
      {stage >= 2 ? children : null}
    </MapContainer>
  );
}

const LEAFLET_CREDIT = '<a href="https://leafletjs.com">Leaflet</a>';

/** Counts up to `stages`, one step per task after the first render. */
function useStages(stages: number): number {
  const [reached, setReached] = useState(0);
  useEffect(() => {
    if (reached >= stages) return;
    const timer = setTimeout(() => setReached((n) => n + 1), 0);
    return () => clearTimeout(timer);
  }, [reached, stages]);
  return reached;
}

/**
 * Leaflet's container is a focusable region: give it a name for screen readers. Its view (zoom and centre)
 * is mirrored in data attributes, which end-to-end tests and analytics can read.
 */
function MapLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  useEffect(() => {
    const container = map.getContainer();
    const mirror = () => {
      const centre = map.getCenter();
      container.dataset['zoom'] = String(map.getZoom());
      container.dataset['lat'] = centre.lat.toFixed(5);
      container.dataset['lng'] = centre.lng.toFixed(5);
    };
    mirror();
    map.on('moveend zoomend', mirror);
    return () => {
      map.off('moveend zoomend', mirror);
    };
  }, [map]);
  return null;
}

/**
 * Moves to `target` in steps of one zoom level every 200 ms (spec §9: the hover zoom animates in 200 ms
 * steps), centring on the target. Returns a function that cancels the remaining steps.
 */
export function zoomInSteps(
  map: L.Map,
  target: { lat: number; lng: number },
  zoom: number,
  stepMs = 200,
): () => void {
  const centre = L.latLng(target.lat, target.lng);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waiting: (() => void) | undefined;
  const stopWaiting = () => {
    if (waiting) map.off('zoomend', waiting);
    waiting = undefined;
    clearTimeout(timer);
  };
  // Each level starts when the last one has ended: Leaflet drops a zoom asked for while one is animating,
  // so a timer alone can stop a level short on a slow phone. A step that never ends moves on after a while.
  const step = () => {
    stopWaiting();
    const current = map.getZoom();
    if (current === zoom) {
      map.setView(centre, zoom, { animate: true });
      return;
    }
    const next = current < zoom ? current + 1 : current - 1;
    waiting = () => {
      stopWaiting();
      timer = setTimeout(step, 0);
    };
    map.on('zoomend', waiting);
    timer = setTimeout(waiting, stepMs * 4);
    map.setView(centre, next, { animate: true, duration: stepMs / 1000 });
  };
  step();
  return stopWaiting;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const icons = new Map<string, L.DivIcon>();
/** Icons are shared, so a re-render does not rebuild every marker's element. */
function cached(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = icons.get(key);
  if (!icon) {
    icon = make();
    icons.set(key, icon);
  }
  return icon;
}

/** A numbered pin (store locator); `active` is the enlarged pin of the hovered card. */
export function numberedPinIcon(n: number, active = false): L.DivIcon {
  return cached(`pin:${n}:${active}`, () => makePin(n, active));
}

function makePin(n: number, active: boolean): L.DivIcon {
  const size = active ? 46 : 32;
  return L.divIcon({
    className: `map-pin${active ? ' map-pin--active' : ''}`,
    html: `<svg viewBox="0 0 32 42" width="${size}" height="${(size * 42) / 32}" aria-hidden="true"><path d="M16 1C7.7 1 1 7.6 1 15.8 1 27 16 41 16 41s15-14 15-25.2C31 7.6 24.3 1 16 1z"/><text x="16" y="20" text-anchor="middle">${escapeHtml(String(n))}</text></svg>`,
    iconSize: [size, (size * 42) / 32],
    iconAnchor: [size / 2, (size * 42) / 32],
    popupAnchor: [0, -(size * 42) / 32],
  });
}

/** A triangle marker of a coverage site, coloured per technology. */
export function triangleIcon(technology: string): L.DivIcon {
  return cached(`site:${technology}`, () =>
    L.divIcon({
      className: `map-site map-site--${technology.toLowerCase()}`,
      html: '<svg viewBox="0 0 20 18" width="16" height="14" aria-hidden="true"><path d="M10 1 19 17H1z"/></svg>',
      iconSize: [16, 14],
      iconAnchor: [8, 10],
    }),
  );
}

/** The distinct icon of a 5G site: a round "5G" badge (other sites are triangles). */
export function fiveGIcon(): L.DivIcon {
  return cached('site:5g-badge', () =>
    L.divIcon({
      className: 'map-site map-site--5g-badge',
      html: '<svg viewBox="0 0 28 28" width="26" height="26" aria-hidden="true"><circle cx="14" cy="14" r="12.5"/><text x="14" y="18.3" text-anchor="middle">5G</text></svg>',
      iconSize: [26, 26],
      iconAnchor: [13, 13],
    }),
  );
}

/** The searched place or the user's position. */
export function placeIcon(): L.DivIcon {
  return cached('place', () =>
    L.divIcon({
      className: 'map-place',
      html: '<span class="map-place__dot"></span>',
      iconSize: [20, 20],
      iconAnchor: [10, 10],
    }),
  );
}
