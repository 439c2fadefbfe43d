/**
 * Titles and descriptions per route and language: the spec's `meta-data-config` content page,
 * `{ "default": {title, description}, "pages": { "<route id>": {title?, description?} } }`. The server writes
 * them into the HTML's head; the layout updates them on client-side navigation.
 */
export const META_PAGE = 'meta-data-config';

export type PageMeta = { title: string; description: string };

export type MetaConfig = {
  default?: Partial<PageMeta>;
  pages?: Record<string, Partial<PageMeta> | undefined>;
};

export function pageMeta(config: MetaConfig | undefined, routeId: string | undefined, brand = ''): PageMeta {
  const own = routeId ? config?.pages?.[routeId] : undefined;
  const fallback = config?.default;
  const title = own?.title ?? fallback?.title ?? brand;
  return {
    title: own?.title && fallback?.title ? `${own.title} | ${fallback.title}` : title,
    description: own?.description ?? fallback?.description ?? '',
  };
}
