import { useEffect, useMemo } from 'react';
import { Marker, Tooltip, useMap } from 'react-leaflet';
import L from 'leaflet';
import { BaseMap, numberedPinIcon, placeIcon, zoomInSteps } from '@/ui/map/base-map';
import { useMapConfig } from '@/domain/maps/map-api';
import { shopPoint, type ListedShop, type Origin } from '../utils/shops';

/** Spec §9 zoom levels. */
export const HOVER_ZOOM = 13;
export const SEARCH_ZOOM = 15;

/** Numbered pins of the listed shops (lazily loaded: Leaflet lives only in this chunk). */
export default function ShopMap({
  shops,
  origin,
  activeId,
  label,
}: {
  shops: readonly ListedShop[];
  origin: Origin | undefined;
  activeId: string | undefined;
  label: string;
}) {
  const config = useMapConfig();
  return (
    <BaseMap config={config} centre={config.centre} zoom={9} label={label}>
      {origin ? (
        <Marker position={[origin.lat, origin.lng]} icon={placeIcon()} keyboard={false} interactive={false} />
      ) : null}
      {shops.map((shop) => {
        const active = shop.id === activeId;
        const p = shopPoint(shop);
        return (
          <Marker
            key={shop.id}
            position={[p.lat, p.lng]}
            icon={numberedPinIcon(shop.number, active)}
            zIndexOffset={active ? 1000 : 0}
            title={`${shop.number}. ${shop.name}`}
            alt={`${shop.number}. ${shop.name}`}
          >
            <Tooltip direction="top" offset={[0, -36]}>
              {shop.number}. {shop.name}
            </Tooltip>
          </Marker>
        );
      })}
      <FollowSelection shops={shops} origin={origin} activeId={activeId} />
    </BaseMap>
  );
}

/**
 * Where the map looks: a searched place at zoom 15; the user's position with the nearest shops in view;
 * the hovered card's shop at zoom 13 (stepping 200 ms per level).
 */
function FollowSelection({
  shops,
  origin,
  activeId,
}: {
  shops: readonly ListedShop[];
  origin: Origin | undefined;
  activeId: string | undefined;
}) {
  const map = useMap();
  const nearest = useMemo(() => shops.slice(0, 5).map(shopPoint), [shops]);

  useEffect(() => {
    if (!origin) return;
    if (origin.via === 'search') {
      map.setView([origin.lat, origin.lng], SEARCH_ZOOM);
    } else if (nearest.length > 0) {
      const bounds = L.latLngBounds([
        [origin.lat, origin.lng],
        ...nearest.map((p) => [p.lat, p.lng] as [number, number]),
      ]);
      map.fitBounds(bounds, { padding: [40, 40], maxZoom: SEARCH_ZOOM });
    } else {
      map.setView([origin.lat, origin.lng], HOVER_ZOOM);
    }
  }, [map, origin, nearest]);

  useEffect(() => {
    const shop = shops.find((s) => s.id === activeId);
    if (!shop) return;
    return zoomInSteps(map, shopPoint(shop), HOVER_ZOOM);
  }, [map, shops, activeId]);

  return null;
}
