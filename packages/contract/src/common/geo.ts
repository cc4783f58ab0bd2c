/** A point on the earth, in degrees (WGS 84, as browsers' geolocation gives it). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_METRES = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The distance between two points along the earth's surface, in whole metres (haversine on the mean radius:
 * within about 0.5 % of the true distance, plenty for "how far is the patient from the branch").
 */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** A point when both coordinates are given, else null. */
export const geoPoint = (latitude: number | null | undefined, longitude: number | null | undefined): GeoPoint | null =>
  latitude == null || longitude == null ? null : { latitude, longitude };
