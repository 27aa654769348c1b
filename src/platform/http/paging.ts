import { queryInt } from './schemas.js';

/**
 * `?page=&pageSize=` of a list that answers a bare array (the spec §7 shapes). Without them the
 * list answers its first `defaultSize` rows, as it did before it was paged. Pure zod: contracts
 * use it.
 */
export const pageQuery = (defaultSize: number, maxSize = defaultSize) => ({
  page: queryInt('Pagina', 1, 100_000).default(1),
  pageSize: queryInt('Elementi per pagina', 1, maxSize).default(defaultSize),
});

export interface Paging {
  page: number;
  pageSize: number;
}
