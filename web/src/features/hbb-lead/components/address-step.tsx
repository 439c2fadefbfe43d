import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_MAP_ZOOM } from '@portal/contract/forms';
import { trackEvent } from '@/lib/analytics';
import { lazyMap, MapBoundary } from '@/ui/map/map-boundary';
import { DEFAULT_CENTRE, useMapConfig } from '@/domain/maps/map-api';
import { MapSearchBox } from '@/domain/maps/map-search-box';
import { Modal } from '@/ui/modal';
import type { Located } from '../utils/geocode';
import type { LeadDetails } from '../utils/lead';
import type { MapView, Point } from './address-map';
import { unavailableWhen } from '@/ui/unavailable';

const AddressMap = lazyMap(() => import('./address-map'));

/** Spec §9: zoom 15 after a search. */
const SEARCH_ZOOM = 15;

/**
 * The map page (spec §2): the installation point found by geocoding (or none: the customer places it), a
 * place search, and "Confirm location", which asks in a dialog to confirm the address or edit it.
 */
export function AddressStep({
  details,
  located,
  language,
  onEdit,
  onConfirmed,
}: {
  details: LeadDetails;
  located: Located;
  language: string;
  onEdit: () => void;
  onConfirmed: (located: Located & { point: Point }) => void;
}) {
  const { t } = useTranslation();
  const config = useMapConfig();
  const [point, setPoint] = useState<Point | undefined>(located.point);
  const [source, setSource] = useState(located.source);
  const [confirming, setConfirming] = useState(false);
  const [view, setView] = useState<MapView>(() => ({
    ...(located.point ?? config.centre ?? DEFAULT_CENTRE),
    zoom: ADDRESS_MAP_ZOOM,
  }));

  const pick = (next: Point) => {
    setPoint(next);
    setSource('manual');
  };

  // The longitude is `lon`: an option named `lng` is the language i18next translates into (it looked the text up
  // in language '7.49508', and a page with no English texts showed the key).
  const coordinates = useMemo(
    () =>
      point ? t('hbb.map.pin', { lat: point.lat.toFixed(5), lon: point.lng.toFixed(5) }) : t('hbb.map.noPin'),
    [point, t],
  );

  return (
    <div className="hbb-address">
      <p className="hbb-address__intro" role="status">
        {located.point ? t('hbb.map.found', { place: located.place ?? details.town }) : t('hbb.map.manual')}
      </p>
      <MapSearchBox
        label={t('hbb.map.search')}
        placeholder={t('hbb.map.searchPlaceholder')}
        noMatchText={t('hbb.map.noMatch')}
        searchingText={t('hbb.map.searching')}
        suggestionsLabel={t('hbb.map.suggestions')}
        submitLabel={t('hbb.map.searchButton')}
        lang={language}
        onLocationChange={(change) => {
          pick({ lat: change.lat, lng: change.lng });
          setView({ lat: change.lat, lng: change.lng, zoom: SEARCH_ZOOM });
        }}
      />
      <MapBoundary className="hbb-address__map" errorText={t('hbb.map.error')} retryText={t('hbb.map.retry')}>
        <AddressMap
          point={point}
          view={view}
          label={t('hbb.map.label')}
          pinLabel={t('hbb.confirm.location')}
          onPick={pick}
        />
      </MapBoundary>
      <p className="hbb-address__pin" aria-live="polite">
        {coordinates}
      </p>
      <div className="hbb-actions">
        <button type="button" className="button button--ghost" onClick={onEdit}>
          {t('hbb.map.edit')}
        </button>
        <button type="button" className="button" {...unavailableWhen(!point, () => setConfirming(true))}>
          {t('hbb.map.confirm')}
        </button>
      </div>
      <Modal
        open={confirming}
        title={t('hbb.confirm.title')}
        onClose={() => setConfirming(false)}
        closeLabel={t('common.close')}
      >
        <dl className="hbb-confirm">
          <div>
            <dt>{t('hbb.confirm.address')}</dt>
            <dd>{details.address}</dd>
          </div>
          {details.landmark ? (
            <div>
              <dt>{t('hbb.confirm.landmark')}</dt>
              <dd>{details.landmark}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('hbb.confirm.town')}</dt>
            <dd>{details.town}</dd>
          </div>
          <div>
            <dt>{t('hbb.confirm.location')}</dt>
            <dd>{coordinates}</dd>
          </div>
        </dl>
        <div className="hbb-actions">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              setConfirming(false);
              onEdit();
            }}
          >
            {t('hbb.confirm.edit')}
          </button>
          <button
            type="button"
            className="button"
            autoFocus
            onClick={() => {
              if (!point) return;
              setConfirming(false);
              trackEvent('hbb_address_confirmed', { source });
              onConfirmed({ point, source, ...(located.place ? { place: located.place } : {}) });
            }}
          >
            {t('hbb.confirm.yes')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
