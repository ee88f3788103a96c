-- 002: which node runs a table's room when several nodes share PostgreSQL
-- (docs/operations.md, "Who owns a table"). A lease: the owner renews it
-- well before lease_until_ms; when a node dies its leases run out and
-- another node may claim the table and load it.
CREATE TABLE table_owners (
  table_id TEXT PRIMARY KEY REFERENCES tables (id),
  node TEXT NOT NULL,
  lease_until_ms BIGINT NOT NULL
);
CREATE INDEX table_owners_by_node ON table_owners (node);
