/**
 * A read replica for the list reads, to take them off the primary (server/README.md, "Read replica"), with read-your-writes
 * across instances: a change's answer names the primary's WAL position after its commit, the page sends
 * the highest it was answered with its reads, and a read goes to the replica only when the replica has
 * replayed that far — else to the primary, at once (nothing waits). The replica's replayed position is
 * asked every `pollMs` and kept, so a read costs no extra round trip.
 */
import { walPosition } from '@chirp/contracts';
import pg from 'pg';
import { openPool, pooled } from './postgres';
import type { Queryable, Sql } from './sql';

export interface ReadReplica {
  /**
   * Where a list read goes: the replica, unless the caller wrote after what it has replayed
   * (`readAfter`, the caller's Chirp-Read-After) or it does not answer; then the primary.
   */
  sqlFor(readAfter: string | undefined): Promise<Sql>;
  /** The primary's WAL position now: after a commit, what a replica must have replayed to show it. */
  writtenPosition(): Promise<string>;
  close(): Promise<void>;
}

export interface ReplicaOptions {
  connectionString: string;
  schema?: string;
  maxConnections?: number;
  /** How often the replica's replayed position is asked. */
  pollMs?: number;
  /** The replica's replayed position, as `pg_lsn` text (a seam for tests); default: asked of the replica. */
  replayedPosition?: (replica: Queryable) => Promise<string | null>;
}

const POLL_MS = 50;
/**
 * A replica that failed (its position or a read) is left alone this long, and one whose position has
 * not come for this long is taken as gone (it may hang rather than refuse).
 */
const SILENT_MS = 1000;
const CONNECT_TIMEOUT_MS = 2000;

/**
 * On a standby, what it has replayed; on a server that is not one (a test's, or a promoted replica),
 * its own position: it holds everything written.
 */
const POSITION_SQL = `SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END)::text AS position`;
/**
 * The insert position rather than pg_current_wal_lsn() (the write position): after a commit it is past
 * the commit record even with synchronous_commit off, when the write position may not be yet.
 */
const WRITTEN_SQL = 'SELECT pg_current_wal_insert_lsn()::text AS position';

const askReplica = async (replica: Queryable) =>
  (await replica.query<{ position: string | null }>(POSITION_SQL)).rows[0]?.position ?? null;

/** What the server knows of the replica: the position it last said it had replayed, when, and its last failure. */
export interface ReplicaState {
  replayed: bigint | null;
  /** Date.now() of its last answer; null: never answered. */
  answeredAt: number | null;
  /** Date.now() of its last failure; null: none. */
  failedAt: number | null;
}

/** Whether the replica may take reads: it answered its position within a second, and has not failed within one. */
export const replicaAnswers = (state: ReplicaState, now: number) =>
  state.answeredAt !== null && now - state.answeredAt <= SILENT_MS && (state.failedAt === null || now - state.failedAt > SILENT_MS);

/**
 * The read's target: the primary when the replica does not answer, or when the caller asked for a
 * position the replica has not replayed (an unknown one included); else the replica. A read that names
 * no position (or one that is not a position) goes to the replica. A position past `primaryPosition`
 * (the primary's, read after the caller's was answered) counts as that one: it was never written — made up, or
 * from a primary lost in a failover — and would otherwise keep the caller's reads on the primary for good.
 */
export function readTarget(
  state: ReplicaState,
  readAfter: string | undefined,
  now: number,
  primaryPosition: bigint | null = null,
): 'replica' | 'primary' {
  if (!replicaAnswers(state, now)) return 'primary';
  const asked = walPosition(readAfter);
  if (asked === null) return 'replica';
  const wanted = primaryPosition !== null && asked > primaryPosition ? primaryPosition : asked;
  return state.replayed !== null && state.replayed >= wanted ? 'replica' : 'primary';
}

/**
 * Failures that say the replica cannot answer now (not that the query is wrong): connection failures
 * (SQLSTATE class 08), too many connections or out of resources (53), shutting down or starting (57),
 * a query cancelled by a conflict with the replay (40001); and the driver's own, which carry no SQLSTATE.
 */
function replicaCannotAnswer(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|53|57)/.test(error.code ?? '') || error.code === '40001';
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && /^E[A-Z]+$/.test(code)) ||
    /^Connection terminated|timeout exceeded when trying to connect|connection error/i.test(String(message))
  );
}

