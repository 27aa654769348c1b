import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { foldText } from '../components/format';

/** Where the customer searches from; kept across visits so the results open where they left off. */
export interface CustomerPosition {
  latitude: number;
  longitude: number;
  label: string;
  source: 'browser' | 'city' | 'default';
}

/** Spec §9: the map centre and search default is Rome's centre. */
export const defaultPosition: CustomerPosition = { latitude: 41.9028, longitude: 12.4964, label: 'Roma centro', source: 'default' };

const storageKey = 'vicino:position';
const listeners = new Set<() => void>();

function isPosition(value: unknown): value is CustomerPosition {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.latitude === 'number' && Math.abs(v.latitude) <= 90 &&
    typeof v.longitude === 'number' && Math.abs(v.longitude) <= 180 &&
    typeof v.label === 'string' &&
    (v.source === 'browser' || v.source === 'city' || v.source === 'default')
  );
}

/* useSyncExternalStore compares snapshots by identity: the parsed value is cached per raw string. */
let cachedRaw: string | null | undefined;
let cachedPosition: CustomerPosition = defaultPosition;

function readPosition(): CustomerPosition {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(storageKey);
  } catch {
    // Storage can be blocked (private mode, policies): the default position still works.
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : null;
      cachedPosition = isPosition(parsed) ? parsed : defaultPosition;
    } catch {
      cachedPosition = defaultPosition;
    }
  }
  return cachedPosition;
}

export function setPosition(position: CustomerPosition): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(position));
  } catch {
    // Without storage the choice lasts for this page view only.
    cachedRaw = JSON.stringify(position);
    cachedPosition = position;
  }
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

export function usePosition(): CustomerPosition {
  return useSyncExternalStore(subscribe, readPosition, () => defaultPosition);
}

function problemText(error: GeolocationPositionError): string {
  switch (error.code) {
    case error.PERMISSION_DENIED:
      return 'Hai negato il permesso di usare la posizione: scegli una città qui sotto.';
    case error.TIMEOUT:
      return 'Il rilevamento ha impiegato troppo tempo: riprova o scegli una città.';
    default:
      return 'Posizione non disponibile in questo momento: riprova o scegli una città.';
  }
}

/** Asks the browser where the customer is; on success the position becomes the search centre. */
export function useBrowserPosition() {
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // The browser may answer after the caller is gone; a late answer must not touch its state.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const locate = useCallback((onLocated?: (position: CustomerPosition) => void) => {
    if (!('geolocation' in navigator)) {
      setProblem('Il tuo browser non offre la geolocalizzazione: scegli una città.');
      return;
    }
    setLocating(true);
    setProblem(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const position: CustomerPosition = { latitude: coords.latitude, longitude: coords.longitude, label: 'La tua posizione', source: 'browser' };
        setPosition(position);
        if (!mounted.current) return;
        setLocating(false);
        onLocated?.(position);
      },
      (error) => {
        if (!mounted.current) return;
        setLocating(false);
        setProblem(problemText(error));
      },
      { timeout: 15_000, maximumAge: 300_000 },
    );
  }, []);

  return { locate, locating, problem };
}

/** Big Italian cities, for customers who prefer not to share their position (no geocoding service). */
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

/** Lower case, without accents or punctuation: how a typed place and a city name are compared. */
const fold = (text: string) =>
  foldText(text).replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The cities of the list a typed text points to, best first: names starting with it (what "bo"
 * means while typing), names containing it, then cities named in a typed address ("Via Zamboni 3,
 * Bologna"). The list is all there is: no geocoding service is reachable. Alphabetical otherwise.
 */
export function findCities(text: string): typeof italianCities {
  const typed = fold(text);
  const rank = (name: string) => {
    const city = fold(name);
    if (city.startsWith(typed)) return 0;
    if (city.includes(typed)) return 1;
    return ` ${typed} `.includes(` ${city} `) ? 2 : 3;
  };
  return italianCities
    .map((city) => ({ city, rank: rank(city.name) }))
    .filter((c) => c.rank < 3)
    .sort((a, b) => a.rank - b.rank || a.city.name.localeCompare(b.city.name, 'it'))
    .map((c) => c.city);
}

/** Distances as customers say them: metres below 1 km, then kilometres with one decimal. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(10, Math.round((km * 1000) / 10) * 10)} m`;
  return `${km.toLocaleString('it-IT', { maximumFractionDigits: km < 10 ? 1 : 0 })} km`;
}
