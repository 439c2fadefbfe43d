import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readData } from '@portal/content';
import { OPERATOR, PATHS, type MapConfig, type Place, type Shop, type Town } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, testDatabases, type TestPortal } from '../../test/harness.js';
import { haversineKm } from './geo.js';
import type { GeocoderPort } from '../../upstream/geocoder.js';

type Envelope<T> = { statusCode: string; status: string; message: string; result: T };
type ShopFile = { id: string; type: string; latitude: number; longitude: number }[];

const SHOPS = PATHS.shopsByCoordinates(OPERATOR);
const IKEJA = { lat: 6.6018, lng: 3.3515 };
const seeded = readData<ShopFile>('shops');

/** What the database must answer, computed here independently of the SQL. */
function expectedNearest(at: { lat: number; lng: number }, type: string, radiusKm: number, limit: number) {
  return seeded
    .filter((s) => s.type === type)
    .map((s) => ({ id: s.id, km: haversineKm(at, { lat: s.latitude, lng: s.longitude }) }))
    .filter((s) => s.km <= radiusKm)
    .sort((a, b) => a.km - b.km)
    .slice(0, limit)
    .map((s) => s.id);
}

type Params = Record<string, string | number | undefined>;
const qs = (params: Params) =>
  new URLSearchParams(
    Object.entries(params)
      .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();

describe.each(testDatabases())('store locator and place search on %s', (kind) => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal(kind);
  });
  afterAll(async () => {
    await portal?.close();
  });

  const shopsAt = (params: Params) =>
    portal.request<Envelope<Shop[]>>('GET', `${SHOPS}?${qs({ opco: 'NG', ...params })}`, undefined, {
      lang: 'en',
    });

  it('returns shops within 100 km, nearest first, in the spec wire shape', async () => {
    const { status, body } = await shopsAt({
      latitude: IKEJA.lat,
      longitude: IKEJA.lng,
      distanceInKilometers: 100,
    });
    expect(status).toBe(200);
    expect(body.statusCode).toBe('200');
    expect(body.result.map((s) => s.id)).toEqual(expectedNearest(IKEJA, 'shop', 100, 20));
    const first = body.result[0]!;
    expect(first).toMatchObject({
      shop: 'Naija Shop Ikeja - Allen Avenue',
      phyLocation: '36 Allen Avenue, Ikeja, Lagos',
      phNumber: expect.stringMatching(/^0802 /),
      location: { latitue: 6.6006, longitude: 3.3517 },
      type: 'shop',
    });
    const km = body.result.map((s) =>
      haversineKm(IKEJA, { lat: s.location.latitue, lng: s.location.longitude }),
    );
    for (let i = 1; i < km.length; i++) expect(km[i]!).toBeGreaterThanOrEqual(km[i - 1]!);
    expect(Math.max(...km)).toBeLessThanOrEqual(100);
  });

  it('applies the radius exactly and the limit', async () => {
    const all = await shopsAt({ latitude: IKEJA.lat, longitude: IKEJA.lng, limit: 50 });
    expect(all.body.result.map((s) => s.id)).toEqual(expectedNearest(IKEJA, 'shop', 100, 50));
    // Ibadan's shops lie just beyond 100 km of Ikeja; Abeokuta's (about 60 km) are inside.
    expect(all.body.result.some((s) => s.city === 'Abeokuta')).toBe(true);
    expect(all.body.result.some((s) => s.city === 'Ibadan')).toBe(false);
    const near = await shopsAt({
      latitude: IKEJA.lat,
      longitude: IKEJA.lng,
      distanceInKilometers: 5,
      limit: 50,
    });
    expect(near.body.result.map((s) => s.id)).toEqual(expectedNearest(IKEJA, 'shop', 5, 50));
    expect(near.body.result.length).toBeGreaterThan(0);
    const three = await shopsAt({ latitude: IKEJA.lat, longitude: IKEJA.lng, limit: 3 });
    expect(three.body.result).toHaveLength(3);
  });

  it('lists dealers separately', async () => {
    const { body } = await shopsAt({ latitude: IKEJA.lat, longitude: IKEJA.lng, type: 'dealer' });
    expect(body.result.length).toBeGreaterThan(0);
    expect(body.result.every((s) => s.type === 'dealer')).toBe(true);
    expect(body.result.map((s) => s.id)).toEqual(expectedNearest(IKEJA, 'dealer', 100, 20));
  });

  it('answers an empty list far from any shop', async () => {
    const { status, body } = await shopsAt({ latitude: 20, longitude: 0 });
    expect(status).toBe(200);
    expect(body.result).toEqual([]);
  });

  it('refuses bad coordinates and radii', async () => {
    for (const params of [
      { longitude: 3.35 },
      { latitude: 91, longitude: 3.35 },
      { latitude: 'abc', longitude: 3.35 },
      { latitude: 6.6, longitude: 3.35, distanceInKilometers: 150 },
      { latitude: 6.6, longitude: 3.35, distanceInKilometers: 0 },
      { latitude: 6.6, longitude: 3.35, type: 'kiosk' },
    ]) {
      const { status, body } = await shopsAt(params);
      expect(status, JSON.stringify(params)).toBe(400);
      expect(body).toMatchObject({ statusCode: '400', status: 'failure' });
    }
  });

  it('searches places in the gazetteer (towns and postcodes)', async () => {
    const town = await portal.request<Envelope<Place[]>>('GET', `${PATHS.places}?q=Ibadan`);
    expect(town.status).toBe(200);
    expect(town.body.result[0]).toMatchObject({ name: 'Ibadan', state: 'Oyo', source: 'gazetteer' });
    const postcode = await portal.request<Envelope<Place[]>>('GET', `${PATHS.places}?q=500001`);
    expect(postcode.body.result[0]).toMatchObject({ name: 'Port Harcourt', state: 'Rivers' });
    const none = await portal.request<Envelope<Place[]>>('GET', `${PATHS.places}?q=Atlantis`);
    expect(none.body.result).toEqual([]);
    const empty = await portal.request<Envelope<null>>('GET', `${PATHS.places}?q=`);
    expect(empty.status).toBe(400);
  });

  it('reverse geocodes to the nearest town', async () => {
    const { body } = await portal.request<Envelope<Place>>(
      'GET',
      `${PATHS.reversePlace}?lat=6.6018&lng=3.3515`,
    );
    expect(body.result).toMatchObject({
      name: 'Ikeja',
      state: 'Lagos',
      lat: 6.6018,
      lng: 3.3515,
      source: 'gazetteer',
    });
    const bad = await portal.request('GET', `${PATHS.reversePlace}?lat=100&lng=3`);
    expect(bad.status).toBe(400);
  });

  it('serves the map settings from configuration', async () => {
    const { body } = await portal.request<Envelope<MapConfig>>('GET', PATHS.mapConfig);
    expect(body.result).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('OpenStreetMap'),
      maxZoom: 19,
      searchBounds: { south: 4.2, west: 2.6, north: 13.9, east: 14.7 },
      centre: { lat: 7.41, lng: 3.92 },
      geocoder: 'gazetteer',
    });
  });

  it('serves the town list in result.data', async () => {
    const { body } = await portal.request<Envelope<{ data: Town[] }>>(
      'GET',
      `${PATHS.towns}?state=Oyo&minPopulation=200000`,
    );
    expect(body.result.data.map((t) => t.name)).toContain('Ibadan');
    expect(body.result.data.every((t) => t.state === 'Oyo' && t.population >= 200_000)).toBe(true);
  });
});

