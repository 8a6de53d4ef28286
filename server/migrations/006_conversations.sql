-- Conversations (replies, mentions) and notifications.
-- A reply names the post it answers. No foreign key: deleting a post leaves its replies, which then
-- name a post that is gone (their thread shows "This post was deleted").
ALTER TABLE posts ADD COLUMN reply_to uuid;
CREATE INDEX posts_replies ON posts (reply_to, created_at DESC, seq DESC, id) WHERE reply_to IS NOT NULL;
-- The feeds show the posts that start a conversation.
CREATE INDEX posts_top_latest ON posts (created_at DESC, seq DESC, id) WHERE reply_to IS NULL;
CREATE INDEX posts_top_author ON posts (author_id, created_at DESC, seq DESC, id) WHERE reply_to IS NULL;
CREATE INDEX posts_author_replies ON posts (author_id, created_at DESC, seq DESC, id) WHERE reply_to IS NOT NULL;

-- The @usernames of a post, lower case, read with the browser's pattern (@chirp/contracts MENTION):
-- kept by PostgreSQL itself, so every way a post is written has them.
CREATE FUNCTION chirp_mentions(content text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT lower(m[2])), '{}')
  FROM regexp_matches(content, '(^|[^A-Za-z0-9._@-])@([A-Za-z0-9_](?:[A-Za-z0-9._-]{0,28}[A-Za-z0-9_])?)(?![A-Za-z0-9_])', 'g') AS m
$$;
ALTER TABLE posts ADD COLUMN mentions text[] GENERATED ALWAYS AS (chirp_mentions(content)) STORED;

-- One line of someone's notifications. Likes of one post and follows gather in one line while it is
-- unread (`grp`: the unique index below is what an event joins); a reply or a mention is a line of
-- its own. `seq` orders the page newest first and moves when a line gains an actor.
CREATE SEQUENCE notifications_order;
CREATE TABLE notifications (
  id             uuid PRIMARY KEY,
  user_id        uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind           text NOT NULL CHECK (kind IN ('like', 'follow', 'reply', 'mention')),
  grp            text NOT NULL,
  post_id        uuid REFERENCES posts (id) ON DELETE CASCADE,
  actor_ids      uuid[] NOT NULL,
  read           boolean NOT NULL DEFAULT false,
  updated_at     timestamptz NOT NULL,
  updated_offset smallint NOT NULL,
  seq            bigint NOT NULL DEFAULT nextval('notifications_order')
);
CREATE UNIQUE INDEX notifications_open_group ON notifications (user_id, grp) WHERE NOT read;
CREATE INDEX notifications_page ON notifications (user_id, seq DESC);
CREATE INDEX notifications_post ON notifications (post_id) WHERE post_id IS NOT NULL;
