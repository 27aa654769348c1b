import { placesClient } from '../geocoding/google.js';

/**
 * What a shop's link to Google asks of Places API (New) (issue [22]), through Google's official
 * client, each call with the field mask of what is shown (Google bills by the fields asked).
 */

/** A place found by a shop's name and address, to confirm: shown, never kept. */
export interface PlaceCandidate {
  placeId: string;
  name: string;
  address: string;
}

/** What the shop page shows of a place, and its photo's name and author (Google's attribution). */
export interface PlaceDetails {
  rating: number | null;
  reviewCount: number | null;
  mapsUri: string | null;
  photoName: string | null;
  photoAuthor: string | null;
  photoAuthorUri: string | null;
}

export interface PlacesAccess {
  apiKey: string;
  /** GOOGLE_MAPS_API_URL: a test's loopback server. */
  baseUrl?: string;
}

const timeout = 5000;
const client = ({ apiKey, baseUrl }: PlacesAccess) => placesClient(apiKey, baseUrl?.replace(/\/+$/, ''));

/** The places Google finds for a text («Forno Monti, Via dei Serpenti 10, Roma»), at most 5, in Italian, in the country. */
export async function findPlaces(access: PlacesAccess, text: string, country: string | null): Promise<PlaceCandidate[]> {
  const [answer] = await client(access).searchText(
    { textQuery: text, languageCode: 'it', maxResultCount: 5, ...(country ? { regionCode: country.toLowerCase() } : {}) },
    { otherArgs: { headers: { 'X-Goog-FieldMask': 'places.id,places.displayName,places.formattedAddress' } }, timeout },
  );
  return (answer.places ?? []).flatMap((p) => (p.id ? [{ placeId: p.id, name: p.displayName?.text ?? '', address: p.formattedAddress ?? '' }] : []));
}

/** A place's rating, reviews' count, page on Google Maps and first photo with its author; null when Google knows it no more. */
export async function placeDetails(access: PlacesAccess, placeId: string): Promise<PlaceDetails | null> {
  try {
    const [place] = await client(access).getPlace(
      { name: `places/${placeId}`, languageCode: 'it' },
      { otherArgs: { headers: { 'X-Goog-FieldMask': 'id,rating,userRatingCount,googleMapsUri,photos' } }, timeout },
    );
    const photo = place.photos?.[0];
    const author = photo?.authorAttributions?.[0];
    return {
      rating: place.rating ?? null,
      reviewCount: place.userRatingCount ?? null,
      mapsUri: place.googleMapsUri ?? null,
      photoName: photo?.name ?? null,
      photoAuthor: author?.displayName ?? null,
      photoAuthorUri: author?.uri ?? null,
    };
  } catch (error) {
    // The place is gone from Google: NOT_FOUND (gRPC's code 5, or HTTP's 404 in the REST mode).
    const { code } = error as { code?: number };
    if (code === 5 || code === 404) return null;
    throw error;
  }
}

/** Where a place's photo is served now (Google's short-lived address), at most 800 px wide. */
export async function photoUri(access: PlacesAccess, photoName: string): Promise<string | null> {
  const [media] = await client(access).getPhotoMedia({ name: `${photoName}/media`, maxWidthPx: 800, skipHttpRedirect: true }, { timeout });
  return media.photoUri ?? null;
}
