-- Quotas and log-in limits that hold under a burst. Before, a quota was a count of the rows already
-- written (posts, uploads), read in one statement and written in another: a burst of calls all read
-- the same count before any of them wrote, and all passed. Now every quota and limit is a sliding
-- window of claims, and a claim is one function call that locks its window's row, checks and records
-- together: claims on one window queue on that row, through any instance, with no session state (so
-- PgBouncer in transaction mode is fine). server/src/quotas.ts and server/src/limits.ts use them.

-- One window per kind of claim and subject (a user's posts, uploads, mentions; an account's failed
-- log-ins; an account's failed log-ins from one client address): the claims not yet out of the
-- window, oldest first — when each was made and how much it took (1, or an upload's bytes, or a
-- post's mentions) — and when the newest leaves it (rows past that are swept). A window keeps no more
-- claims than its limit allows (refused claims are not kept), so its row stays small.
CREATE TABLE usage_windows (
  kind       text NOT NULL,
  subject    text NOT NULL,
  claim_times timestamptz[] NOT NULL,
  claim_sizes bigint[] NOT NULL,
  expires_at timestamptz NOT NULL,
  PRIMARY KEY (kind, subject)
);
CREATE INDEX usage_windows_expires ON usage_windows (expires_at);

-- Claims `wanted` in the window of (claim_kind, claim_subject), `window_ms` long, that holds at most
-- `max_count` claims and `max_amount` in all (NULL: no such bound). `granted` is what was taken:
-- `wanted`, or with `allow_partial` as much of it as is left, or 0 when refused; `counted` the claims in the
-- window before this one; when refused, `wait_ms` the milliseconds until the window has room for it
-- (for a claim larger than `max_amount`, one whole window); `claimed_at` names the claim for
-- chirp_release_usage.
CREATE FUNCTION chirp_claim_usage(
  claim_kind text, claim_subject text, window_ms double precision, max_count integer, max_amount bigint,
  wanted bigint, allow_partial boolean,
  OUT granted bigint, OUT counted integer, OUT wait_ms integer, OUT claimed_at timestamptz
) LANGUAGE plpgsql AS $$
DECLARE
  span interval := window_ms * interval '1 millisecond';
  times timestamptz[];
  sizes bigint[];
  used bigint;
  room bigint;
  needed bigint;
  freed bigint := 0;
  free_at timestamptz := now();
  entry record;
BEGIN
  -- Made when missing and locked either way: every claim on this window waits here for the one before.
  INSERT INTO usage_windows AS w (kind, subject, claim_times, claim_sizes, expires_at)
    VALUES (claim_kind, claim_subject, '{}', '{}', now())
  ON CONFLICT (kind, subject) DO UPDATE SET expires_at = w.expires_at
  RETURNING w.claim_times, w.claim_sizes INTO times, sizes;

  -- Sorted by time: a claim made inside a longer transaction carries that transaction's start.
  SELECT coalesce(array_agg(e.t ORDER BY e.t, e.n), '{}'), coalesce(array_agg(e.size ORDER BY e.t, e.n), '{}')
    INTO times, sizes
    FROM unnest(times, sizes) WITH ORDINALITY AS e(t, size, n) WHERE e.t > now() - span;
  counted := cardinality(times);
  used := coalesce((SELECT sum(size) FROM unnest(sizes) AS size), 0);

  room := CASE WHEN max_amount IS NULL THEN wanted ELSE greatest(max_amount - used, 0) END;
  IF max_count IS NOT NULL AND counted >= max_count THEN
    room := 0;
  END IF;
  granted := CASE WHEN room >= wanted THEN wanted WHEN allow_partial THEN room ELSE 0 END;

  IF granted > 0 THEN
    times := times || now();
    sizes := sizes || granted;
    claimed_at := now();
    wait_ms := 0;
  ELSE
    -- Room comes back as the oldest claims leave: enough of them for the count, and for the amount.
    IF max_count IS NOT NULL AND counted >= max_count THEN
      free_at := times[counted - max_count + 1] + span;
    END IF;
    needed := CASE WHEN allow_partial THEN 1 ELSE wanted END;
    IF max_amount IS NOT NULL AND used + needed > max_amount THEN
      IF needed > max_amount THEN
        free_at := greatest(free_at, now() + span);
      ELSE
        FOR entry IN SELECT e.t, e.size FROM unnest(times, sizes) AS e(t, size) LOOP
          freed := freed + entry.size;
          IF used - freed + needed <= max_amount THEN
            free_at := greatest(free_at, entry.t + span);
            EXIT;
          END IF;
        END LOOP;
      END IF;
    END IF;
    wait_ms := greatest(1, ceil(extract(epoch FROM free_at - now()) * 1000))::integer;
  END IF;

  UPDATE usage_windows SET claim_times = times, claim_sizes = sizes,
      expires_at = coalesce((SELECT max(t) FROM unnest(times) AS t), now()) + span
    WHERE kind = claim_kind AND subject = claim_subject;
END $$;

-- Takes back one claim of chirp_claim_usage (the call it allowed did not happen): the window has room
-- for it again at once.
CREATE FUNCTION chirp_release_usage(claim_kind text, claim_subject text, claim_at timestamptz, amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  times timestamptz[];
  sizes bigint[];
  spot integer;
BEGIN
  SELECT w.claim_times, w.claim_sizes INTO times, sizes FROM usage_windows w
    WHERE w.kind = claim_kind AND w.subject = claim_subject FOR UPDATE;
  SELECT e.n INTO spot FROM unnest(times, sizes) WITH ORDINALITY AS e(t, size, n)
    WHERE e.t = claim_at AND e.size = amount ORDER BY e.n LIMIT 1;
  IF spot IS NOT NULL THEN
    UPDATE usage_windows SET claim_times = times[:spot - 1] || times[spot + 1:],
        claim_sizes = sizes[:spot - 1] || sizes[spot + 1:]
      WHERE kind = claim_kind AND subject = claim_subject;
  END IF;
END $$;

-- What the quotas counted before keeps counting: the uploads of the last hour and the posts of the
-- last minute, so that this migration does not hand everyone a fresh quota.
INSERT INTO usage_windows (kind, subject, claim_times, claim_sizes, expires_at)
  SELECT 'uploads', user_id::text, array_agg(created_at ORDER BY created_at), array_agg(bytes::bigint ORDER BY created_at),
      max(created_at) + interval '1 hour'
    FROM uploads WHERE created_at > now() - interval '1 hour' GROUP BY user_id;
INSERT INTO usage_windows (kind, subject, claim_times, claim_sizes, expires_at)
  SELECT 'posts', author_id::text, array_agg(created_at ORDER BY created_at), array_agg(1::bigint),
      max(created_at) + interval '1 minute'
    FROM posts WHERE created_at > now() - interval '1 minute' GROUP BY author_id;

-- login_failures and chirp_claim_login_attempt (008) counted failures per account and refused the
-- account, from every address, past the limit: anyone could lock anyone out. They are no longer used
-- (limits.ts counts in usage_windows); they stay while instances of the previous version may still run.
