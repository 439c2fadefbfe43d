import { describe, expect, it } from 'vitest';
import { boundingDeltas, haversineKm, inBounds } from './geo.js';

describe('haversine distance', () => {
  it('is zero for the same point and symmetric', () => {
    const ikeja = { lat: 6.6018, lng: 3.3515 };
    const abuja = { lat: 9.0579, lng: 7.4951 };
    expect(haversineKm(ikeja, ikeja)).toBe(0);
    expect(haversineKm(ikeja, abuja)).toBeCloseTo(haversineKm(abuja, ikeja), 9);
  });

  it('matches known distances between Nigerian cities', () => {
    // GeoNames centres: Lagos - Ibadan about 117 km as the crow flies; Lagos - Abuja about 530 km.
    expect(haversineKm({ lat: 6.45407, lng: 3.39467 }, { lat: 7.37756, lng: 3.90591 })).toBeCloseTo(117.2, 1);
    expect(haversineKm({ lat: 6.45407, lng: 3.39467 }, { lat: 9.05785, lng: 7.49508 })).toBeGreaterThan(520);
    expect(haversineKm({ lat: 6.45407, lng: 3.39467 }, { lat: 9.05785, lng: 7.49508 })).toBeLessThan(540);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.2, 1);
  });

  it('bounding deltas hold every point of the radius', () => {
    const centre = { lat: 9, lng: 7 };
    const { dLat, dLng } = boundingDeltas(centre.lat, 100);
    expect(haversineKm(centre, { lat: centre.lat + dLat, lng: centre.lng })).toBeCloseTo(100, 6);
    expect(haversineKm(centre, { lat: centre.lat, lng: centre.lng + dLng })).toBeGreaterThanOrEqual(99.9);
    expect(boundingDeltas(89.999, 100).dLng).toBe(180);
  });

  it('tells whether a point lies in a box', () => {
    const nigeria = { south: 4.2, west: 2.6, north: 13.9, east: 14.7 };
    expect(inBounds({ lat: 7.41, lng: 3.92 }, nigeria)).toBe(true);
    expect(inBounds({ lat: 26, lng: 80 }, nigeria)).toBe(false);
  });
});
