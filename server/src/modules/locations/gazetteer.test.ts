import { readData } from '@portal/content';
import type { Town } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { createGazetteer, normalise, type PostcodePrefix } from './gazetteer.js';

const towns = readData<Town[]>('towns');
const postcodes = readData<{ prefixes: PostcodePrefix[] }>('postcodes').prefixes;
const gazetteer = createGazetteer(towns, postcodes);
const NIGERIA = { south: 4.2, west: 2.6, north: 13.9, east: 14.7 };
const search = (q: string, limit = 5) => gazetteer.searchSync(q, { bounds: NIGERIA, limit });

describe('gazetteer of Nigerian towns', () => {
  it('ships every state and the big cities', () => {
    expect(towns.length).toBeGreaterThan(800);
    expect(new Set(towns.map((t) => t.state)).size).toBe(37);
    for (const name of ['Lagos', 'Kano', 'Ibadan', 'Abuja', 'Port Harcourt', 'Enugu']) {
      expect(
        towns.some((t) => t.name === name),
        name,
      ).toBe(true);
    }
    for (const postcode of postcodes) {
      expect(
        towns.some((t) => t.name === postcode.town && t.state === postcode.state),
        postcode.town,
      ).toBe(true);
    }
  });

  it("finds every place the portal's own data names: the shops' cities and the home-broadband towns", () => {
    const shops = readData<{ city: string; state: string }[]>('shops');
    const served = readData<{ cityName: string }[]>('city-config');
    for (const shop of shops) {
      expect(search(`${shop.city}, ${shop.state}`)[0]?.name, shop.city).toBe(shop.city);
    }
    // Kubwa stays out: the served town the end-to-end tests use for an address the map cannot place.
    for (const { cityName } of served.filter((c) => c.cityName !== 'Kubwa')) {
      expect(search(cityName)[0]?.name, cityName).toBe(cityName);
    }
  });

  it('normalises case, accents and punctuation', () => {
    expect(normalise('Ado-Ekiti')).toBe('ado ekiti');
    expect(normalise('  ÓYÓ ')).toBe('oyo');
  });

  it('ranks exact names first, then prefixes, then bigger towns', () => {
    expect(search('ibadan')[0]).toMatchObject({ name: 'Ibadan', state: 'Oyo', address: 'Ibadan, Oyo State' });
    expect(search('Port')[0]?.name).toBe('Port Harcourt');
    const oyo = search('Oyo');
    expect(oyo[0]?.name).toBe('Oyo');
    expect(search('ado ekiti')[0]?.name).toBe('Ado-Ekiti');
    // Word prefix: "Harcourt" finds Port Harcourt.
    expect(search('harcourt')[0]?.name).toBe('Port Harcourt');
    expect(search('Abuja')[0]).toMatchObject({
      state: 'Federal Capital Territory',
      address: 'Abuja, Federal Capital Territory',
    });
  });

  it('narrows by state after a comma and honours the limit', () => {
    const ikeja = search('Ikeja, Lagos');
    expect(ikeja[0]?.name).toBe('Ikeja');
    expect(search('Ikeja, Kano')).toEqual([]);
    expect(search('a', 3)).toHaveLength(3);
    expect(search('zzzz-no-such-town')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('resolves a six-digit postcode to the main town of its state district', () => {
    expect(search('100001')[0]).toMatchObject({
      name: 'Ikeja',
      state: 'Lagos',
      address: '100001, Ikeja, Lagos State',
    });
    expect(search('900108')[0]).toMatchObject({ name: 'Abuja' });
    expect(search('990001')).toEqual([]);
  });

  it('prefers towns inside the bias box', () => {
    const box = { south: 6, west: 2.6, north: 8, east: 5 }; // the south-west
    const inside = gazetteer.searchSync('o', { bounds: box, limit: 3 });
    for (const place of inside)
      expect(place.lat >= 6 && place.lat <= 8 && place.lng <= 5, place.name).toBe(true);
  });

  it('reverse geocodes to the nearest town', async () => {
    const place = await gazetteer.reverse(7.3776, 3.906);
    expect(place).toMatchObject({ name: 'Ibadan', state: 'Oyo', lat: 7.3776, lng: 3.906 });
  });

  it('lists towns by state and population', () => {
    const lagos = gazetteer.list({ state: 'Lagos State', minPopulation: 100_000 });
    expect(lagos.length).toBeGreaterThan(3);
    expect(lagos.every((t) => t.state === 'Lagos' && t.population >= 100_000)).toBe(true);
  });
});
