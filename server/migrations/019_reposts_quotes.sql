-- Reposts and quotes. A repost is one row per person and post ("one repost per pair" is the primary
-- key); the post's Following list reads them by the reposter and time (reposts_by_user) and the
-- latest of one post's (reposts_of_post). Deleting the post deletes its reposts.
CREATE TABLE reposts (
  post_id        uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL,
  created_offset smallint NOT NULL,
  seq            bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX reposts_by_user ON reposts (user_id, created_at DESC, seq DESC, post_id);
CREATE INDEX reposts_of_post ON reposts (post_id, created_at DESC, seq DESC);

-- A quote names the post it embeds. No foreign key, as for replies: deleting the quoted post leaves
-- the quote, which then shows "This post was deleted" in its place.
ALTER TABLE posts ADD COLUMN quote_of uuid;

