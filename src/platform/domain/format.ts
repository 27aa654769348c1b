/** Money and distances as Italians read them in messages: "€ 20,00", "12,4 km". */
const euro = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const km = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });

export const formatEuro = (amount: number): string => `€ ${euro.format(amount)}`;
export const formatKm = (distance: number): string => `${km.format(distance)} km`;

/** Great-circle distance in km between two points (haversine, mean Earth radius). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}
