import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { nameOfPoint } from '../features/geocoding/api';
import { useMapSettings, type MapSettings } from '../features/site-settings/api';
import { distanceKm } from '@platform/domain/format';
import { useMounted } from './use-mounted';

/**
 * Where the customer searches from, for the whole visit and the next ones: the one detected or
 * chosen anywhere (home page, search page, a map) is the one every search, map and distance uses.
 */
export interface CustomerPosition {
  latitude: number;
  longitude: number;
  label: string;
  /** The name of a detected point, once the server has given it («Roma, Monti»). */
  place?: string;
  /** 'default': the customer chose nothing, and the admin's map centre stands in. */
  source: 'browser' | 'city' | 'default';
}

const storageKey = 'vicino:position';
const listeners = new Set<() => void>();

/**
 * A position kept by an earlier choice, or null. Only what the customer chose counts: a default
 * read back from storage would keep the visitor at a map centre the admin has since moved.
 */
export function parseStoredPosition(raw: string | null): CustomerPosition | null {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const valid =
    typeof v.latitude === 'number' &&
    Math.abs(v.latitude) <= 90 &&
    typeof v.longitude === 'number' &&
    Math.abs(v.longitude) <= 180 &&
    typeof v.label === 'string' &&
    v.label.trim() !== '' &&
    (v.source === 'browser' || v.source === 'city');
  if (!valid) return null;
  const position: CustomerPosition = { latitude: v.latitude as number, longitude: v.longitude as number, label: v.label as string, source: v.source as 'browser' | 'city' };
  return typeof v.place === 'string' && v.place.trim() !== '' ? { ...position, place: v.place } : position;
}

/* useSyncExternalStore compares snapshots by identity: the parsed value is cached per raw string. */
let cachedRaw: string | null | undefined;
let cachedPosition: CustomerPosition | null = null;

/** The position the customer detected or chose, or null (outside React; useChosenPosition in it). */
export function readChosenPosition(): CustomerPosition | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    // Storage can be blocked (private mode, policies): keep what this page view chose.
    return cachedPosition;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedPosition = parseStoredPosition(raw);
  }
  return cachedPosition;
}

/** The customer's choice: every page, tab and later visit searches from it. */
export function setPosition(position: CustomerPosition): void {
  const raw = JSON.stringify(position);
  try {
    localStorage.setItem(storageKey, raw);
  } catch {
    // Without storage the choice lasts for this page view only.
  }
  cachedRaw = raw;
  cachedPosition = position;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the position moves this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKey) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The position the customer detected or chose, or null when they have not (yet). */
export function useChosenPosition(): CustomerPosition | null {
  return useSyncExternalStore(subscribe, readChosenPosition, () => null);
}

/** Within this distance of a listed city, the admin's map centre is named after it. */
const namingRadiusKm = 10;

/**
 * Where a customer who chose nothing searches from: the admin's map centre, named after the
 * listed city it lies in ("Roma centro"), else as the map's centre.
 */
export function defaultPositionFor(maps: Pick<MapSettings, 'defaultLatitude' | 'defaultLongitude'>): CustomerPosition {
  const centre = { latitude: maps.defaultLatitude, longitude: maps.defaultLongitude };
  let nearest: { name: string; km: number } | null = null;
  for (const city of italianCities) {
    const km = distanceKm(centre, city);
    if (km <= namingRadiusKm && (!nearest || km < nearest.km)) nearest = { name: city.name, km };
  }
  return { ...centre, label: nearest ? `${nearest.name} centro` : 'Centro della mappa', source: 'default' };
}

/** The one position of the visit: the customer's choice, else the admin's map centre. */
export function usePosition(): CustomerPosition {
  const chosen = useChosenPosition();
  const maps = useMapSettings();
  return useMemo(() => chosen ?? defaultPositionFor(maps), [chosen, maps]);
}

function problemText(error: GeolocationPositionError, otherwise: string): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return `Hai negato il permesso di usare la posizione: ${otherwise}.`;
    case error.TIMEOUT:
      return `Il rilevamento ha impiegato troppo tempo: riprova, oppure ${otherwise}.`;
    default:
      return `Posizione non disponibile in questo momento: riprova, oppure ${otherwise}.`;
  }
}

/**
 * Asks the browser where the customer is; on success the position becomes the one of the visit.
 * `otherwise`: what the page offers instead, for the sentence that says why detection failed.
 */
export function useBrowserPosition(otherwise = 'scegli una città qui sotto') {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The browser may answer after the caller is gone; a late answer must not touch its state.
  const mounted = useMounted();

  const locate = useCallback(
    (onLocated?: (position: CustomerPosition) => void) => {
      if (!('geolocation' in navigator)) {
        setProblem(`Il tuo browser non offre la geolocalizzazione: ${otherwise}.`);
        return;
      }
      setLocating(true);
      setProblem(null);
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          const position: CustomerPosition = { latitude: coords.latitude, longitude: coords.longitude, label: 'La tua posizione', source: 'browser' };
          setPosition(position);
          // Its name follows when the server gives it («Vicino a te: Roma, Monti»), unless the customer has moved on.
          void nameOfPoint(position.latitude, position.longitude).then((place) => {
            if (place && readChosenPosition() === position) setPosition({ ...position, place });
          });
          if (!mounted.current) return;
          setLocating(false);
          onLocated?.(position);
        },
        (error) => {
          if (!mounted.current) return;
          setLocating(false);
          setProblem(problemText(error, otherwise));
        },
        { timeout: 15_000, maximumAge: 300_000 },
      );
    },
    [otherwise, mounted],
  );

  return { locate, locating, problem };
}

