-- Who muted and who blocked whom (@chirp/contracts' safety.ts says what each means). One row per
-- pair, in the order they were made. The lists read them from both sides: the person's own (by the
-- primary key) and who blocked a viewer (by the second index), so hiding them is an anti-join on an
-- index, whatever the number of blocks.
CREATE TABLE mutes (
  muter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  muted_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq      bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (muter_id, muted_id),
  CHECK (muter_id <> muted_id)
);
CREATE INDEX mutes_muted ON mutes (muted_id);

CREATE TABLE blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  seq        bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_blocked ON blocks (blocked_id);
