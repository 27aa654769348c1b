-- Still the admin product search (migration 020), on the 200,000-product data: for a common word
-- on a later page (OFFSET 75) the planner kept walking products by date, calling f_unaccent on
-- every row it passed until 100 matched (41-135 ms for caffè, pomodori, mozzarella; full
-- bench:admin p95 112 ms), rather than reading the word's few thousand matches from the trigram
-- index and sorting them (6-25 ms). f_unaccent is a dictionary lookup per call, costed as any SQL
-- function (100); at 1000 the walk is chosen only where matches are dense enough to pay (a single
-- letter), and a search filter on it runs after the cheaper conditions of a row.
ALTER FUNCTION f_unaccent(text) COST 1000;
