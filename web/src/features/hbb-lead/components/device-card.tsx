import { useTranslation } from 'react-i18next';
import type { HbbDevice } from '@portal/contract/api/leads';

/** A picture URL or path from the catalogue; otherwise one of the router illustrations shipped here. */
export function DeviceImage({ device }: { device: HbbDevice }) {
  if (/^(https?:)?\//.test(device.image)) {
    return (
      <img className="hbb-device__image" src={device.image} alt={device.name} width={160} height={160} />
    );
  }
  const fiveG = device.image.includes('5g');
  return (
    <svg
      className="hbb-device__image"
      viewBox="0 0 160 160"
      width="160"
      height="160"
      role="img"
      aria-label={device.name}
    >
      <rect
        x="36"
        y="40"
        width="88"
        height="100"
        rx="14"
        fill="var(--surface-muted, #f1f1f1)"
        stroke="currentColor"
        strokeWidth="3"
      />
      <line x1="56" y1="40" x2="48" y2="14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <line x1="104" y1="40" x2="112" y2="14" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      <circle cx="62" cy="118" r="4" fill="var(--brand, #e40000)" />
      <circle cx="80" cy="118" r="4" fill="var(--brand, #e40000)" />
      <circle cx="98" cy="118" r="4" fill="currentColor" />
      <text x="80" y="84" textAnchor="middle" fontSize="22" fontWeight="700" fill="currentColor">
        {fiveG ? '5G' : '4G'}
      </text>
    </svg>
  );
}

/** Spec §2: device details (image, name, feature list) read from the saved device. */
export function DeviceCard({ device }: { device: HbbDevice }) {
  const { t } = useTranslation();
  return (
    <section className="card hbb-device" aria-labelledby="hbb-device-name">
      <p className="hbb-device__eyebrow">{t('hbb.device.title')}</p>
      <DeviceImage device={device} />
      <h2 id="hbb-device-name" className="hbb-device__name">
        {device.name}
      </h2>
      <h3 className="hbb-device__features-title">{t('hbb.device.features')}</h3>
      <ul className="hbb-device__features">
        {device.features.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
    </section>
  );
}
