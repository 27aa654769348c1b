import { fetchUtils, type DataProvider } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';
import type { AdminAnalytics } from '@contracts/analytics';
import type { HistoryEvent, HistoryState } from '@contracts/history';
import type { dataManagementApi } from '@contracts/data-management';
import type { BodyOf, ResponseOf } from '@platform/http/contract';
import type { AggregateType } from '../features';

/*
 * The admin API (docs/api-admin.md) follows ra-data-simple-rest under /api/admin, same origin with
 * the session cookie. Errors keep the server's Italian message (fetchJson reads `message`).
 */
const httpClient = (url: string, options: fetchUtils.Options = {}) => fetchUtils.fetchJson(url, { ...options, credentials: 'include' });

const getJson = async <T>(url: string): Promise<T> => (await httpClient(url)).json as T;

/** One event of an aggregate's history (GET /api/admin/history/:type/:id). */
export type { HistoryEvent };
/** The names of the records a history's ids stand for, by id. */
export type References = HistoryEvent['references'];
/** An aggregate as it stood after one of its events (GET …/as-of/:revision). */
export type StateAsOf = HistoryState;

/** GET /api/admin/analytics: each series built by its own projection. */
export type Analytics = AdminAnalytics;

/** The aggregates whose history the admin can read, as the history endpoint names them: those the features declare (Feature.history). */
export type { AggregateType };

const extras = {
  history: (type: AggregateType, id: string) => getJson<HistoryEvent[]>(`/api/admin/history/${type}/${encodeURIComponent(id)}`),
  historyAsOf: (type: AggregateType, id: string, revision: number) => getJson<StateAsOf>(`/api/admin/history/${type}/${encodeURIComponent(id)}/as-of/${revision}`),
  analytics: (days: number) => getJson<Analytics>(`/api/admin/analytics?days=${days}`),
  rebuildProjection: (name: string) => httpClient(`/api/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST' }),
  /** POST /api/admin/projections/:name/correct: the event the read model stopped at, corrected (issue [16]). */
  correctEvent: async (name: string, body: BodyOf<typeof dataManagementApi.correct>) =>
    (await httpClient(`/api/admin/projections/${encodeURIComponent(name)}/correct`, { method: 'POST', body: JSON.stringify(body) })).json as ResponseOf<
      typeof dataManagementApi.correct
    >,
  /** POST /api/uploads (multipart, field `file`) → the stored file's URL. */
  upload: async (file: File): Promise<string> => {
    const body = new FormData();
    body.append('file', file);
    const { json } = await httpClient('/api/uploads', { method: 'POST', body });
    return (json as { url: string }).url;
  },
};

/**
 * The sort a list asks for to get the server's own order (e.g. pending stores first):
 * ra-data-simple-rest always sends a sort, so such a list is read without one.
 */
export const serverOrder = { field: 'serverOrder', order: 'ASC' } as const;

const base = simpleRestProvider('/api/admin', httpClient);

export type AdminDataProvider = DataProvider & typeof extras;

export const dataProvider: AdminDataProvider = {
  ...base,
  getList: async (resource, params) => {
    if (params.sort?.field !== serverOrder.field) return base.getList(resource, params);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
    const query = new URLSearchParams({ range: JSON.stringify([(page - 1) * perPage, page * perPage - 1]), filter: JSON.stringify(params.filter ?? {}) });
    const { json, headers } = await httpClient(`/api/admin/${resource}?${query}`, { signal: params.signal });
    return { data: json, total: Number(headers.get('content-range')?.split('/').pop() ?? 0) };
  },
  ...extras,
};