const withinSilence = <T>(work: Promise<T>): Promise<T> =>
  Promise.race([
    work,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`no answer within ${SILENT_MS} ms`)), SILENT_MS).unref()),
  ]);

/** Opens the replica's pool and starts following its position; a replica that does not answer is not fatal. */
export async function openReadReplica(primary: Sql, options: ReplicaOptions): Promise<ReadReplica> {
  const state: ReplicaState = { replayed: null, answeredAt: null, failedAt: null };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastFailure = 'it has not answered yet';
  const failed = (error: Error) => {
    state.failedAt = Date.now();
    lastFailure = error.message;
  };
  /** Says when the replica stops answering and when it answers again: once each, not per read. */
  let silent = false;
  const sayChanges = () => {
    if (stopped || silent === !replicaAnswers(state, Date.now())) return;
    silent = !silent;
    if (silent) console.warn(`The read replica does not answer (${lastFailure}): list reads go to the primary until it does.`);
    else console.info('The read replica answers again: list reads go to it.');
  };
  const pool = openPool(
    { connectionString: options.connectionString, schema: options.schema, maxConnections: options.maxConnections, connectTimeoutMs: CONNECT_TIMEOUT_MS },
    failed,
  );
  const onReplica = pooled(pool);
  const replayedPosition = options.replayedPosition ?? askReplica;
  const poll = async () => {
    try {
      state.replayed = walPosition(await withinSilence(replayedPosition(onReplica)));
      state.answeredAt = Date.now();
    } catch (error) {
      failed(error as Error);
    }
    sayChanges();
  };
  const follow = () => {
    if (stopped) return;
    timer = setTimeout(() => void poll().then(follow), options.pollMs ?? POLL_MS);
    timer.unref();
  };
  await poll();
  follow();

  /** Each query on the replica; one it cannot answer is asked of the primary instead. */
  const orPrimary = async <T>(onReplicaCall: () => Promise<T>, onPrimaryCall: () => Promise<T>): Promise<T> => {
    try {
      return await onReplicaCall();
    } catch (error) {
      if (!replicaCannotAnswer(error)) throw error;
      // A query cancelled by the replay's conflict says nothing of the replica's health.
      if (!(error instanceof pg.DatabaseError && error.code === '40001')) {
        failed(error as Error);
        sayChanges();
      }
      return onPrimaryCall();
    }
  };
  const replica: Sql = {
    kind: 'postgres',
    query: (text, params, options) => orPrimary(() => onReplica.query(text, params, options), () => primary.query(text, params, options)),
    exec: (text) => orPrimary(() => onReplica.exec(text), () => primary.exec(text)),
    transaction: (work) => orPrimary(() => onReplica.transaction(work), () => primary.transaction(work)),
    // Reads never listen; the primary's connection for LISTEN serves anyone who does.
    listen: (channel, listener) => primary.listen(channel, listener),
    close: async () => undefined,
  };

  /** The primary's position as last read (after a change, or for a read naming a later one). */
  let primaryPosition: bigint | null = null;
  const readPrimaryPosition = async () => {
    const { rows } = await primary.query<{ position: string }>(WRITTEN_SQL);
    primaryPosition = walPosition(rows[0]!.position);
    return rows[0]!.position;
  };
  /**
   * Whether the primary must be asked where it is before the read is placed: only for a position past
   * the last one heard of, that the replica has not replayed either — a change made through another
   * instance a moment ago, or a position never written.
   */
  const beyondWhatIsKnown = (asked: bigint | null) =>
    asked !== null &&
    replicaAnswers(state, Date.now()) &&
    (state.replayed === null || state.replayed < asked) &&
    (primaryPosition === null || primaryPosition < asked);

  return {
    async sqlFor(readAfter) {
      // Asked now, after the caller's position was written (if it was). A primary that does not
      // answer clamps nothing: the read goes to it and says why it failed.
      const primaryNow = beyondWhatIsKnown(walPosition(readAfter))
        ? await readPrimaryPosition().then(walPosition, () => null)
        : null;
      return readTarget(state, readAfter, Date.now(), primaryNow) === 'replica' ? replica : primary;
    },
    writtenPosition: readPrimaryPosition,
    async close() {
      stopped = true;
      clearTimeout(timer);
      await pool.end();
    },
  };
}
