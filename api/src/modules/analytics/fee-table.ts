import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { feeTableRows, saveFeeTableRows } from '../../db/queries/order-fees.ts';
import { marketplaceKinds, type MarketplaceKind } from '../../marketplaces/types.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';

/**
 * What each marketplace takes per order when its fees are estimated: a percent of the order's total and a
 * fixed amount per order, in the order's currency. Walmart's referral fee for most categories is 15 %;
 * Shopify Payments' online rate on the Basic plan is 2.9 % + 30¢. Each is used only where the marketplace's own
 * fees cannot be read (Amazon's referral fee, eBay US's final value fee; a Walmart order in no settlement report a
 * week on; a Shopify order paid through another gateway than Shopify Payments, whose fees Shopify does not know).
 */
export const defaultFees: Record<MarketplaceKind, { percent: string; fixed: string }> = {
  amazon: { percent: '15.000', fixed: '0.00' },
  walmart: { percent: '15.000', fixed: '0.00' },
  ebay: { percent: '13.600', fixed: '0.40' },
  shopify: { percent: '2.900', fixed: '0.30' },
};

export interface FeeTableEntry {
  kind: MarketplaceKind;
  /** Percent of the order's total, up to three decimals (e.g. "2.900"). */
  percent: string;
  /** Fixed amount per order, two decimals. */
  fixed: string;
  /** Whether the marketplace reports its own fees (the table then only stands in when they cannot be read). */
  reportedByMarketplace: boolean;
  /** Whether the account's values are the defaults. */
  isDefault: boolean;
}

/**
 * Kinds whose marketplace reports its fees (its adapter reads them: Amazon's and eBay's finances APIs, Walmart's
 * settlement report, Shopify Payments' transactions).
 */
const reportingKinds: ReadonlySet<MarketplaceKind> = new Set(['amazon', 'walmart', 'ebay', 'shopify']);

/** The account's fee table, every kind (defaults where the account set none). */
export async function feeTable(db: Db, accountId: string): Promise<FeeTableEntry[]> {
  const own = new Map((await feeTableRows(db, accountId)).map((row) => [row.channelKind, row]));
  return marketplaceKinds.map((kind) => {
    const row = own.get(kind);
    const values = row
      ? { percent: Number(row.percent).toFixed(3), fixed: Number(row.fixed).toFixed(2) }
      : defaultFees[kind];
    return {
      kind,
      ...values,
      reportedByMarketplace: reportingKinds.has(kind),
      isDefault: values.percent === defaultFees[kind].percent && values.fixed === defaultFees[kind].fixed,
    };
  });
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

/** An order's estimated fees by a fee table entry: percent of its total plus the fixed fee, in cents rounded. */
export function estimateFee(total: string, entry: Pick<FeeTableEntry, 'percent' | 'fixed'>): string {
  const fee = Math.round((cents(total) * Number(entry.percent)) / 100) + cents(entry.fixed);
  return (fee / 100).toFixed(2);
}

export interface FeeTableChange {
  kind: string;
  percent: number;
  fixed: string;
}

function checked(change: FeeTableChange): { kind: MarketplaceKind; percent: string; fixed: string } {
  if (!(marketplaceKinds as readonly string[]).includes(change.kind))
    throw new AppError(400, `${change.kind} is not a marketplace we know.`);
  if (
    typeof change.percent !== 'number' ||
    !Number.isFinite(change.percent) ||
    change.percent < 0 ||
    change.percent > 100
  )
    throw new AppError(400, 'A fee percent is a number from 0 to 100.');
  if (Math.round(change.percent * 1000) !== change.percent * 1000)
    throw new AppError(400, 'A fee percent has at most three decimals.');
  if (typeof change.fixed !== 'string' || !/^\d{1,4}(\.\d{1,2})?$/.test(change.fixed) || Number(change.fixed) > 1000)
    throw new AppError(400, 'A fixed fee is an amount from 0 to 1000, such as 0.30.');
  return {
    kind: change.kind as MarketplaceKind,
    percent: change.percent.toFixed(3),
    fixed: Number(change.fixed).toFixed(2),
  };
}

/**
 * Sets the fee table's values for the kinds named (others keep theirs). A kind set to its defaults holds
 * no row; a save that changes nothing writes nothing (no audit entry). Orders whose fees were estimated
 * keep them: the table applies to the orders estimated from then on.
 */
export async function changeFeeTable(
  ctx: AppContext,
  accountId: string,
  changes: readonly FeeTableChange[],
  audit: AuditContext,
): Promise<FeeTableEntry[]> {
  if (!Array.isArray(changes) || changes.length === 0) throw new AppError(400, 'Name at least one marketplace to set.');
  const wanted = changes.map(checked);
  if (new Set(wanted.map((w) => w.kind)).size !== wanted.length)
    throw new AppError(400, 'Each marketplace is named once.');
  await ctx.db.transaction(async (tx) => {
    const before = await feeTable(tx, accountId);
    const after = before.map((entry) => {
      const change = wanted.find((w) => w.kind === entry.kind);
      return change ? { ...entry, percent: change.percent, fixed: change.fixed } : entry;
    });
    const said = (table: FeeTableEntry[]) => table.map(({ kind, percent, fixed }) => ({ kind, percent, fixed }));
    if (JSON.stringify(said(before)) === JSON.stringify(said(after))) return;
    await saveFeeTableRows(
      tx,
      accountId,
      after
        .filter((e) => e.percent !== defaultFees[e.kind].percent || e.fixed !== defaultFees[e.kind].fixed)
        .map((e) => ({ channelKind: e.kind, percent: e.percent, fixed: e.fixed })),
    );
    await recordAudit(tx, audit, {
      action: 'settings.changed',
      accountId,
      targetType: 'fee_table',
      targetId: accountId,
      before: said(before).filter((entry, i) => JSON.stringify(entry) !== JSON.stringify(said(after)[i])),
      after: said(after).filter((entry, i) => JSON.stringify(entry) !== JSON.stringify(said(before)[i])),
    });
  });
  return feeTable(ctx.db, accountId);
}
