import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { types } from '@electric-sql/pglite';
import { PLAN_EACH_TIME, ThreadedPglite } from '../../src/db/pglite-thread/threaded-pglite.ts';

/** PGlite on its own thread answers as PGlite does: values, errors, transactions, notifications. */
let db: ThreadedPglite;
beforeAll(async () => {
  db = await ThreadedPglite.open();
  await db.exec(`
    create table stock (sku text primary key, on_hand int not null check (on_hand >= 0), price numeric(10,2), seen_at timestamptz, data jsonb, active boolean);
    insert into stock values ('A-1', 5, 9.99, '2026-11-25T10:00:00Z', '{"colour":"red"}', true), ('B-2', 0, 14.50, null, null, false);
  `);
});
afterAll(() => db.close());

const lookup = 'select sku, on_hand, price, seen_at, data, active from stock where sku = $1';

describe('a statement', () => {
  it('gives the same rows the first time (unprepared) and every later time (kept prepared)', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await db.query<Record<string, unknown>>(lookup, ['A-1']));
    for (const answer of answers) {
      expect(answer.rows).toEqual([
        {
          sku: 'A-1',
          on_hand: 5,
          price: '9.99',
          seen_at: new Date('2026-11-25T10:00:00Z'),
          data: { colour: 'red' },
          active: true,
        },
      ]);
      expect(answer.fields.map((f) => f.name)).toEqual(['sku', 'on_hand', 'price', 'seen_at', 'data', 'active']);
    }
    const arrays = await db.query<unknown[]>(lookup, ['B-2'], { rowMode: 'array' });
    expect(arrays.rows).toEqual([['B-2', 0, '14.50', null, null, false]]);
  });

  it('writes parameters that need their type: a date, an object for json, a boolean, null', async () => {
    const write =
      'insert into stock (sku, on_hand, seen_at, data, active) values ($1, $2, $3, $4, $5) returning seen_at, data, active';
    for (const [sku, at] of [
      ['C-3', new Date('2026-01-02T03:04:05.678Z')],
      ['D-4', null],
    ] as const) {
      const answer = await db.query<Record<string, unknown>>(write, [sku, 1, at, { tags: ['x', 'y'], n: 2 }, false]);
      expect(answer.rows[0]).toEqual({ seen_at: at, data: { tags: ['x', 'y'], n: 2 }, active: false });
      expect(answer.affectedRows).toBe(1);
    }
  });

  it("runs the caller's own parsers on the caller's side (drizzle keeps dates as text)", async () => {
    const keepText = { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` };
    for (let i = 0; i < 3; i++) {
      const answer = await db.query<unknown[]>('select seen_at, sku from stock where sku = $1', ['A-1'], {
        rowMode: 'array',
        parsers: keepText,
      });
      expect(answer.rows[0]![0]).toMatch(/^text:2026-11-25 10:00:00(\+00)?/);
      expect(answer.rows[0]![1]).toBe('A-1');
    }
  });

  it("fails with PostgreSQL's code and constraint, and the next statement runs", async () => {
    const error = await db
      .query('insert into stock (sku, on_hand) values ($1, $2)', ['A-1', 1])
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'stock_pkey',
      message: expect.stringContaining('duplicate key'),
    });
    expect(error).toBeInstanceOf(Error);
    const broken = await db.query('selec 1').catch((e: unknown) => e);
    expect(broken).toMatchObject({ code: '42601' });
    expect((await db.query<{ n: number }>('select count(*)::int as n from stock')).rows[0]!.n).toBe(4);
  });

  it('is parsed again when its table changes shape, outside a transaction', async () => {
    await db.exec('create table shape (id int)');
    await db.query('insert into shape values ($1)', [1]);
    for (let i = 0; i < 3; i++) expect((await db.query('select * from shape')).rows).toEqual([{ id: 1 }]);
    await db.exec('alter table shape add column note text');
    expect((await db.query('select * from shape')).rows).toEqual([{ id: 1, note: null }]);
  });

  it('is kept prepared once seen twice, unless marked to be planned each time (a search)', async () => {
    const kept = 'select sku from stock where on_hand > $1 order by sku';
    const searched = `${PLAN_EACH_TIME}select sku from stock where sku like $1 order by sku`;
    for (let i = 0; i < 3; i++) {
      expect((await db.query<{ sku: string }>(kept, [1])).rows.map((r) => r.sku)).toEqual(['A-1']);
      expect((await db.query<{ sku: string }>(searched, ['B%'])).rows.map((r) => r.sku)).toEqual(['B-2']);
    }
    const prepared = (await db.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
      (r) => r.statement,
    );
    expect(prepared).toContain(kept);
    expect(prepared.filter((s) => s.includes('sku like'))).toEqual([]);
  });

  it('reads text in any script, arrays, counts of changed rows, and an answer larger than one send of PostgreSQL', async () => {
    const words = ['Größe', 'サイズ', '🧦 socks', 'naïve "quoted"\ttab'];
    const echoed = await db.query<{ words: string[]; one: string }>('select $1::text[] as words, $2::text as one', [
      words,
      words[1],
    ]);
    expect(echoed.rows).toEqual([{ words, one: 'サイズ' }]);
    const changed = await db.query("update stock set price = price where sku in ('A-1', 'B-2', 'nothing')");
    expect(changed.affectedRows).toBe(2);
    expect(changed.rows).toEqual([]);
    const none = await db.query<{ sku: string }>('select sku from stock where sku = $1', ['nothing']);
    expect(none.rows).toEqual([]);
    expect(none.fields.map((f) => f.name)).toEqual(['sku']);
    // About 2 MB of rows: PostgreSQL sends them in many pieces, and a row may be cut between two.
    const large = await db.query<{ n: number; label: string }>(
      "select g as n, repeat('é', 500) || g as label from generate_series(1, 2000) g",
    );
    expect(large.rows).toHaveLength(2000);
    expect(large.rows[1999]).toEqual({ n: 2000, label: `${'é'.repeat(500)}2000` });
    expect(large.rows.every((row, i) => row.n === i + 1 && row.label.endsWith(String(i + 1)))).toBe(true);
  });

  it('answers right after many more statements than it keeps prepared', async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 620; i++) {
        const answer = await db.query<{ n: number; s: string }>(`select $1::int + ${i} as n, $2::text as s`, [
          round,
          `r${round}`,
        ]);
        expect(answer.rows[0]).toEqual({ n: round + i, s: `r${round}` });
      }
    }
  });
});

describe('a transaction', () => {
  it('keeps its writes when the work resolves, and none when it throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('update stock set on_hand = on_hand - $1 where sku = $2', [2, 'A-1']);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('update stock set on_hand = on_hand - $1 where sku = $2', [1, 'A-1']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(
      (await db.query<{ on_hand: number }>('select on_hand from stock where sku = $1', ['A-1'])).rows[0]!.on_hand,
    ).toBe(3);
  });

  it('keeps none of its writes when rolled back, or when a statement failed inside it', async () => {
    await db.transaction(async (tx) => {
      await tx.query('update stock set on_hand = 99 where sku = $1', ['A-1']);
      await tx.rollback();
      expect(tx.closed).toBe(true);
    });
    const aborted = db.transaction(async (tx) => {
      await tx.query('update stock set on_hand = 98 where sku = $1', ['A-1']);
      await tx.query('update stock set on_hand = -1 where sku = $1', ['A-1']).catch(() => undefined);
    });
    await expect(aborted).rejects.toThrow();
    expect(
      (await db.query<{ on_hand: number }>('select on_hand from stock where sku = $1', ['A-1'])).rows[0]!.on_hand,
    ).toBe(3);
  });

  it('holds back statements from outside it until it ends, as PGlite does', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('update stock set on_hand = 7 where sku = $1', ['B-2']);
      order.push('written');
      await held;
      order.push('committing');
    });
    await new Promise((resolve) => setImmediate(resolve));
    const outside = db
      .query<{ on_hand: number }>('select on_hand from stock where sku = $1', ['B-2'])
      .then((answer) => {
        order.push('read');
        return answer.rows[0]!.on_hand;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual(['written']);
    release();
    expect(await outside).toBe(7);
    await transaction;
    expect(order).toEqual(['written', 'committing', 'read']);
  });

  it('may be begun by several callers in the same turn: each gets its own statements and answers', async () => {
    await db.query(
      `insert into stock (sku, on_hand) values ('T-1', 1), ('T-2', 2), ('T-3', 3) on conflict (sku) do update set on_hand = excluded.on_hand`,
    );
    // Asked for in one turn, these go to the thread together, transactions begun without waiting.
    const [seen, plain, failed] = await Promise.all([
      Promise.all(
        ['T-1', 'T-2', 'T-3'].map((sku) =>
          db.transaction(async (tx) => {
            await tx.query('update stock set on_hand = on_hand * 10 where sku = $1', [sku]);
            return (await tx.query<{ on_hand: number }>('select on_hand from stock where sku = $1', [sku])).rows[0]!
              .on_hand;
          }),
        ),
      ),
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          db.query<{ n: number }>('select $1::int as n', [i]).then((r) => r.rows[0]!.n),
        ),
      ),
      db
        .query('update stock set on_hand = -5 where sku = $1', ['T-1'])
        .catch((error: Error & { code?: string }) => error),
    ]);
    expect(seen).toEqual([10, 20, 30]);
    expect(plain).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect((failed as { code?: string }).code).toBe('23514');
    // The failure names the statement's caller (this file), captured when it was asked for.
    expect((failed as Error).stack).toContain('threaded-pglite.test.ts');
    expect(
      (
        await db.query<{ sku: string; on_hand: number }>(
          `select sku, on_hand from stock where sku like 'T-%' order by sku`,
        )
      ).rows,
    ).toEqual([
      { sku: 'T-1', on_hand: 10 },
      { sku: 'T-2', on_hand: 20 },
      { sku: 'T-3', on_hand: 30 },
    ]);
    await db.query(`delete from stock where sku like 'T-%'`);
  });
});

describe('the thread', () => {
  it('passes notifications on, and stops when unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('stock_moved', (payload) => heard.push(payload));
    await db.query("select pg_notify('stock_moved', $1)", ['A-1']);
    await expect.poll(() => heard).toEqual(['A-1']);
    await unlisten();
    await db.query("select pg_notify('stock_moved', $1)", ['B-2']);
    await db.query('select 1');
    expect(heard).toEqual(['A-1']);
  });

  it('gives each listener of a channel its notifications, from a statement alone or a committed transaction', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await db.listen('price_moved', (payload) => first.push(payload));
    const stopSecond = await db.listen('price_moved', (payload) => second.push(payload));
    await db.query("select pg_notify('price_moved', $1)", ['alone']);
    await db.transaction(async (tx) => {
      await tx.query("select pg_notify('price_moved', $1)", ['in a transaction']);
    });
    await expect.poll(() => second).toEqual(['alone', 'in a transaction']);
    expect(first).toEqual(['alone', 'in a transaction']);
    await stopFirst();
    await db.query("select pg_notify('price_moved', $1)", ['after one left']);
    await expect.poll(() => second).toHaveLength(3);
    expect(first).toHaveLength(2);
    await stopSecond();
    const listening = await db.query<{ channel: string }>('select pg_listening_channels() as channel');
    expect(listening.rows.map((r) => r.channel)).not.toContain('price_moved');
  });

  it('dumps the database, and a new thread opens from the dump', async () => {
    const dump = await db.dumpDataDir();
    const copy = await ThreadedPglite.open({ loadDataDir: new Uint8Array(await dump.arrayBuffer()) });
    try {
      expect((await copy.query<{ sku: string }>('select sku from stock order by sku')).rows.map((r) => r.sku)).toEqual([
        'A-1',
        'B-2',
        'C-3',
        'D-4',
      ]);
    } finally {
      await copy.close();
    }
    await expect(copy.query('select 1')).rejects.toThrow('PGlite is closed');
  });
});
