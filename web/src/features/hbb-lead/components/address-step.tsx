import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackEvent } from '@/lib/analytics';
import { lazyMap, MapBoundary } from '@/ui/map/map-boundary';
import { MapSearchBox, type LocationChange } from '@/domain/maps/map-search-box';
import type { Located } from '../utils/geocode';
import type { LeadDetails } from '../utils/lead';
import type { Point } from './address-map';
import { unavailableWhen } from '@/ui/unavailable';
import { ConfirmAddressModal } from './confirm-address-modal';
import { useAddressPin } from './use-address-pin';

const AddressMap = lazyMap(() => import('./address-map'));

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
  const { point, source, view, pick, goTo, coordinates } = useAddressPin(located);
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    if (!point) return;
    setConfirming(false);
    trackEvent('hbb_address_confirmed', { source });
    onConfirmed({ point, source, ...(located.place ? { place: located.place } : {}) });
  };

  return (
    <div className="hbb-address">
      <p className="hbb-address__intro" role="status">
        {located.point ? t('hbb.map.found', { place: located.place ?? details.town }) : t('hbb.map.manual')}
      </p>
      <AddressSearch language={language} onLocationChange={goTo} />
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
      <MapStepActions pinned={point !== undefined} onEdit={onEdit} onConfirm={() => setConfirming(true)} />
      <ConfirmAddressModal
        open={confirming}
        details={details}
        coordinates={coordinates}
        onClose={() => setConfirming(false)}
        onEdit={() => {
          setConfirming(false);
          onEdit();
        }}
        onConfirm={confirm}
      />
    </div>
  );
}

/** The place search above the map, which moves the map and the pin to the place chosen. */
function AddressSearch({
  language,
  onLocationChange,
}: {
  language: string;
  onLocationChange: (change: LocationChange) => void;
}) {
  const { t } = useTranslation();
  return (
    <MapSearchBox
      label={t('hbb.map.search')}
      placeholder={t('hbb.map.searchPlaceholder')}
      noMatchText={t('hbb.map.noMatch')}
      searchingText={t('hbb.map.searching')}
      suggestionsLabel={t('hbb.map.suggestions')}
      submitLabel={t('hbb.map.searchButton')}
      lang={language}
      onLocationChange={onLocationChange}
    />
  );
}

/** Back to the details, or "Confirm location" once the map has a pin. */
function MapStepActions({
  pinned,
  onEdit,
  onConfirm,
}: {
  pinned: boolean;
  onEdit: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="hbb-actions">
      <button type="button" className="button button--ghost" onClick={onEdit}>
        {t('hbb.map.edit')}
      </button>
      <button type="button" className="button" {...unavailableWhen(!pinned, onConfirm)}>
        {t('hbb.map.confirm')}
      </button>
    </div>
  );
}
