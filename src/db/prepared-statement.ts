import type { Query, SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";
import type { Db } from "./client.server";

type Prepared = ReturnType<PgSession["prepareQuery"]>;

/** Each statement's SQL text and parameters, built once. */
const built = new WeakMap<SQL, Query>();
/** Each database's (or transaction's) prepared statements, by name. */
const preparedOn = new WeakMap<Db, Map<string, Prepared>>();

/**
 * A statement Drizzle's query builder cannot express (a CTE that writes), as a named prepared
 * statement: on PostgreSQL each connection parses and plans it once, then only binds values.
 * Values are given by the names of the statement's `sql.placeholder`s. Works on the database and
 * inside a transaction (on the transaction's connection), on PostgreSQL and PGlite alike. The SQL
 * is built once per statement and prepared once per database object, so a call costs a bind.
 *
 * Drizzle prepares its select builders this way (`.prepare(name)`); raw SQL has no such method, so
 * this asks the database's session directly, as those builders do.
 */
export function preparedStatement<Row>(db: Db, name: string, statement: SQL) {
  let kept = preparedOn.get(db);
  if (!kept) preparedOn.set(db, (kept = new Map()));
  let prepared = kept.get(name);
  if (!prepared) {
    const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
    let query = built.get(statement);
    if (!query) built.set(statement, (query = dialect.sqlToQuery(statement)));
    kept.set(name, (prepared = session.prepareQuery(query, undefined, name, false)));
  }
  const ready = prepared;
  return {
    async execute(values: Record<string, unknown>): Promise<Row[]> {
      const result = (await ready.execute(values)) as { rows: Row[] };
      return result.rows;
    },
  };
}
