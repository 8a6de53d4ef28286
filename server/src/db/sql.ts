/**
 * The one small query interface the server uses, with two implementations: PostgreSQL through `pg`
 * (a pool) when DATABASE_URL is set, and embedded PostgreSQL (PGlite, in a data folder) otherwise.
 */
export interface Rows<Row> {
  rows: Row[];
}

export interface QueryOptions {
  /**
   * A hot read: PostgreSQL keeps it prepared on each pooled connection, so it is planned there once
   * rather than at every call (planning is most of a list page's SQL time). Only for a text built from
   * code alone, its values all parameters: each distinct text is kept on every connection.
   */
  prepared?: boolean;
}

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<Rows<Row>>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

/** What listens to a channel (NOTIFY): the live updates, which every instance must hear. */
export interface ChannelListener {
  /** Each payload sent on the channel, in commit order. */
  message(payload: string): void;
  /** Listening (again, after a lost connection): anything sent in between was not heard. */
  listening(): void;
}

export interface Sql extends Queryable {
  /**
   * Listens on `channel` (a plain lower-case name) until the answered function is called. PostgreSQL
   * uses a connection of its own, outside the pool (and any transaction pooler), opened again when lost.
   */
  listen(channel: string, listener: ChannelListener): Promise<() => Promise<void>>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** 'postgres' or 'pglite', for logs and the benchmark. */
  readonly kind: 'postgres' | 'pglite';
}
