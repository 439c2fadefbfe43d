import { useEffect } from 'react';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { LeafletEventHandlerFnMap } from 'leaflet';
import { BaseMap, placeIcon } from '@/ui/map/base-map';
import { useMapConfig } from '@/domain/maps/map-api';

export type Point = { lat: number; lng: number };
export type MapView = Point & { zoom: number };

/**
 * The installation-address map (lazily loaded: Leaflet lives only in this chunk). The pin is where the router
 * goes: click or tap the map to place it, or drag it. `view` moves the map (a found address, a search).
 */
export default function AddressMap({
  point,
  view,
  label,
  pinLabel,
  onPick,
}: {
  point: Point | undefined;
  view: MapView;
  label: string;
  pinLabel: string;
  onPick: (point: Point) => void;
}) {
  const config = useMapConfig();
  const handlers: LeafletEventHandlerFnMap = {
    dragend: (event) => {
      const at = (event.target as { getLatLng: () => Point }).getLatLng();
      onPick({ lat: at.lat, lng: at.lng });
    },
  };
  return (
    <BaseMap config={config} centre={view} zoom={view.zoom} label={label}>
      {point ? (
        <Marker
          position={[point.lat, point.lng]}
          icon={placeIcon()}
          draggable
          title={pinLabel}
          alt={pinLabel}
          eventHandlers={handlers}
        />
      ) : null}
      <PickOnClick onPick={onPick} />
      <FollowView view={view} />
    </BaseMap>
  );
}

function PickOnClick({ onPick }: { onPick: (point: Point) => void }) {
  useMapEvents({
    click: (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }),
  });
  return null;
}

function FollowView({ view }: { view: MapView }) {
  const map = useMap();
  useEffect(() => {
    map.setView([view.lat, view.lng], view.zoom);
  }, [map, view]);
  return null;
}
