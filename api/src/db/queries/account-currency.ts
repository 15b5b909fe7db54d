import { eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, products } from '../schema/index.ts';

/**
 * The account's currency, as a value for a statement: that of its products (a catalogue is priced in
 * one), null while none has one. `accountId` is a value, or a column of a statement that joins
 * tables: drizzle writes a column of a one-table select without its table, which the subquery would
 * take for its own products.account_id.
 */
export const currencyOfAccount = (accountId: SQLWrapper | string) =>
  sql<
    string | null
  >`(select ${products.currency} from ${products} where ${products.accountId} = ${accountId} and ${products.currency} is not null limit 1)`;

/** The currency the account's main channel prices in (the catalogue's), for price pushes. */
export async function accountCurrency(db: Db, accountId: string): Promise<string | null> {
  const [row] = await db
    .select({ currency: currencyOfAccount(accountId) })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.currency ?? null;
}
