-- 012: kept names compared by their confusable skeleton (docs/protocol.md 1,
-- names.h name_key), so that a look-alike of a kept name ("Ada" with a
-- Cyrillic A U+0410, or with a zero-width space) is the same name.
--
-- name_skeleton: names.h name_key of the display name. UNIQUE, so two
-- accounts can never keep one name even when two nodes write at once; NULL
-- allows several, which only rows the store could not fill have (below).
-- SQL cannot compute a skeleton, so the column starts NULL: every time the
-- store opens it fills the NULL ones in the order the accounts were made
-- (sql_store.cpp fill_name_skeletons). An account whose skeleton an older
-- account already has (a look-alike made before this migration) keeps NULL:
-- it still logs in by exactly its name (its 006 name_key), and keeps a name
-- again as soon as it renames itself to one that is free.
--
-- name_keys: the version of the rules and Unicode data (names.h
-- name_key_version) the skeletons were made with; when the running build's
-- differs (an ICU upgrade), the store computes every skeleton again.
-- accounts.name_key (006) is still written, for its UNIQUE constraint.
ALTER TABLE accounts ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX accounts_by_name_skeleton ON accounts (name_skeleton);
CREATE TABLE name_keys (
  version TEXT NOT NULL
);
