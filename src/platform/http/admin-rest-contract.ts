import { z } from 'zod';
import { del, get, idParams, put } from './contract.js';

/*
 * The request side of the admin's list contract (admin-rest.ts), pure zod so that the modules'
 * contracts, which the web imports too, can declare their admin lists with it.
 */

/** The query string as the route receives it: the three JSON parameters still as text. */
export const listQuerystring = z.object({
  sort: z.string({ error: 'Ordinamento: scrivi ["campo","ASC"] o ["campo","DESC"].' }).max(200, 'Ordinamento: al massimo 200 caratteri.').optional(),
  range: z.string({ error: 'Intervallo: scrivi [inizio, fine], due interi.' }).max(100, 'Intervallo: al massimo 100 caratteri.').optional(),
  filter: z.string({ error: 'Filtro: scrivi un oggetto JSON.' }).max(30_000, 'Filtro: al massimo 30000 caratteri.').optional(),
});

/**
 * The calls react-admin's simple REST provider makes of one admin resource at `url`, each declared
 * with its Italian summary where the module has it: the list of `row`s (sort, range and filter as
 * JSON text, the total in Content-Range), one record by id, its change (react-admin sends the whole
 * record on PUT: only the `body`'s fields are read) and its removal, answering the record as it
 * was. A record is `row` unless the resource shows more of one (`record`).
 */
export function adminResource<const U extends string, Row extends z.ZodType, Rec extends z.ZodType = Row>(url: U, row: Row, record: Rec = row as z.ZodType as Rec) {
  const one = `${url}/:id` as const;
  return {
    list: (summary: string) => get(url, summary, { 200: z.array(row) }, { querystring: listQuerystring }),
    get: (summary: string) => get(one, summary, { 200: record }, { params: idParams }),
    update: <B extends z.ZodType>(summary: string, body: B) => put(one, summary, { 200: record }, { params: idParams, body }),
    delete: (summary: string) => del(one, summary, { 200: record }, { params: idParams }),
  };
}
