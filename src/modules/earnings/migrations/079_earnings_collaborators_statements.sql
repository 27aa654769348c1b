-- A collaborator's monthly statements are issued at the month's close too (issue [20]): a
-- statement is a holder's, a shop's or a collaborator's (as earnings_movements' holders, 075).
ALTER TABLE earnings_statements RENAME COLUMN store_id TO holder_id;
ALTER TABLE earnings_statements ADD COLUMN holder_kind text NOT NULL DEFAULT 'store' CHECK (holder_kind IN ('store', 'collaborator'));
ALTER TABLE earnings_statements ALTER COLUMN holder_kind DROP DEFAULT;
ALTER TABLE earnings_statements DROP CONSTRAINT earnings_statements_pkey;
ALTER TABLE earnings_statements ADD PRIMARY KEY (holder_kind, holder_id, month);
