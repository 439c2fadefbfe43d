import { readData } from '@portal/content';
import type { MapConfig, Place, Shop, ShopsQuery, ShopType, Town } from '@portal/contract';
import type { Config } from '../../config.js';
import type { Orm } from '../../db/connection.js';
import { createNominatimGeocoder, type GeocoderPort, type GeoPlace } from '../../upstream/geocoder.js';
import { createGazetteer, type Gazetteer, type PostcodePrefix } from './gazetteer.js';
import { createLocationsStore, type LocationsStore, type ShopInput } from './store.js';

type ShopFile = {
  id: string;
  type: ShopType;
  shop: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  phyLocation: string;
  phNumber: string;
}[];

type Log = { warn: (obj: unknown, msg?: string) => void };

/**
 * Store locator, place search and map settings. Place search asks the configured geocoder and falls back
 * to the gazetteer when there is none, when it fails (no network) or when it finds nothing.
 */
export function createLocationsService(deps: {
  store: LocationsStore;
  gazetteer: Gazetteer;
  /** A Nominatim-compatible geocoder when configured. */
  geocoder?: GeocoderPort | undefined;
  maps: Config['maps'];
  log: Log;
}) {
  const { store, gazetteer, geocoder, maps, log } = deps;

  const tag =
    (source: Place['source']) =>
    (p: GeoPlace): Place => ({ ...p, source });

  async function viaGeocoder<T>(call: (g: GeocoderPort) => Promise<T>): Promise<T | undefined> {
    if (!geocoder) return undefined;
    try {
      return await call(geocoder);
    } catch (error) {
      log.warn({ err: error }, 'geocoder failed; answering from the gazetteer');
      return undefined;
    }
  }

  return {
    async loadFromFiles(opco: string) {
      const rows: ShopInput[] = readData<ShopFile>('shops').map((s) => ({
        id: s.id,
        opco,
        type: s.type,
        name: s.shop,
        latitude: s.latitude,
        longitude: s.longitude,
        phyLocation: s.phyLocation,
        phNumber: s.phNumber,
        city: s.city,
        state: s.state,
      }));
      await store.replaceShops(opco, rows);
    },

    /** Shops nearest first within the radius, in the spec's wire shape (`latitue` spelt so). */
    async shopsNear(query: ShopsQuery): Promise<Shop[]> {
      const rows = await store.findNear({
        opco: query.opco.toUpperCase(),
        type: query.type,
        lat: query.latitude,
        lng: query.longitude,
        radiusKm: query.distanceInKilometers,
        limit: query.limit,
      });
      return rows.map((r) => ({
        id: r.id,
        shop: r.name,
        location: { latitue: r.latitude, longitude: r.longitude },
        phyLocation: r.phyLocation,
        phNumber: r.phNumber,
        city: r.city,
        state: r.state,
        type: r.type as ShopType,
      }));
    },

    async searchPlaces(q: string, limit: number, language?: string): Promise<Place[]> {
      const options = { bounds: maps.searchBounds, limit, language };
      const remote = await viaGeocoder((g) => g.search(q, options));
      if (remote && remote.length > 0) return remote.map(tag('geocoder'));
      return (await gazetteer.search(q, options)).map(tag('gazetteer'));
    },

    async reverse(lat: number, lng: number, language?: string): Promise<Place | null> {
      const remote = await viaGeocoder((g) => g.reverse(lat, lng, { language }));
      if (remote) return tag('geocoder')(remote);
      const local = await gazetteer.reverse(lat, lng);
      return local ? tag('gazetteer')(local) : null;
    },

    towns(filter: { state?: string | undefined; minPopulation: number }): Town[] {
      return gazetteer.list(filter);
    },

    mapConfig(): MapConfig {
      return {
        tileUrl: maps.tileUrl,
        attribution: maps.attribution,
        maxZoom: maps.maxZoom,
        searchBounds: maps.searchBounds,
        centre: maps.centre,
        geocoder: geocoder ? 'nominatim' : 'gazetteer',
      };
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;

/** The configured Nominatim-compatible geocoder (`GEOCODER_URL`), or none: the gazetteer answers alone. */
export function configuredGeocoder(config: Config): GeocoderPort | undefined {
  if (!config.maps.geocoderUrl) return undefined;
  return createNominatimGeocoder({
    baseUrl: config.maps.geocoderUrl,
    userAgent: config.maps.geocoderUserAgent,
    timeoutMs: Math.min(config.upstreamTimeoutMs, 5_000),
    countryCodes: config.market.toLowerCase(),
  });
}

/** Everything the module needs, from the app's database, configuration and geocoder port; loads the shops. */
export async function createLocations(deps: {
  orm: Orm;
  config: Config;
  geocoder: GeocoderPort | undefined;
  log: Log;
}): Promise<LocationsService> {
  const { config, geocoder } = deps;
  const gazetteer = createGazetteer(
    readData<Town[]>('towns'),
    readData<{ prefixes: PostcodePrefix[] }>('postcodes').prefixes,
  );
  const service = createLocationsService({
    store: createLocationsStore(deps.orm),
    gazetteer,
    geocoder,
    maps: config.maps,
    log: deps.log,
  });
  await service.loadFromFiles(config.market);
  return service;
}
