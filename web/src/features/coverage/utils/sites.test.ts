import { describe, expect, it } from 'vitest';
import { availableTechnologies, coverageNear, defaultTechnology, parseSites, sitesFor } from './sites';

const site = (title: string, flags: [boolean, boolean, boolean, boolean]) => ({
  title,
  latitude: 7.4,
  longitude: 3.9,
  technology: flags[3] ? '5G' : flags[2] ? '4G' : flags[1] ? '3G' : '2G',
  _2Gservice: flags[0],
  _3Gservice: flags[1],
  _4Gservice: flags[2],
  _5Gservice: flags[3],
});

describe('coverage sites', () => {
  it('parses sites and tolerates string flags, dropping broken entries', () => {
    const sites = parseSites([
      site('A', [true, true, true, false]),
      {
        title: 'B',
        latitude: '7.1',
        longitude: '3.2',
        technology: '3G',
        _2Gservice: 'Y',
        _3Gservice: 'true',
        _4Gservice: 'N',
        _5Gservice: 0,
      },
      { title: 'broken', latitude: 'x', longitude: 3 },
      { title: 'off the map', latitude: 95, longitude: 3 },
      null,
    ]);
    expect(sites.map((s) => s.title)).toEqual(['A', 'B']);
    expect(sites[1]).toMatchObject({
      latitude: 7.1,
      longitude: 3.2,
      _2Gservice: true,
      _3Gservice: true,
      _4Gservice: false,
      _5Gservice: false,
    });
    expect(parseSites({ sites: [site('C', [true, false, false, false])] })).toHaveLength(1);
    expect(parseSites('nonsense')).toEqual([]);
  });

  it('offers only the technologies present in the data, in order', () => {
    expect(availableTechnologies(parseSites([site('A', [true, false, true, false])]))).toEqual(['2G', '4G']);
    expect(availableTechnologies([])).toEqual([]);
  });

  it('filters sites by technology', () => {
    const sites = parseSites([
      site('A', [true, true, true, true]),
      site('B', [true, false, false, false]),
      site('C', [true, true, true, false]),
    ]);
    expect(sitesFor(sites, '2G').map((s) => s.title)).toEqual(['A', 'B', 'C']);
    expect(sitesFor(sites, '4G').map((s) => s.title)).toEqual(['A', 'C']);
    expect(sitesFor(sites, '5G').map((s) => s.title)).toEqual(['A']);
  });

  it('starts on 4G when present', () => {
    expect(defaultTechnology(['2G', '3G', '4G', '5G'])).toBe('4G');
    expect(defaultTechnology(['2G', '3G'])).toBe('2G');
    expect(defaultTechnology([])).toBeUndefined();
  });
});

describe('coverage near a place', () => {
  it('names the nearest site of each technology present, and none beyond 100 Km', () => {
    const at = (title: string, latitude: number, flags: [boolean, boolean, boolean, boolean]) => ({
      ...site(title, flags),
      latitude,
    });
    // One degree of latitude is about 111 Km.
    const sites = parseSites([
      at('near 4G', 7.41, [true, false, true, false]),
      at('far 4G', 7.9, [false, false, true, false]),
      at('5G out of reach', 9, [false, false, false, true]),
    ]);
    const near = coverageNear(sites, { lat: 7.4, lng: 3.9 });
    expect(near.map((n) => n.technology)).toEqual(['2G', '4G', '5G']);
    expect(near[0]!.km).toBeCloseTo(1.11, 2);
    expect(near[1]!.km).toBeCloseTo(1.11, 2);
    expect(near[2]!.km).toBeUndefined();
  });
});
