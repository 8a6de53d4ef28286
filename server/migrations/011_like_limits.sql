-- Likes and dislikes per account (LIKES_PER_MINUTE), counted here so that every instance on this
-- database shares the count: a fixed window per account that opens with its first like or dislike.
-- One row per account that has liked, reused window after window, so there is nothing to sweep. No
-- foreign key to users: putting the seeds back (TRUNCATE users) need not know of this table, and a
-- row whose account is gone is never read again. Counted by one statement that locks the row
-- (server/src/like-limits.ts).
CREATE TABLE like_windows (
  user_id     uuid PRIMARY KEY,
  hits        integer NOT NULL,
  window_ends timestamptz NOT NULL
);
