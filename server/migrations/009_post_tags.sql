-- Tags and words are read as the browser reads them (@chirp/contracts TAG and api-rules search.ts).
-- What separates words below, [\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f[:punct:][:space:]], is ASCII's
-- non-alphanumerics spelt out and the locale's punctuation and spaces: as the browser's \P{L}\P{N}
-- under a UTF-8 ctype. Not [^[:alnum:]]: under a C ctype (the local cluster's initdb --locale=C)
-- that is ASCII only and would cut "café" in two; there, non-ASCII punctuation stays inside words
-- instead, as PostgreSQL's own text parser does. The pattern is written out in each place, so no
-- expression depends on the search_path of whoever writes a post.

-- A post's #tags, lower case, kept by PostgreSQL itself (after LINK's addresses are taken out): a
-- `#` not after a letter, digit, `_` or `#`, then letters, digits and `_`. Every way a post is
-- written has them, and a `#tag` search reads an index instead of matching a pattern against every
-- post that holds the word.
CREATE FUNCTION chirp_tags(content text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(m[1])), '{}')
  FROM regexp_matches(
    regexp_replace(content, 'https?://[^[:space:]<>"'']+', ' ', 'g'),
    '(?<![^\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f[:punct:][:space:]]|[_#])#((?:[^\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f[:punct:][:space:]]|_)+)',
    'g'
  ) AS m
$$;

-- The words of a post as the in-browser back end splits them (runs of letters and digits), so both
-- back ends find the same posts: PostgreSQL's own parser would keep "example.com", "3.14" or an
-- address whole, and a search for "example" would miss them on the server alone. Replaces `search`:
-- both new columns come in one rewrite of the table.
DROP INDEX posts_search;
ALTER TABLE posts
  DROP COLUMN search,
  ADD COLUMN words tsvector GENERATED ALWAYS AS (
    to_tsvector('simple', regexp_replace(content, '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f[:punct:][:space:]]+', ' ', 'g'))
  ) STORED,
  ADD COLUMN tags text[] GENERATED ALWAYS AS (chirp_tags(content)) STORED;
CREATE INDEX posts_words ON posts USING GIN (words);
CREATE INDEX posts_tags ON posts USING GIN (tags);
