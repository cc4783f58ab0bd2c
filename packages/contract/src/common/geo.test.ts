import { describe, expect, it } from 'vitest';
import { distanceMetres, geoPoint } from './geo.js';

describe('distanceMetres', () => {
  it('is 0 for the same point and the same both ways', () => {
    const cairo = { latitude: 30.0444, longitude: 31.2357 };
    const giza = { latitude: 29.9792, longitude: 31.1342 };
    expect(distanceMetres(cairo, cairo)).toBe(0);
    expect(distanceMetres(cairo, giza)).toBe(distanceMetres(giza, cairo));
  });

  it('measures known distances', () => {
    // one degree of latitude is about 111.2 km on the mean radius
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(111_195);
    // Cairo (Tahrir) to Riyadh (Kingdom Centre): about 1,630 km
    const km = distanceMetres({ latitude: 30.0444, longitude: 31.2357 }, { latitude: 24.7113, longitude: 46.6744 }) / 1000;
    expect(km).toBeGreaterThan(1_620);
    expect(km).toBeLessThan(1_645);
    // across the antimeridian: 0.2 degrees of longitude on the equator, not 359.8
    expect(distanceMetres({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBe(22_239);
  });

  it('makes a point only of both coordinates', () => {
    expect(geoPoint(30, 31)).toEqual({ latitude: 30, longitude: 31 });
    expect(geoPoint(30, null)).toBeNull();
    expect(geoPoint(undefined, 31)).toBeNull();
    expect(geoPoint(0, 0)).toEqual({ latitude: 0, longitude: 0 });
  });
});
