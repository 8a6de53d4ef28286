-- Chirp's data (spec 3). Follow lists, likes and bookmarks are relations, one row per pair, so a
-- changed profile picture shows everywhere and "one like per pair" is a primary key, not a hope.
-- Timestamps keep the offset they were written with (the API shows `YYYY-MM-DDTHH:mm:ss±hh:mm`).

CREATE TABLE users (
  id             uuid PRIMARY KEY,
  username       text NOT NULL CHECK (username ~ '^[A-Za-z0-9._-]{1,30}$'),
  first_name     text NOT NULL,
  last_name      text NOT NULL,
  password_hash  text NOT NULL,
  profile_pic    text NOT NULL,
  title          text NOT NULL,
  bio            text NOT NULL,
  website        text NOT NULL,
  -- Other sign-up fields, stored as given (spec 3): text values only.
  extras         jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(extras) = 'object'),
  created_at     timestamptz NOT NULL,
  created_offset smallint NOT NULL,
  updated_at     timestamptz NOT NULL,
  updated_offset smallint NOT NULL,
  -- The order of the user list (sign-up order).
  seq            bigint GENERATED ALWAYS AS IDENTITY
);
-- Unique regardless of case, so nobody can pose as 'GuestUser'; also serves exact lookups.
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE INDEX users_seq ON users (seq);

CREATE TABLE posts (
  id             uuid PRIMARY KEY,
  author_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content        text NOT NULL CHECK (char_length(content) <= 500),
  image          text,
  like_count     integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  created_at     timestamptz NOT NULL,
  created_offset smallint NOT NULL,
  updated_at     timestamptz NOT NULL,
  updated_offset smallint NOT NULL,
  CHECK (content <> '' OR image IS NOT NULL)
);
-- The feeds: latest (newest first, ties by id), trending (most liked first), and one author's posts.
CREATE INDEX posts_latest ON posts (created_at DESC, id);
CREATE INDEX posts_trending ON posts (like_count DESC, created_at DESC, id);
CREATE INDEX posts_author ON posts (author_id, created_at DESC, id);

-- likedBy (liked = true) and dislikedBy (liked = false): one reaction per user and post.
CREATE TABLE post_reactions (
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  liked   boolean NOT NULL,
  seq     bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (post_id, user_id)
);
CREATE INDEX post_reactions_user ON post_reactions (user_id);

CREATE TABLE bookmarks (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  seq     bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX bookmarks_post ON bookmarks (post_id);

CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq         bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (follower_id, followee_id),
  CHECK (follower_id <> followee_id)
);
CREATE INDEX follows_followee ON follows (followee_id);
