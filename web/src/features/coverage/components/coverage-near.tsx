import { useTranslation } from 'react-i18next';
import { formatKm } from '@/domain/maps/distance';
import { TECHNOLOGIES, type NearestSite } from '../utils/sites';

/**
 * The coverage of a searched place in words: the nearest site of each technology. It is what a browser
 * without JavaScript (no map) and a screen reader get of the map, and it is shown to everyone.
 */
export function CoverageNear({
  address,
  nearest,
  unknownPlace,
}: {
  address: string | undefined;
  nearest: readonly NearestSite[] | undefined;
  unknownPlace: boolean;
}) {
  const { t } = useTranslation();
  if (unknownPlace) {
    return (
      <p className="coverage__near" role="status">
        {t('coverage.noMatchingResult')}
      </p>
    );
  }
  if (address === undefined || nearest === undefined) return null;
  return (
    <section className="coverage__near" aria-labelledby="coverage-near-title" aria-live="polite">
      <h2 id="coverage-near-title" className="coverage__near-title">
        {t('coverage.near', { place: address })}
      </h2>
      <ul className="coverage__near-list">
        {nearest.map(({ technology, km }) => (
          <li key={technology}>
            <span className="coverage__near-technology">
              {t(TECHNOLOGIES.find((entry) => entry.id === technology)?.labelKey ?? technology)}
            </span>
            {/* One text node, as in the server's HTML (two would be rewritten when the page hydrates). */}
            {`: ${km === undefined ? t('coverage.noSiteNear') : t('coverage.nearestSite', { distance: formatKm(km) })}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
