/**
 * The one small query interface the server uses, with two implementations: PostgreSQL through `pg`
 * (a pool) when DATABASE_URL is set, and embedded PostgreSQL (PGlite, in a data folder) otherwise.
 */
export interface Rows<Row> {
  rows: Row[];
}

export interface Queryable {
  /** One statement with `$1…` parameters. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Rows<Row>>;
  /** Several statements without parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Sql extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** 'postgres' or 'pglite', for logs and the benchmark. */
  readonly kind: 'postgres' | 'pglite';
}
