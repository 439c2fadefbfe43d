import { readData } from '@portal/content';

/**
 * The catalogue's source: `content/data/bundles.json`, shipped with each release so every instance offers the
 * same products (no table: prices change by release, like the rest of content/). The service validates it.
 */
export type CatalogueStore = { loadBundles(): Promise<unknown> };

export function createCatalogueStore(
  options: { dataSet?: string; read?: (name: string) => unknown } = {},
): CatalogueStore {
  const read = options.read ?? ((name: string) => readData<unknown>(name));
  const name = options.dataSet ?? 'bundles';
  return {
    async loadBundles() {
      return read(name);
    },
  };
}
