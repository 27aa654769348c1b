import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSettled } from '../../app/use-settled';
import type { ResponseOf } from '@platform/http/contract';
import type { geocodingApi } from '@contracts/geocoding';
import { apiGet } from '../../lib/client';

/* Issue [22]: typed addresses become places (docs: /api/docs, «luoghi»). */

export type GeocodedPlace = ResponseOf<typeof geocodingApi.search>['places'][number];
export type PlaceSuggestions = ResponseOf<typeof geocodingApi.suggest>;
export type PlaceSearch = ResponseOf<typeof geocodingApi.search>;
export type PointName = ResponseOf<typeof geocodingApi.reverse>;
export type PlaceSuggestion = PlaceSuggestions['suggestions'][number];

/** Places to offer for what is typed, asked 250 ms after the last key; the previous ones stay meanwhile. */
export function usePlaceSuggestions(typed: string, session: string) {
  const settled = useSettled(typed.trim(), 250);
  return useQuery({
    queryKey: ['/api/geocoding/suggest', settled],
    queryFn: async () => (await apiGet<PlaceSuggestions>(`/api/geocoding/suggest?q=${encodeURIComponent(settled)}&session=${session}`))!,
    enabled: settled.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/** The places a whole typed address points to, best first. */
export async function searchPlaces(typed: string): Promise<PlaceSearch> {
  return (await apiGet<PlaceSearch>(`/api/geocoding/search?q=${encodeURIComponent(typed.trim())}`))!;
}

/** The name of a point («Roma, Monti»), or null when it has none or the server cannot say. */
export async function nameOfPoint(latitude: number, longitude: number): Promise<string | null> {
  try {
    const answer = await apiGet<PointName>(`/api/geocoding/reverse?lat=${latitude}&lng=${longitude}`);
    return answer?.name ?? null;
  } catch {
    return null;
  }
}

/** A suggestion's place: its own, or (Google's) asked once it is chosen, in the same typing session. */
export async function placeOfSuggestion(suggestion: PlaceSuggestion, session: string): Promise<GeocodedPlace> {
  if (suggestion.place) return suggestion.place;
  const answer = await apiGet<ResponseOf<typeof geocodingApi.place>>(
    `/api/geocoding/places/${encodeURIComponent(suggestion.placeId ?? '')}?text=${encodeURIComponent(suggestion.text)}&session=${session}`,
  );
  return answer!.place;
}

/**
 * Where a pin moved by an address stands, said for the person to put it right: «Segnaposto sull’indirizzo»,
 * or at the centre of the district or comune the address was found to be, when no street was known.
 */
export function pinPlacedAt(place: GeocodedPlace): { exact: boolean; text: string } {
  if (place.precision === 'address') return { exact: true, text: 'Segnaposto sull’indirizzo' };
  return { exact: false, text: `Segnaposto al centro di ${place.precision === 'locality' ? place.label : (place.comune ?? place.label)}` };
}
