import { useSearchParams } from 'react-router-dom';
import type { MapSettings } from '../site-settings/api';
import type { SearchSort } from './api';

/* The search's filters, kept in the URL so a search can be shared, reloaded and gone back to. */

const commonRadii = [1, 2, 5, 10, 20, 50];
export const sorts: { value: SearchSort; label: string }[] = [
  { value: 'distance', label: 'Distanza' },
  { value: 'relevance', label: 'Rilevanza' },
  { value: 'price', label: 'Prezzo' },
];

/** A map zoom that shows roughly the whole search circle. */
export const zoomFor = (radius: number) => (radius <= 1 ? 15 : radius <= 2 ? 14 : radius <= 5 ? 13 : radius <= 10 ? 12 : radius <= 20 ? 11 : 9);

/** A radius as Italians write it: "7,5 km". */
export const km = (radius: number) => `${radius.toLocaleString('it-IT')} km`;

/** The distances offered: the usual ones and the admin's default search radius among them. */
export const radiiWith = (defaultRadius: number) => [...new Set([...commonRadii, defaultRadius])].sort((a, b) => a - b);

export interface SearchFilters {
  q: string;
  category: string;
  radius: number;
  sort: SearchSort;
  page: number;
}

/** The filters a URL asks for; what is missing or not offered falls back to the defaults. */
export function readFilters(params: URLSearchParams, maps: Pick<MapSettings, 'defaultSearchRadius'>): SearchFilters {
  const radius = Number(params.get('radius'));
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') ?? '',
    radius: radiiWith(maps.defaultSearchRadius).includes(radius) ? radius : maps.defaultSearchRadius,
    sort: sorts.some((s) => s.value === sort) ? (sort as SearchSort) : 'distance',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

export type FilterChanges = Partial<Record<keyof SearchFilters, string>>;

/** The URL's parameters after `changes`, defaults left out; any change but the page's starts at page 1. */
export function withFilters(current: URLSearchParams, changes: FilterChanges, maps: Pick<MapSettings, 'defaultSearchRadius'>): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (next.get('radius') === String(maps.defaultSearchRadius)) next.delete('radius');
  if (next.get('sort') === 'distance') next.delete('sort');
  if (!('page' in changes) || next.get('page') === '1') next.delete('page');
  return next;
}

/** The filters of the page's URL, and how to change them (`replace`: without a new history entry). */
export function useSearchFilters(maps: Pick<MapSettings, 'defaultSearchRadius'>) {
  const [params, setParams] = useSearchParams();
  const update = (changes: FilterChanges, replace = false) => setParams((current) => withFilters(current, changes, maps), { replace });
  return { filters: readFilters(params, maps), update };
}