/** Big Italian cities, one click away in the position dialog, and the names of the admin's map centre. */
export const italianCities: { name: string; latitude: number; longitude: number }[] = [
  { name: 'Roma', latitude: 41.9028, longitude: 12.4964 },
  { name: 'Milano', latitude: 45.4642, longitude: 9.19 },
  { name: 'Napoli', latitude: 40.8518, longitude: 14.2681 },
  { name: 'Torino', latitude: 45.0703, longitude: 7.6869 },
  { name: 'Palermo', latitude: 38.1157, longitude: 13.3615 },
  { name: 'Genova', latitude: 44.4056, longitude: 8.9463 },
  { name: 'Bologna', latitude: 44.4949, longitude: 11.3426 },
  { name: 'Firenze', latitude: 43.7696, longitude: 11.2558 },
  { name: 'Bari', latitude: 41.1171, longitude: 16.8719 },
  { name: 'Catania', latitude: 37.5079, longitude: 15.083 },
  { name: 'Venezia', latitude: 45.4408, longitude: 12.3155 },
  { name: 'Verona', latitude: 45.4384, longitude: 10.9916 },
  { name: 'Messina', latitude: 38.1938, longitude: 15.554 },
  { name: 'Padova', latitude: 45.4064, longitude: 11.8768 },
  { name: 'Trieste', latitude: 45.6495, longitude: 13.7768 },
  { name: 'Brescia', latitude: 45.5416, longitude: 10.2118 },
  { name: 'Parma', latitude: 44.8015, longitude: 10.3279 },
  { name: 'Modena', latitude: 44.6471, longitude: 10.9252 },
  { name: 'Reggio Emilia', latitude: 44.6983, longitude: 10.6312 },
  { name: 'Reggio Calabria', latitude: 38.1113, longitude: 15.6473 },
  { name: 'Perugia', latitude: 43.1107, longitude: 12.3908 },
  { name: 'Livorno', latitude: 43.5485, longitude: 10.3106 },
  { name: 'Cagliari', latitude: 39.2238, longitude: 9.1217 },
  { name: 'Bergamo', latitude: 45.6983, longitude: 9.6773 },
  { name: 'Salerno', latitude: 40.6824, longitude: 14.7681 },
  { name: 'Pisa', latitude: 43.7228, longitude: 10.4017 },
  { name: 'Pescara', latitude: 42.4618, longitude: 14.2161 },
  { name: 'Ancona', latitude: 43.6158, longitude: 13.5189 },
  { name: 'Trento', latitude: 46.0748, longitude: 11.1217 },
  { name: 'Bolzano', latitude: 46.4983, longitude: 11.3548 },
  { name: 'Lecce', latitude: 40.3515, longitude: 18.175 },
  { name: 'Sassari', latitude: 40.7259, longitude: 8.5557 },
  { name: "L'Aquila", latitude: 42.3498, longitude: 13.3995 },
  { name: 'Potenza', latitude: 40.6401, longitude: 15.8051 },
  { name: 'Campobasso', latitude: 41.5603, longitude: 14.6627 },
  { name: 'Aosta', latitude: 45.7375, longitude: 7.3154 },
];

/** The country the admin restricts places to, or null when they do not. */
export const boundaryOf = (maps: Pick<MapSettings, 'restrictToBoundary' | 'boundaryCountry'>): string | null => (maps.restrictToBoundary ? maps.boundaryCountry : null);

/** Distances as customers say them: metres below 1 km, then kilometres with one decimal. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km.toLocaleString('it-IT', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`;
}

type Bounds = [[south: number, west: number], [north: number, east: number]];

/**
 * The countries whose outline the maps know, as boxes around them: Italy and the states inside it.
 * For any other boundary country the maps do not restrict (there is no geocoding service to ask).
 */
const countryBounds: Record<string, Bounds> = {
  IT: [
    [35.4, 6.6],
    [47.1, 18.6],
  ],
  SM: [
    [43.89, 12.4],
    [44.0, 12.52],
  ],
  VA: [
    [41.9, 12.445],
    [41.908, 12.459],
  ],
};

/** The box a map and its pins keep to, or null when the admin restricts nothing the maps know. */
export const boundaryBounds = (boundary: string | null): Bounds | null => (boundary ? (countryBounds[boundary] ?? null) : null);

export function withinBounds(point: { latitude: number; longitude: number }, bounds: Bounds | null): boolean {
  if (!bounds) return true;
  const [[south, west], [north, east]] = bounds;
  return point.latitude >= south && point.latitude <= north && point.longitude >= west && point.longitude <= east;
}

/** A country's name in Italian ("San Marino" for SM), its code when the browser does not know it. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames('it', { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}
