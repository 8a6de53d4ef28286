-- Reports and moderation (@chirp/contracts' moderation.ts says what each means).
-- The `moderator` role, and suspended accounts (no log-in; none of their posts is shown). The partial
-- index keeps "not by a suspended author" an anti-join on the few suspended rows.
ALTER TABLE users ADD COLUMN moderator boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
CREATE INDEX users_suspended ON users (id) WHERE suspended_at IS NOT NULL;

-- A post moderators hid: only its author is shown it, marked so.
ALTER TABLE posts ADD COLUMN removed_at timestamptz;

-- One report per reporter and post (reporting again replaces it); open until a moderator acts on the
-- post or dismisses its reports.
CREATE TABLE reports (
  reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  post_id     uuid NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  reason      text NOT NULL CHECK (reason IN ('spam', 'harassment', 'illegal', 'other')),
  details     text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL,
  resolved_at timestamptz,
  PRIMARY KEY (reporter_id, post_id)
);
CREATE INDEX reports_open ON reports (post_id, created_at) WHERE resolved_at IS NULL;

-- Every moderator action. What it names goes when deleted (an account's deletion leaves nothing of it).
CREATE TABLE moderation_audit (
  id           uuid PRIMARY KEY,
  seq          bigint GENERATED ALWAYS AS IDENTITY,
  moderator_id uuid REFERENCES users (id) ON DELETE SET NULL,
  action       text NOT NULL CHECK (action IN ('hide', 'restore', 'suspend', 'unsuspend', 'dismiss')),
  post_id      uuid REFERENCES posts (id) ON DELETE SET NULL,
  user_id      uuid REFERENCES users (id) ON DELETE SET NULL,
  at           timestamptz NOT NULL
);
CREATE INDEX moderation_audit_seq ON moderation_audit (seq DESC);
