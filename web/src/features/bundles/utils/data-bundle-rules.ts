/**
 * Which lines may buy bundles on /data-bundle: prepaid and hybrid lines always, postpaid lines when the
 * postpaid bundles are enabled (configData.enablePostpaidBundles).
 */
export function dataBundleLineTypes(enablePostpaidBundles: boolean): readonly string[] {
  return enablePostpaidBundles ? ['PREPAID', 'HYBRID', 'POSTPAID'] : ['PREPAID', 'HYBRID'];
}
