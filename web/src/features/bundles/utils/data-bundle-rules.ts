import { MSG } from '@portal/contract/rules';

/**
 * Which lines may buy bundles on /data-bundle: prepaid and hybrid lines always, postpaid lines when the
 * postpaid bundles are enabled (configData.enablePostpaidBundles).
 */
export function dataBundleLineTypes(enablePostpaidBundles: boolean): readonly string[] {
  return enablePostpaidBundles ? ['PREPAID', 'HYBRID', 'POSTPAID'] : ['PREPAID', 'HYBRID'];
}

/**
 * What the page says of a number it sells no bundles to: a postpaid line while postpaid bundles are off is a
 * real number ('Invalid Mobile No' told its owner it was mistyped); any other, 'Invalid Mobile No'.
 */
export function dataBundleRefusal(lineType: string | undefined): string {
  return lineType === 'POSTPAID' ? MSG.postpaidBundlesOff : MSG.invalidMobile;
}
