import type { Db } from '../../src/db/client.ts';
import { channels, defaultChannelRules, orders, type OrderLineRecord } from '../../src/db/schema/index.ts';

// Rows written directly, for tests about sums (the dashboard, the sales report), not about how orders arrive.

/** An order line; a null amount is a line the marketplace gave no price for. */
export const orderLine = (
  sku: string,
  quantity: number,
  amount: string | null,
  currency = 'USD',
  cancelledQuantity = 0,
): OrderLineRecord => ({ sku, quantity, cancelledQuantity, price: amount === null ? null : { amount, currency } });

/** A channel of the account on the sandbox, with the default rules. */
export async function addChannelRow(
  db: Db,
  accountId: string,
  kind: 'amazon' | 'walmart' | 'ebay' | 'shopify',
  role: 'main' | 'target',
  extra: Partial<typeof channels.$inferInsert> = {},
): Promise<string> {
  const [row] = await db
    .insert(channels)
    .values({
      accountId,
      kind,
      role,
      environment: 'sandbox',
      externalSellerId: `${kind}-${accountId.slice(0, 8)}`,
      displayName: `${kind} shop`,
      rules: defaultChannelRules,
      ...extra,
    })
    .returning({ id: channels.id });
  return row!.id;
}

let serial = 0;

/** An order on a channel, placed at `orderedAt`, numbered in the order the test adds them. */
export async function addOrderRow(
  db: Db,
  accountId: string,
  channelId: string,
  orderedAt: Date | string,
  lines: OrderLineRecord[],
  status: (typeof orders.$inferInsert)['status'] = 'open',
): Promise<string> {
  serial += 1;
  const at = new Date(orderedAt);
  const [row] = await db
    .insert(orders)
    .values({
      accountId,
      channelId,
      marketplaceOrderId: `order-${serial}`,
      orderNumber: `order-${serial}`,
      status,
      lines,
      orderedAt: at,
      marketplaceUpdatedAt: at,
    })
    .returning({ id: orders.id });
  return row!.id;
}
