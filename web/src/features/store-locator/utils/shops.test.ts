import { describe, expect, it } from 'vitest';
import { shop } from '@/testing/fixtures';
import { distanceKm, formatKm } from '@/domain/maps/distance';
import { listShops, shopName, telHref } from './shops';

describe('store locator distances', () => {
  it('computes great-circle distances in km', () => {
    expect(distanceKm({ lat: 6.6018, lng: 3.3515 }, { lat: 6.6018, lng: 3.3515 })).toBe(0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(111.195, 3);
    // Ikeja to Victoria Island, about 20 km.
    expect(distanceKm({ lat: 6.6006, lng: 3.3517 }, { lat: 6.4298, lng: 3.4172 })).toBeCloseTo(20.3, 1);
  });

  it('shows Km with one decimal', () => {
    expect(formatKm(0)).toBe('0.0');
    expect(formatKm(2.449)).toBe('2.4');
    expect(formatKm(2.45)).toBe('2.5');
    expect(formatKm(99.96)).toBe('100.0');
  });

  it('drops the part of the name after a dash', () => {
    expect(shopName('Naija Shop Ikeja - Allen Avenue')).toBe('Naija Shop Ikeja');
    expect(shopName('Naija Shop Lekki')).toBe('Naija Shop Lekki');
    expect(shopName('-Odd')).toBe('-Odd');
  });

  it('orders by distance from the user, numbering from 1', () => {
    const origin = { lat: 6.6018, lng: 3.3515 };
    const listed = listShops(
      [
        shop('A', 'Far - x', 6.4298, 3.4172),
        shop('B', 'Near - y', 6.6006, 3.3517),
        shop('C', 'Middle', 6.5095, 3.3792),
      ],
      origin,
    );
    expect(listed.map((s) => [s.number, s.id, s.name])).toEqual([
      [1, 'B', 'Near'],
      [2, 'C', 'Middle'],
      [3, 'A', 'Far'],
    ]);
    expect(formatKm(listed[0]!.distance)).toBe('0.1');
    for (let i = 1; i < listed.length; i++)
      expect(listed[i]!.distance).toBeGreaterThanOrEqual(listed[i - 1]!.distance);
  });

  it('makes dialable phone links', () => {
    expect(telHref('0802 100 0001')).toBe('tel:08021000001');
    expect(telHref('+234 802 100 0300')).toBe('tel:+2348021000300');
  });
});
