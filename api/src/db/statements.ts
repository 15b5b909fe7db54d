import pg from 'pg';
import type { Db } from './client.ts';

/**
 * Statements on an order's path, written once as text with numbered parameters.
 *
 * Drizzle builds a statement's text again at every call, walking its parts and checking each one's
 * class: in the propagation benchmark that was a quarter of the product's CPU per order. These texts
 * are built never; lists travel as one array parameter (`= any($1::uuid[])`, `unnest(...)`), so a
 * statement's text is the same whatever its values, and the database keeps it parsed: PostgreSQL by
 * the statement's name, once per connection; PGlite's thread by its text (host.mjs).
 *
 * A statement answers rows as the driver reads them. Both drivers give numbers for int4, strings for
 * uuid, text and numeric, objects for json and Date for timestamptz: a statement casts a column
 * whose type would differ (int8, a sum) to one of those.
 */
export interface Statement<Row> {
  readonly name: string;
  readonly text: string;
  /** Never set: carries the row type. */
  readonly row?: Row;
}

const names = new Set<string>();

/** Declares a statement; its name is unique in the process (PostgreSQL keeps it by name per connection). */
export function statement<Row extends object = Record<string, never>>(name: string, text: string): Statement<Row> {
  if (names.has(name)) throw new Error(`Statement ${name} is declared twice`);
  names.add(name);
  return { name, text: text.replace(/\s+/g, ' ').trim() };
}

interface PgliteQueryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[]; affectedRows?: number }>;
}

/** The driver's client under a drizzle database or transaction: a pool or pooled client, or PGlite (or its transaction). */
function clientOf(db: Db): pg.Pool | pg.PoolClient | PgliteQueryable {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function')
    throw new Error('A statement runs on a drizzle database or transaction');
  return client as pg.Pool | pg.PoolClient | PgliteQueryable;
}

export interface StatementResult<Row> {
  rows: Row[];
  /** Rows the statement inserted, updated or deleted. */
  count: number;
}

/** Runs a statement on the database or in the transaction given. */
export async function run<Row>(db: Db, s: Statement<Row>, params: readonly unknown[]): Promise<StatementResult<Row>> {
  const client = clientOf(db);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const result = await (client as pg.Pool).query<Row & pg.QueryResultRow>({
      name: s.name,
      text: s.text,
      values: params as unknown[],
    });
    return { rows: result.rows, count: result.rowCount ?? 0 };
  }
  const result = await (client as PgliteQueryable).query<Row>(s.text, params as unknown[]);
  return { rows: result.rows, count: result.affectedRows ?? 0 };
}

/** The rows a statement answers. */
export async function rowsOf<Row>(db: Db, s: Statement<Row>, params: readonly unknown[]): Promise<Row[]> {
  return (await run(db, s, params)).rows;
}
