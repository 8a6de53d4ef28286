-- Full-text search of posts, kept at write time so a search never scans the table: the words of each post, without stemming ('simple', as the
-- in-browser back end matches whole words), kept by PostgreSQL itself and indexed for @@ queries.
ALTER TABLE posts ADD COLUMN search tsvector GENERATED ALWAYS AS (to_tsvector('simple', content)) STORED;
CREATE INDEX posts_search ON posts USING GIN (search);
