/** A latitude/longitude box that holds every point within `radiusKm` of the centre (1% to spare). */
export function boundingBox(lat: number, lng: number, radiusKm: number): { minLat: number; maxLat: number; minLng: number; maxLng: number } {
  const dLat = (radiusKm / 111.2) * 1.01;
  const dLng = (radiusKm / (111.32 * Math.max(Math.cos((lat * Math.PI) / 180), 0.01))) * 1.01;
  return { minLat: lat - dLat, maxLat: lat + dLat, minLng: lng - dLng, maxLng: lng + dLng };
}
