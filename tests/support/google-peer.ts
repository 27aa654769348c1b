import { deflateSync } from 'node:zlib';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { bodyOf, listenOnLoopback } from './loopback.js';

/*
 * A loopback server speaking the parts of Google's Maps APIs the app uses (issue [22]), for Google's
 * official clients pointed at it (GOOGLE_MAPS_API_URL): the Geocoding API (/maps/api/geocode/json,
 * its status field), Places API (New) — places:autocomplete, places:searchText, places/{id}, a
 * photo's media — with answers in their documented shapes, and the photo itself (a small PNG), so
 * that a browser can show it. It lives in the tests only. `down` makes every call fail as Google's
 * do when unavailable; `geocodeStatus` answers the Geocoding API's status (REQUEST_DENIED…).
 */

export interface GoogleAsked {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The place of Via del Corso 10, Rome: the Geocoding API's address components. */
const corsoComponents = [
  { long_name: '10', short_name: '10', types: ['street_number'] },
  { long_name: 'Via del Corso', short_name: 'Via del Corso', types: ['route'] },
  { long_name: 'Roma', short_name: 'Roma', types: ['locality', 'political'] },
  { long_name: 'Città Metropolitana di Roma Capitale', short_name: 'RM', types: ['administrative_area_level_2', 'political'] },
  { long_name: 'Lazio', short_name: 'Lazio', types: ['administrative_area_level_1', 'political'] },
  { long_name: '00186', short_name: '00186', types: ['postal_code'] },
];
export const corsoPlaceId = 'ChIJcorso10roma';
/** A shop's place: found by name, with a rating, reviews and a photo credited to its author. */
export const shopPlaceId = 'ChIJforno-monti-test1';

/** A 2×2 PNG of the shop's colour: the photo the browser loads. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 0xc8, 0x8a, 0x4b, 0xc8, 0x8a, 0x4b]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** CRC-32 of PNG chunks (node:zlib's crc32 is newer than Node 20.19). */
function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc;
}

export interface GooglePeer {
  url: string;
  asked: GoogleAsked[];
  state: { down: boolean; geocodeStatus: string; rating: number };
  close(): Promise<void>;
}

export async function startGooglePeer(): Promise<GooglePeer> {
  const asked: GoogleAsked[] = [];
  const state = { down: false, geocodeStatus: 'OK', rating: 4.6 };
  const photo = png();
  let base = '';
  const server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const url = new URL(request.url!, 'http://127.0.0.1');
      asked.push({ method: request.method!, path: url.pathname, query: url.searchParams, headers: request.headers, body });
      const json = (code: number, answer: unknown) => response.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (url.pathname === '/photos/forno.png') return response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
      if (state.down) return json(503, { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } });
      switch (url.pathname) {
        case '/maps/api/geocode/json': {
          const ok = state.geocodeStatus === 'OK';
          return json(200, {
            status: state.geocodeStatus,
            results: ok
              ? [
                  {
                    formatted_address: 'Via del Corso, 10, 00186 Roma RM, Italia',
                    place_id: corsoPlaceId,
                    types: ['street_address'],
                    geometry: { location: { lat: 41.9009, lng: 12.4797 }, location_type: 'ROOFTOP' },
                    address_components: corsoComponents,
                  },
                ]
              : [],
          });
        }
        case '/v1/places:autocomplete':
          return json(200, { suggestions: [{ placePrediction: { placeId: corsoPlaceId, text: { text: 'Via del Corso, 10, Roma, RM, Italia' } } }] });
        case '/v1/places:searchText':
          return json(200, {
            places: [{ id: shopPlaceId, displayName: { text: 'Forno Monti', languageCode: 'it' }, formattedAddress: 'Via dei Serpenti 10, 00184 Roma RM, Italia' }],
          });
        case `/v1/places/${corsoPlaceId}`:
          return json(200, {
            id: corsoPlaceId,
            formattedAddress: 'Via del Corso, 10, 00186 Roma RM, Italia',
            location: { latitude: 41.9009, longitude: 12.4797 },
            types: ['street_address'],
            addressComponents: corsoComponents.map((c) => ({ longText: c.long_name, shortText: c.short_name, types: c.types })),
          });
        case `/v1/places/${shopPlaceId}`:
          return json(200, {
            id: shopPlaceId,
            rating: state.rating,
            userRatingCount: 128,
            googleMapsUri: 'https://maps.google.com/?cid=123',
            photos: [
              {
                name: `places/${shopPlaceId}/photos/foto1`,
                widthPx: 1200,
                heightPx: 800,
                authorAttributions: [{ displayName: 'Anna R.', uri: 'https://maps.google.com/contrib/1' }],
              },
            ],
          });
        case `/v1/places/${shopPlaceId}/photos/foto1/media`:
          return json(200, { name: `places/${shopPlaceId}/photos/foto1/media`, photoUri: `${base}/photos/forno.png` });
        default:
          return json(404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
      }
    });
  });
  base = `http://127.0.0.1:${await listenOnLoopback(server)}`;
  return { url: base, asked, state, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
