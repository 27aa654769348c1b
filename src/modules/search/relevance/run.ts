import { acceptedNames, demoCatalogue, scoreQuery, type Answer, type QueryScore } from './measure.js';
import { cities, radiusKm, relevanceQueries, type RelevanceQuery } from './queries.js';

/**
 * Our search's answer to a query as the search page asks it, but ranked by relevance (the
 * page's "Pertinenza"; its default order is distance, which says nothing of relevance): from the
 * city's centre, within the default radius, the first 10.
 */
export function searchPath(query: RelevanceQuery): string {
  const { latitude, longitude } = cities[query.city];
  return `/api/search/products?q=${encodeURIComponent(query.q)}&lat=${latitude}&lng=${longitude}&radius=${radiusKm}&sort=relevance&pageSize=10`;
}

/** Every query of the set through `answer` (a few at a time), scored against what people accept. */
export async function runRelevance(answer: (query: RelevanceQuery) => Promise<Answer>, parallel = 4): Promise<QueryScore[]> {
  const catalogue = demoCatalogue();
  const scores = new Array<QueryScore>(relevanceQueries.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < relevanceQueries.length) {
        const i = next++;
        const query = relevanceQueries[i]!;
        scores[i] = scoreQuery(query, acceptedNames(query, catalogue), await answer(query));
      }
    }),
  );
  return scores;
}
