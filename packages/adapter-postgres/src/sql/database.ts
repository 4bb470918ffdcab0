/** One row set, as both drivers answer it. */
export interface SqlResult<R> {
  rows: R[];
  /** Rows the statement touched (inserted, updated, deleted or selected). */
  rowCount: number;
}

/**
 * Something that runs SQL: the database itself, or one transaction of it. Parameters are
 * positional (`$1`); JSON goes in as text with a `::jsonb` cast (an array given as a parameter
 * would otherwise become a Postgres array), bytes as Uint8Array, times as RFC 3339 text.
 */
export interface Sql {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<SqlResult<R>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/**
 * A database the repositories share: a Postgres server through `pg`, or PGlite in this process.
 * Both speak the same SQL, so every repository is written once. Errors leave as SimplaneErrors
 * (sql-errors.ts): no driver message or SQL text reaches a caller.
 */
export interface Database extends Sql {
  /**
   * Runs `work` in one transaction, committed when it resolves and rolled back when it throws.
   * A serialisation failure or deadlock reruns it from the start, so `work` must not have
   * effects outside the transaction.
   */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotice` with the payload of every `NOTIFY` on `channel` (a plain identifier), from
   * when it answers until the function it answered is called. A notice sent while the
   * listening connection is broken is lost; it listens again once the server answers.
   */
  listen(channel: string, onNotice: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
