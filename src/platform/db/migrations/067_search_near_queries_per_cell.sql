-- The search near a point (issue [17]'s speed), found by EXPLAIN (ANALYZE, BUFFERS) on the
-- 200,000-product data (npm run bench:search, never cached), for a query the vocabulary expands:
-- «dolci» asks for 23 stems (pasticcini, torta, crostata…), each in the 12 cells around Milan.
--
-- 1. near_query() asked the index for one query of 276 words: GIN walks every product found
--    against all 276 (its consistent check and the merge of its lists are both per word), so the
--    index scan alone took 20-27 ms for 2,358 products. A product is written in one cell of each
--    level, so the query in the cells is the union of the query in each cell: one query a cell
--    (23 words each), which the index reads one after the other into one bitmap
--    (near_vector @@ ANY(…)), the same products for a fraction of the work. The search writes
--    them itself where it knows the query's text (queries.ts nearQueries: a regular expression
--    pass a cell costs PostgreSQL about 1 ms for such a query); near_queries() here where the
--    query is put together in SQL (the first search of words the vocabulary expands).
-- 2. The vocabulary's alternatives ask for a word in a product's name or category (weights A and
--    B, migration 064). The index cannot tell weights apart: every product it found through them
--    was checked again against near_vector with the whole 276-word query (1,616 of 2,358 left
--    out, about 10 µs each). The cells' queries leave the weights out, so the index's answer is exact
--    and nothing is checked again on near_vector; the weights are checked once on search_vector,
--    a product's words without the cells, against the query as written (queries.ts).
CREATE FUNCTION near_queries(words tsquery, cells text[]) RETURNS tsquery[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(regexp_replace(words::text, $re$'((?:[^']|'')*)'(?::(\*?)[A-D]*)?$re$, '''' || c || ':\1'':\2', 'g')::tsquery ORDER BY n), '{}')
         FROM unnest(cells) WITH ORDINALITY u (c, n) $$;
