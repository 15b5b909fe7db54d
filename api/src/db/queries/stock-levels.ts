import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf, statement } from '../statements.ts';

/** How long stock levels are kept (the hourly maintenance lets older ones go): two years of reports. */
export const STOCK_HISTORY_DAYS = 730;

/** A SKU's stock over a span of time, from its recorded levels (schema/stock-levels.ts). */
export interface SkuStockOverSpan {
  sku: string;
  /** Time in the span when none was available, in days. */
  daysOutOfStock: number;
  /** What was available at the span's end. */
  availableAtEnd: number;
}

const stockOverSpanStatement = statement<SkuStockOverSpan>(
  'stock_over_span',
  `with wanted as (
     select p.id, p.sku from products p where p.account_id = $1 and p.sku = any($2::text[])
   ),
   timeline as (
     select w.id, w.sku, $3::timestamptz as at, 0::bigint as seq, opening.available
     from wanted w
     cross join lateral (
       select l.available from stock_levels l where l.product_id = w.id and l.at <= $3::timestamptz
       order by l.at desc, l.id desc limit 1) opening
     union all
     select w.id, w.sku, l.at, l.id, l.available
     from wanted w join stock_levels l on l.product_id = w.id and l.at > $3::timestamptz and l.at < $4::timestamptz
   ),
   spans as (
     select id, sku, available,
       extract(epoch from lead(at, 1, $4::timestamptz) over (partition by id order by at, seq) - at) as seconds,
       row_number() over (partition by id order by at desc, seq desc) as newest
     from timeline
   )
   select sku,
     (coalesce(sum(seconds) filter (where available = 0), 0) / 86400)::float8 as "daysOutOfStock",
     max(available) filter (where newest = 1)::int as "availableAtEnd"
   from spans group by id, sku order by sku`,
);

/**
 * For each of the account's SKUs given (ones without a product are left out): how long none was available
 * between `start` and `stop`, and what was available at `stop`. A SKU's level at `start` is its last one
 * before; a product made within the span counts from when it was made.
 */
export async function stockOverSpan(
  db: Db,
  accountId: string,
  skus: readonly string[],
  start: Date,
  stop: Date,
): Promise<SkuStockOverSpan[]> {
  if (skus.length === 0 || stop <= start) return [];
  const rows = await rowsOf(db, stockOverSpanStatement, [accountId, skus, start.toISOString(), stop.toISOString()]);
  return rows.map((row) => ({ ...row, daysOutOfStock: Number(row.daysOutOfStock) }));
}

/**
 * Lets go of the levels older than `cutoff`, keeping each product's last one before it: the level a span
 * starting then opens with. Answers how many were deleted.
 */
export async function pruneStockLevels(db: Db, cutoff: Date): Promise<number> {
  const result = (await db.execute(sql`
    delete from stock_levels l
    where l.at < ${cutoff.toISOString()}::timestamptz
      and exists (
        select 1 from stock_levels later
        where later.product_id = l.product_id and later.at < ${cutoff.toISOString()}::timestamptz
          and (later.at, later.id) > (l.at, l.id))`)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return result.rowCount ?? result.affectedRows ?? 0;
}
