import type { Bundle } from '@portal/contract/api/catalogue';
import { BundleCard } from './bundle-card';
import type { BundleGroup } from './bundle-groups';
import { BundleIcon } from './bundle-icon';

/** One category of the bundle list: its icon and name over its bundles' cards. */
export function BundleCategoryGroup({
  group,
  onSelect,
}: {
  group: BundleGroup;
  onSelect: (bundle: Bundle) => void;
}) {
  return (
    // A group, not a landmark: category names may repeat the page's title ('Data Bundles').
    <div className="bundle-group" role="group" aria-label={group.name}>
      <h3 className="bundle-group__title">
        <span className="bundle-group__icon" data-icon={group.icon}>
          <BundleIcon icon={group.icon} />
        </span>
        {group.name}
      </h3>
      <ul className="bundle-group__list">
        {group.bundles.map((bundle) => (
          <BundleCard key={bundle.productCode} bundle={bundle} onSelect={onSelect} />
        ))}
      </ul>
    </div>
  );
}
