-- The view of migration 064 tied the search vocabulary's read model to the back office's list: a
-- rebuild of the read model beside the live tables could not put its new table in place (DROP
-- TABLE refused while the view depended on it). The list reads the same as a subquery instead
-- (src/modules/search/vocabulary/queries.ts), as the credits' list did for migration 047.
DROP VIEW search_vocabulary_entries;
