/**
 * Where the tag manager's and analytics' scripts come from (spec §7). Apart from the configuration schema so
 * that the browser's loader of those scripts carries no schema library.
 */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
