import { useSearchParams } from 'react-router-dom';
import type { MapSettings } from '../site-settings/api';
import type { NearbyDelivery, SearchSort } from './api';

/* The search's filters, kept in the URL so a search can be shared, reloaded and gone back to. */

const commonRadii = [1, 2, 5, 10, 20, 50];
export const sorts: { value: SearchSort; label: string }[] = [
  { value: 'distance', label: 'Distanza' },
  { value: 'relevance', label: 'Rilevanza' },
  { value: 'price', label: 'Prezzo' },
];

/** How the shops nearby hand their goods over, as the filters name it. */
export const deliveries: { value: NearbyDelivery; label: string }[] = [
  { value: 'pickup', label: 'Ritiro in negozio' },
  { value: 'shipping', label: 'Spedizione' },
];

/** A map zoom that shows roughly the whole search circle. */
export const zoomFor = (radius: number) => (radius <= 1 ? 15 : radius <= 2 ? 14 : radius <= 5 ? 13 : radius <= 10 ? 12 : radius <= 20 ? 11 : 9);

/** The order a search without a chosen one comes in (the API's default): the best matches first with words, the nearest without. */
export const sortOf = ({ q, sort }: Pick<SearchFilters, 'q' | 'sort'>): SearchSort => sort || (q ? 'relevance' : 'distance');

/** The distances offered: the usual ones and the admin's default search radius among them. */
export const radiiWith = (defaultRadius: number) => [...new Set([...commonRadii, defaultRadius])].sort((a, b) => a - b);

/** What the page lists: the products found, or the shops nearby (browsing without a query). */
export type SearchView = 'products' | 'shops';

export interface SearchFilters {
  q: string;
  category: string;
  radius: number;
  /** '' for the search's own order: the best matches first with words, the nearest without. */
  sort: SearchSort | '';
  page: number;
  /** The words as typed, none corrected (after «Cerca invece …»). */
  asTyped: boolean;
  view: SearchView;
  /** Shops: only those open now. */
  openNow: boolean;
  /** Shops: only those that take pickups, or that ship; '' for any. */
  delivery: NearbyDelivery | '';
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
    sort: sorts.some((s) => s.value === sort) ? (sort as SearchSort) : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    asTyped: params.get('asTyped') === 'true',
    view: params.get('view') === 'shops' ? 'shops' : 'products',
    openNow: params.get('openNow') === 'true',
    delivery: deliveries.find((d) => d.value === params.get('delivery'))?.value ?? '',
  };
}

export type FilterChanges = Partial<Record<keyof SearchFilters, string>>;

/**
 * The URL's parameters after `changes`, defaults left out; any change but the page's starts at
 * page 1, and new words are corrected again unless asked otherwise.
 */
export function withFilters(current: URLSearchParams, changes: FilterChanges, maps: Pick<MapSettings, 'defaultSearchRadius'>): URLSearchParams {
  const next = new URLSearchParams(current);
  if ('q' in changes && !('asTyped' in changes)) next.delete('asTyped');
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  if (next.get('view') === 'products') next.delete('view');
  if (next.get('asTyped') !== 'true') next.delete('asTyped');
  if (next.get('openNow') !== 'true') next.delete('openNow');
  if (next.get('radius') === String(maps.defaultSearchRadius)) next.delete('radius');
  if (!('page' in changes) || next.get('page') === '1') next.delete('page');
  return next;
}

/** The search page's address with the filters of `current` changed by `changes`. */
export const searchHref = (current: URLSearchParams, changes: FilterChanges, maps: Pick<MapSettings, 'defaultSearchRadius'>): string => {
  const query = withFilters(current, changes, maps).toString();
  return query ? `/search?${query}` : '/search';
};

/**
 * The filters of the page's URL, how to change them (`replace`: without a new history entry), and
 * the address of the page with some changed (for links).
 */
export function useSearchFilters(maps: Pick<MapSettings, 'defaultSearchRadius'>) {
  const [params, setParams] = useSearchParams();
  const update = (changes: FilterChanges, replace = false) => setParams((current) => withFilters(current, changes, maps), { replace });
  const hrefWith = (changes: FilterChanges) => searchHref(params, changes, maps);
  return { filters: readFilters(params, maps), update, hrefWith };
}
