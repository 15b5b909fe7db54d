import { amazonRateLimits } from '../../api/src/marketplaces/amazon/amazon-client.ts';
import { walmartRateLimits } from '../../api/src/marketplaces/walmart/walmart-client.ts';
import {
  QUICK,
  seconds,
  sleep,
  startBench,
  type Bench,
  type DatabaseKind,
  type Kind,
  type Sandboxes,
} from './harness.ts';

/**
 * Shipments: 1,000 orders (250 per marketplace, one unit each) shipped in one request, sent to the
 * sandboxes with the adapters pacing their calls to the published limits (realistic profile). Each
 * marketplace's bound is what its shipment call's published limit allows for its share:
 * (shipments − burst) / rate (Amazon confirmShipment 2/s, burst 10; Walmart's order updates 1/s,
 * burst 5 — Walmart publishes none for Marketplace, this is the adapter's pace); eBay's
 * Fulfillment API has a daily quota and Shopify's fulfillmentCreate costs 10 points of a bucket that
 * 250 fill only in part, so theirs is the time the calls take. Target: every marketplace within 1.2×
 * its bound, and every shipment confirmed once.
 */
const PER_MARKETPLACE = QUICK ? 50 : 250;
export const TARGET_RATIO = 1.2;

const boundSeconds: Record<Kind, number> = {
  amazon: Math.max(0, PER_MARKETPLACE - amazonRateLimits.confirmShipment.burst) / amazonRateLimits.confirmShipment.rate,
  walmart: Math.max(0, PER_MARKETPLACE - walmartRateLimits.ordersUpdate.burst) / walmartRateLimits.ordersUpdate.rate,
  ebay: 0,
  shopify: 0,
};

export interface ShipmentsResult {
  lines: string[];
  worstRatio: number;
}

export async function shipments(dbKind: DatabaseKind, sandboxes: Sandboxes): Promise<ShipmentsResult> {
  const bench = await startBench({
    dbKind,
    sandboxes,
    products: 40,
    kinds: ['walmart', 'amazon', 'ebay', 'shopify'],
    quiet: true,
  });
  try {
    return await measure(bench);
  } finally {
    await bench.stop();
  }
}

async function measure(bench: Bench): Promise<ShipmentsResult> {
  const lines: string[] = [];
  const skus = (
    await bench.rows<{ sku: string }>(
      `select sku from products where account_id = '${bench.accountId}' and on_hand - committed > 20 order by sku`,
    )
  ).map((r) => r.sku);
  // The orders, placed as buyers would; not measured.
  // A SKU a marketplace has run out of (409) is passed over for the next.
  for (const channel of bench.channels) {
    let next = 0;
    for (let placed = 0; placed < PER_MARKETPLACE; next++) {
      if (next > PER_MARKETPLACE * 4) throw new Error(`only ${placed} orders could be placed on ${channel.kind}`);
      const status = await bench.placeOrder(channel, skus[next % skus.length]!, 1);
      if (status === 201) placed++;
      else if (status !== 409) throw new Error(`an order on ${channel.kind} answered ${status}`);
    }
  }
  // eBay tells of its orders by notification; the others' reads are asked for here, as the schedule would.
  const { pollOrders } = await import('../../api/src/modules/orders/order-polling.ts');
  const expected = PER_MARKETPLACE * bench.channels.length;
  for (let round = 0; ; round++) {
    for (const channel of bench.channels)
      await pollOrders(bench.product.ctx, { accountId: bench.accountId, channelId: channel.id }).catch(() => undefined);
    const [recorded] = await bench.rows<{ n: number }>(
      `select count(*)::int as n from orders where account_id = '${bench.accountId}' and fulfilment = 'unshipped'`,
    );
    if (recorded!.n >= expected) break;
    if (round > 60) throw new Error(`only ${recorded!.n} of ${expected} orders recorded`);
    await sleep(1000);
  }
  if (!(await bench.settled(10 * 60_000))) throw new Error('the orders did not settle');
  await sleep(3000);
  const orders = await bench.rows<{ id: string; kind: Kind }>(
    `select o.id, c.kind from orders o join channels c on c.id = o.channel_id where o.account_id = '${bench.accountId}' and o.fulfilment = 'unshipped'`,
  );

  // Paced to the published limits from here, with fresh buckets.
  await bench.sandboxes.faults({ rateLimitProfile: 'realistic' });
  bench.pacing('published');
  const carriers: Record<Kind, string> = { amazon: 'UPS', walmart: 'UPS', ebay: 'UPS', shopify: 'UPS' };
  const began = Date.now();
  const answer = await bench.browser.post('/api/orders/shipments', {
    shipments: orders.map((o, i) => ({
      orderId: o.id,
      carrier: carriers[o.kind],
      trackingNumber: `1Z${String(i).padStart(8, '0')}`,
    })),
  });
  if (answer.status !== 200 || answer.body.sending !== orders.length)
    throw new Error(
      `shipping answered ${answer.status}: ${answer.body.sending} sending; refused: ${JSON.stringify(
        (answer.body.results as Array<{ outcome: string; message: string }>)
          .filter((r) => r.outcome === 'refused')
          .slice(0, 3),
      )}`,
    );
  const accepted = Date.now() - began;
  const doneAt = new Map<Kind, number>();
  while (doneAt.size < 4) {
    const open = await bench.rows<{ kind: Kind; sending: number; failed: number }>(
      `select c.kind, count(*) filter (where s.state = 'sending')::int as sending, count(*) filter (where s.state = 'failed')::int as failed
         from shipments s join channels c on c.id = s.channel_id where s.account_id = '${bench.accountId}' group by c.kind`,
    );
    for (const row of open) if (row.sending === 0 && !doneAt.has(row.kind)) doneAt.set(row.kind, Date.now() - began);
    if (Date.now() - began > 20 * 60_000)
      throw new Error(`shipments still sending after 20 min: ${JSON.stringify(open)}`);
    await sleep(200);
  }
  const outcome = await bench.rows<{ kind: Kind; confirmed: number; failed: number; attempts: number }>(
    `select c.kind, count(*) filter (where s.state = 'confirmed')::int as confirmed, count(*) filter (where s.state = 'failed')::int as failed,
            sum(s.attempts)::int as attempts
       from shipments s join channels c on c.id = s.channel_id where s.account_id = '${bench.accountId}' group by c.kind order by c.kind`,
  );
  const stats = await bench.sandboxes.stats();
  lines.push(
    `${orders.length} shipments in one request (answered in ${seconds(accepted)}), ${PER_MARKETPLACE} per marketplace, paced to the published limits`,
  );
  let worstRatio = 0;
  for (const row of outcome) {
    const tookMs = doneAt.get(row.kind)!;
    const bound = boundSeconds[row.kind];
    const ratio = bound > 0 ? tookMs / 1000 / bound : NaN;
    if (bound > 0) worstRatio = Math.max(worstRatio, ratio);
    lines.push(
      `${row.kind.padEnd(8)} ${String(row.confirmed).padStart(4)} confirmed, ${row.failed} failed, ${row.attempts} attempts: all settled in ${seconds(tookMs)}; bound ${bound > 0 ? `${seconds(bound * 1000)}, ratio ${ratio.toFixed(2)}` : 'none per second (daily quota or points)'}`,
    );
  }
  lines.push(`sandbox calls answered 429: ${JSON.stringify(stats.throttled)}`);
  return { lines, worstRatio };
}
