-- Usernames of deleted accounts, reserved for a while (USERNAME_GRACE_DAYS of @chirp/contracts) so
-- that nobody can pose as someone who just left. Only a digest of the lower-case name is kept
-- (SHA-256, hex): no table names the person once the account is gone.
CREATE TABLE username_reservations (
  digest  text PRIMARY KEY CHECK (digest ~ '^[0-9a-f]{64}$'),
  free_at timestamptz NOT NULL
);
CREATE INDEX username_reservations_free ON username_reservations (free_at);
