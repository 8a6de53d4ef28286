-- The log-in limits, counted here so that every instance on this database shares them;
-- before, each instance counted in its own memory and N instances allowed N times the limit. Every
-- change is one statement (or one function call) that locks the row it counts on: no session state,
-- so it works through PgBouncer in transaction mode. Rows whose window has passed are swept
-- (server/src/limits.ts).

-- Log-ins and sign-ups per client address (AUTH_RATE_LIMIT): a fixed window per route and address,
-- as @fastify/rate-limit counts it — it opens with the first call and `hits` counts every call in it,
-- refused ones included.
CREATE TABLE auth_rate_windows (
  route       text NOT NULL,
  address     text NOT NULL,
  hits        integer NOT NULL,
  window_ends timestamptz NOT NULL,
  PRIMARY KEY (route, address)
);
CREATE INDEX auth_rate_windows_ends ON auth_rate_windows (window_ends);

-- Failed log-ins per account (LOGIN_FAILURE_LIMIT), a sliding window: the times of the failures not
-- yet out of it (at most the limit: beyond it no attempt is let through), and when the newest leaves.
CREATE TABLE login_failures (
  account    text PRIMARY KEY,
  failed_at  timestamptz[] NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_failures_expires ON login_failures (expires_at);

-- Claims a log-in attempt for `who`: 0 when it may try (the attempt is counted as a failure at once,
-- and a success clears the account's row), else the milliseconds until the oldest failure that holds
-- it leaves the window. Counting before the password is checked means simultaneous attempts, through
-- any instances, cannot get more than `max_failures` guesses past the limit.
CREATE FUNCTION chirp_claim_login_attempt(who text, window_ms double precision, max_failures integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  span interval := window_ms * interval '1 millisecond';
  kept timestamptz[];
BEGIN
  INSERT INTO login_failures AS f (account, failed_at, expires_at) VALUES (who, ARRAY[now()], now() + span)
  ON CONFLICT (account) DO UPDATE SET
    failed_at = ARRAY(SELECT at FROM unnest(f.failed_at) AS at WHERE at > now() - span ORDER BY at) || now(),
    expires_at = greatest(f.expires_at, now() + span)
  WHERE (SELECT count(*) FROM unnest(f.failed_at) AS at WHERE at > now() - span) < max_failures;
  IF FOUND THEN
    RETURN 0;
  END IF;
  -- Refused. ON CONFLICT locked the row even though its WHERE refused the update, so this reads the
  -- very failures that refused it.
  SELECT ARRAY(SELECT at FROM unnest(failed_at) AS at WHERE at > now() - span ORDER BY at) INTO kept
    FROM login_failures WHERE account = who;
  RETURN ceil(extract(epoch FROM kept[cardinality(kept) - max_failures + 1] + span - now()) * 1000)::integer;
END $$;
