import rootPackage from '../../package.json' with { type: 'json' };

/**
 * The portal's version, read from the one place it is written: the root package.json. The web sends it as
 * `x-app-version` (spec §7), the API document names it, the geocoder's User-Agent carries it.
 */
export const APP_VERSION: string = rootPackage.version;
