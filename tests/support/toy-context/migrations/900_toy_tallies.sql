-- The toy context's read model (tests/toy-context.int.test.ts). Numbered beyond the product's
-- migrations so that it stays the last whatever migration the product gains; a real module takes
-- the next number after the last of every folder.
CREATE TABLE toy_tallies (
  id uuid PRIMARY KEY,
  total integer NOT NULL
);
