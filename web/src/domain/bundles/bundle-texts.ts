import type { TFunction } from 'i18next';
import type { Bundle } from '@portal/contract/api/catalogue';
import { isUnlimitedValidity } from './bundle-groups';

/** A period type in the page's language; one without words of its own as the catalogue has it. */
export function periodLabel(t: TFunction, value: string): string {
  return t(`bundleList.period.${value}`, { defaultValue: value });
}

export function validityText(t: TFunction, bundle: Bundle): string {
  if (isUnlimitedValidity(bundle)) return t('bundleList.unlimited');
  if (/^days?$/i.test(bundle.validityUnit)) return t('bundleList.days', { count: bundle.validity });
  return `${bundle.validity} ${bundle.validityUnit}`;
}

/** Minutes are said in the page's language; another unit as the catalogue has it. */
export function voiceText(t: TFunction, bundle: Bundle): string {
  return /^(mins?|minutes?)$/i.test(bundle.voiceUnit) && /^\d+$/.test(bundle.voice)
    ? t('bundleList.minutes', { count: Number(bundle.voice) })
    : `${bundle.voice} ${bundle.voiceUnit}`.trim();
}

export function dataText(t: TFunction, bundle: Bundle): string {
  return /^unlimited$/i.test(bundle.data)
    ? t('bundleList.unlimited')
    : `${bundle.data} ${bundle.dataUnit}`.trim();
}
