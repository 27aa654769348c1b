-- The admin's lists of accounts by role and of stores by status, sorted by date (then id, as
-- every list breaks ties): with the id in the index too, a page is read in the list's order from
-- the index alone, its rows and no more (admin-rest.ts filters one value by equality for this).
-- Without it the planner went through the whole date index of the accounts looking at every
-- row's role (6.2 ms a later page of customers, 0.9 now), or sorted every store of a status.
DROP INDEX users_role_created;
CREATE INDEX users_role_created ON users (role, created_at, id);
DROP INDEX stores_status;
CREATE INDEX stores_status ON stores (status, created_at, id);
