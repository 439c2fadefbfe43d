import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAP_ZOOM } from '@portal/contract/forms';
import { DEFAULT_CENTRE, useMapConfig } from '@/domain/maps/map-api';
import type { LocationChange } from '@/domain/maps/map-search-box';
import type { Located } from '../utils/geocode';
import type { MapView, Point } from './address-map';

/** Spec §9: zoom 15 after a search. */
const SEARCH_ZOOM = 15;

/**
 * The installation point on the map page: where geocoding put it (or nowhere), moved by a pick on the map or a
 * place search, which also moves the map there. `source` says which of them placed it last.
 */
export function useAddressPin(located: Located) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const [point, setPoint] = useState<Point | undefined>(located.point);
  const [source, setSource] = useState(located.source);
  const [view, setView] = useState<MapView>(() => ({
    ...(located.point ?? config.centre ?? DEFAULT_CENTRE),
    zoom: ADDRESS_MAP_ZOOM,
  }));

  const pick = (next: Point) => {
    setPoint(next);
    setSource('manual');
  };

  const goTo = (change: LocationChange) => {
    pick({ lat: change.lat, lng: change.lng });
    setView({ lat: change.lat, lng: change.lng, zoom: SEARCH_ZOOM });
  };

  // The longitude is `lon`: an option named `lng` is the language i18next translates into (it looked the text up
  // in language '7.49508', and a page with no English texts showed the key).
  const coordinates = useMemo(
    () =>
      point ? t('hbb.map.pin', { lat: point.lat.toFixed(5), lon: point.lng.toFixed(5) }) : t('hbb.map.noPin'),
    [point, t],
  );

  return { point, source, view, pick, goTo, coordinates };
}
