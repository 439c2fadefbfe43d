import type { Bundle } from '@portal/contract/api/catalogue';

/**
 * The ordering of the bundle list (spec §2 "Bundle list"): bundles grouped by category, groups in alphabetical
 * order; inside a group, validity ascending (validity -1 is shown as Unlimited); a blank period type (or
 * category) shows as 'Others'. Icons are chosen by keyword in the category name.
 */
export const OTHERS = 'Others';
export const UNLIMITED_VALIDITY = -1;

export type BundleIcon = 'data' | 'internet' | 'sms' | 'international' | 'roaming' | 'combo' | 'bundle';

/** `name` is the category as the page says it (the operator's word, or the page language's for a known one). */
export type BundleGroup = { category: string; name: string; icon: BundleIcon; bundles: Bundle[] };

/** The period type a bundle is listed under: blank becomes 'Others'. */
export function periodOf(bundle: Pick<Bundle, 'periodType'>): string {
  return bundle.periodType?.trim() || OTHERS;
}

export function categoryOf(bundle: Pick<Bundle, 'category'>): string {
  return bundle.category?.trim() || OTHERS;
}

// The more specific words first: "International Data" is international, "Roaming Combo" is roaming.
const ICON_KEYWORDS: readonly BundleIcon[] = ['roaming', 'international', 'combo', 'sms', 'internet', 'data'];

/** Category icon by keyword (data, internet, sms, international, roaming, combo); a generic one otherwise. */
export function categoryIcon(category: string): BundleIcon {
  const name = category.toLowerCase();
  return ICON_KEYWORDS.find((keyword) => name.includes(keyword)) ?? 'bundle';
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Validity ascending, then price, then name, so equal validities keep a stable, sensible order. */
export function compareBundles(a: Bundle, b: Bundle): number {
  return a.validity - b.validity || a.amount - b.amount || collator.compare(a.name, b.name);
}

/** The groups in the alphabetical order of the names the page shows (`nameOf`). */
export function groupBundles(
  bundles: readonly Bundle[],
  filter: { periodType?: string | undefined } = {},
  nameOf: (category: string) => string = (category) => category,
): BundleGroup[] {
  const groups = new Map<string, Bundle[]>();
  for (const bundle of bundles) {
    if (filter.periodType && periodOf(bundle) !== filter.periodType) continue;
    const category = categoryOf(bundle);
    const list = groups.get(category) ?? [];
    list.push(bundle);
    groups.set(category, list);
  }
  return [...groups.entries()]
    .map(([category, list]) => ({
      category,
      name: nameOf(category),
      icon: categoryIcon(category),
      bundles: [...list].sort(compareBundles),
    }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The period types present, alphabetical ('Others' for blank ones). */
export function periodTypes(bundles: readonly Bundle[]): string[] {
  return [...new Set(bundles.map(periodOf))].sort((a, b) => collator.compare(a, b));
}

export function isUnlimitedValidity(bundle: Pick<Bundle, 'validity'>): boolean {
  return bundle.validity === UNLIMITED_VALIDITY;
}
