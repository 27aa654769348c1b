-- The view of migration 044 tied the users table to the credits' list: a rebuild of the users read
-- model beside the live tables could not put its new table in place. The list reads the owner's
-- names by id instead (src/modules/credits/queries.ts).
DROP VIEW credit_balances;
