import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PLAN_EACH_TIME } from './pglite-thread/threaded-pglite.ts';
import type { Db } from './client.ts';

/** What drizzle's `db.execute` does inside, with the one thing it does not pass on: the statement's name. */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/**
 * Statement texts given a name per process. Each name is prepared once on each pooled connection and
 * kept there, so the cap bounds what the server holds (a plan per name and connection); texts past it
 * run unnamed, as before.
 */
const MAX_KEPT_STATEMENTS = 64;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_KEPT_STATEMENTS) return known;
  const name = `hub_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/**
 * Runs a raw statement as a named prepared statement, so PostgreSQL parses it once per connection
 * and, once its plan proves as good whatever the parameters, stops planning it again. For the
 * catalogue page, whose planning cost as much as its execution (3 ms each at 100,000 SKUs). Only for
 * statements whose text comes from a bounded set of shapes (values are parameters, never lists
 * spelled out), and whose best plan does not hang on a value: a search's pattern decides whether its
 * index or the sort's is the way in, so a search is planned each time (`executeAsPlanned`). On PGlite
 * it runs as `execute` does, and PGlite's thread keeps every statement it sees again prepared.
 */
export async function executeWithKeptPlan<Row>(db: Db, query: SQL): Promise<{ rows: Row[] }> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  return (await session.prepareQuery(built, undefined, nameOf(built.sql), false).execute()) as { rows: Row[] };
}

/**
 * The same, planned for its values each time: an unnamed statement, as `db.execute` sends it, marked
 * so that PGlite's thread does not keep it prepared either (a kept plan for one search's words was
 * 200 times slower for another's).
 */
export async function executeAsPlanned<Row>(db: Db, query: SQL): Promise<{ rows: Row[] }> {
  return (await db.execute(sql.join([sql.raw(PLAN_EACH_TIME), query]))) as unknown as { rows: Row[] };
}
