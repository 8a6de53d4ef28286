-- Every accepted upload: who sent it, how large, when. It bounds uploads per user and hour (across
-- every instance: the count is here, not in one process), and lets a sweep remove the images that no
-- post or profile came to use.
CREATE TABLE uploads (
  name       text PRIMARY KEY,
  user_id    uuid NOT NULL,
  bytes      integer NOT NULL CHECK (bytes >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_time ON uploads (user_id, created_at);
CREATE INDEX uploads_time ON uploads (created_at);