describe('place search through a Nominatim-compatible geocoder', () => {
  let geocoder: Server;
  let failing = false;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  let portal: TestPortal;

  beforeAll(async () => {
    geocoder = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      if (failing) {
        res.writeHead(503).end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/search')) {
        res.end(
          JSON.stringify([
            {
              lat: '6.4281',
              lon: '3.4219',
              name: 'Victoria Island',
              display_name: 'Victoria Island, Eti-Osa, Lagos State, Nigeria',
              address: { suburb: 'Victoria Island', city: 'Lagos', state: 'Lagos State' },
            },
          ]),
        );
      } else {
        res.end(
          JSON.stringify({
            lat: '6.6018',
            lon: '3.3515',
            name: 'Allen Avenue',
            display_name: 'Allen Avenue, Ikeja, Lagos State, Nigeria',
            address: { road: 'Allen Avenue', suburb: 'Ikeja', state: 'Lagos State' },
          }),
        );
      }
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    const { port } = geocoder.address() as AddressInfo;
    portal = await startTestPortal('pglite', {
      env: { GEOCODER_URL: `http://127.0.0.1:${port}`, MAP_SEARCH_BOUNDS: '6,2.7,7,4.4' },
    });
  });
  afterAll(async () => {
    await portal?.close();
    await new Promise((resolve) => geocoder?.close(resolve));
  });

  it('asks the geocoder with the bias box, the country and an identifying user agent', async () => {
    const { body } = await portal.request<Envelope<Place[]>>(
      'GET',
      `${PATHS.places}?q=Victoria%20Island&lang=sw`,
    );
    expect(body.result).toEqual([
      {
        name: 'Victoria Island',
        state: 'Lagos State',
        address: 'Victoria Island, Lagos, Lagos State',
        lat: 6.4281,
        lng: 3.4219,
        source: 'geocoder',
      },
    ]);
    const request = seen.find((r) => r.url.startsWith('/search'))!;
    const params = new URL(request.url, 'http://x').searchParams;
    expect(params.get('q')).toBe('Victoria Island');
    expect(params.get('viewbox')).toBe('2.7,7,4.4,6');
    expect(params.get('countrycodes')).toBe('ng');
    expect(params.get('accept-language')).toBe('sw');
    expect(request.headers['user-agent']).toMatch(/selfcare-portal/);
    const config = await portal.request<Envelope<MapConfig>>('GET', PATHS.mapConfig);
    expect(config.body.result).toMatchObject({
      geocoder: 'nominatim',
      searchBounds: { south: 6, west: 2.7, north: 7, east: 4.4 },
    });
  });

  it('reverse geocodes through the geocoder', async () => {
    const { body } = await portal.request<Envelope<Place>>(
      'GET',
      `${PATHS.reversePlace}?lat=6.6018&lng=3.3515`,
    );
    expect(body.result).toMatchObject({
      name: 'Allen Avenue',
      address: 'Allen Avenue, Ikeja, Lagos State',
      source: 'geocoder',
    });
  });

  it('falls back to the gazetteer when the geocoder fails', async () => {
    failing = true;
    const { status, body } = await portal.request<Envelope<Place[]>>('GET', `${PATHS.places}?q=Kano`);
    expect(status).toBe(200);
    expect(body.result[0]).toMatchObject({ name: 'Kano', source: 'gazetteer' });
  });
});

describe('the geocoder is a port the app takes, like the core and the gateways', () => {
  let portal: TestPortal;
  const asked: string[] = [];
  const fake: GeocoderPort = {
    kind: 'nominatim',
    search: async (query) => {
      asked.push(query);
      return [
        { name: 'Lekki Phase 1', state: 'Lagos', address: 'Lekki Phase 1, Lagos', lat: 6.44, lng: 3.47 },
      ];
    },
    reverse: async () => undefined,
  };
  beforeAll(async () => {
    // No GEOCODER_URL: without the port, the gazetteer would answer.
    portal = await startTestPortal('pglite', { ports: { geocoder: fake } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('answers place search from the geocoder it was given', async () => {
    const { body } = await portal.request<Envelope<Place[]>>('GET', `${PATHS.places}?q=Lekki`);
    expect(asked).toEqual(['Lekki']);
    expect(body.result[0]).toMatchObject({ name: 'Lekki Phase 1', source: 'geocoder' });
  });
});
