/**
 * Whether a seller's cancellation or refund can go to the marketplace, decided before anything is
 * sent: the lines are the order's, no more units than are open (not shipped, not cancelled, not on
 * their way to being cancelled), no more money than is left to refund. Pure.
 */
import type { OrderRecord, ShipmentRecord } from '../../db/queries/order-pages.ts';
import type { CancellationRecord, RefundRecord } from '../../db/queries/order-actions.ts';
import type { OrderActionLineRecord, RefundLineRecord } from '../../db/schema/index.ts';
import { shippedUnits } from './shipment-checks.ts';

type Order = Pick<OrderRecord, 'fulfilment' | 'lines' | 'totalAmount' | 'currency'>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Units of each line that may still be cancelled: not shipped (by us or as the marketplace says), not cancelled or being cancelled. */
export function cancellableUnits(
  lines: OrderRecord['lines'],
  sent: Pick<ShipmentRecord, 'lines' | 'state'>[],
  cancellations: Pick<CancellationRecord, 'lines' | 'state'>[],
): number[] {
  const shipped = shippedUnits(lines, sent);
  const pending = new Map<string, number>();
  for (const c of cancellations)
    if (c.state === 'sending')
      for (const line of c.lines) pending.set(line.lineId, (pending.get(line.lineId) ?? 0) + line.quantity);
  return lines.map((line, index) =>
    Math.max(
      0,
      line.quantity -
        line.cancelledQuantity -
        shipped.get(index)! -
        (line.lineId !== undefined ? (pending.get(line.lineId) ?? 0) : 0),
    ),
  );
}

export type CancellationCheck =
  { ok: true; wholeOrder: boolean; lines: OrderActionLineRecord[] } | { ok: false; status: 400 | 409; message: string };

export function checkCancellation(
  order: Order,
  rules: { cancelByLine: boolean },
  marketplaceName: string,
  sent: Pick<ShipmentRecord, 'lines' | 'state'>[],
  cancellations: Pick<CancellationRecord, 'lines' | 'state'>[],
  asked: { lines?: Array<{ lineId: string; quantity: number }> },
): CancellationCheck {
  if (order.fulfilment === 'cancelled') return { ok: false, status: 409, message: 'This order is cancelled already.' };
  const open = cancellableUnits(order.lines, sent, cancellations);
  const everyOpenUnit = order.lines.flatMap((line, index) =>
    open[index]! > 0 && line.lineId !== undefined
      ? [{ lineId: line.lineId, sku: line.sku, quantity: open[index]! }]
      : [],
  );
  if (open.every((units) => units === 0))
    return { ok: false, status: 409, message: 'Nothing is left to cancel: every unit is shipped or cancelled.' };
  if (order.lines.some((line, index) => open[index]! > 0 && line.lineId === undefined))
    return {
      ok: false,
      status: 409,
      message: `${marketplaceName} has not told us this order's line ids yet; the next orders read brings them.`,
    };
  if (!asked.lines) {
    if (!rules.cancelByLine && open.some((units, index) => units < order.lines[index]!.quantity))
      return {
        ok: false,
        status: 409,
        message: `${marketplaceName} cancels whole orders only, and part of this one is shipped or cancelled already.`,
      };
    return { ok: true, wholeOrder: true, lines: everyOpenUnit };
  }
  const askedUnits = new Map<string, number>();
  for (const line of asked.lines) askedUnits.set(line.lineId, (askedUnits.get(line.lineId) ?? 0) + line.quantity);
  const lines: OrderActionLineRecord[] = [];
  for (const [lineId, quantity] of askedUnits) {
    const index = order.lines.findIndex((l) => l.lineId === lineId);
    if (index < 0) return { ok: false, status: 400, message: `Line ${lineId} is not a line of this order.` };
    if (quantity > open[index]!)
      return {
        ok: false,
        status: 400,
        message: `Line ${lineId} (${order.lines[index]!.sku}) has ${plural(open[index]!, 'unit')} that can be cancelled, not ${quantity}.`,
      };
    lines.push({ lineId, sku: order.lines[index]!.sku, quantity });
  }
  const wholeOrder = everyOpenUnit.every((o) => lines.find((l) => l.lineId === o.lineId)?.quantity === o.quantity);
  if (!rules.cancelByLine && !(wholeOrder && open.every((units, index) => units === order.lines[index]!.quantity)))
    return {
      ok: false,
      status: 400,
      message: `${marketplaceName} cancels whole orders only: cancel every line of this order, or none.`,
    };
  return { ok: true, wholeOrder, lines };
}

/** Money as cents, so amounts add up exactly. */
export const toCents = (amount: string) => Math.round(Number(amount) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);

export type RefundCheck =
  | { ok: true; wholeOrder: boolean; lines: RefundLineRecord[]; total: { amount: string; currency: string } }
  | { ok: false; status: 400 | 409; message: string };

/** What is left to refund on an order: its total less every refund that did not fail. */
export function refundableCents(order: Order, refunds: Pick<RefundRecord, 'totalAmount' | 'state'>[]): number | null {
  if (order.totalAmount === null) return null;
  const given = refunds.filter((r) => r.state !== 'failed').reduce((sum, r) => sum + toCents(r.totalAmount), 0);
  return Math.max(0, toCents(order.totalAmount) - given);
}

export function checkRefund(
  order: Order,
  refunds: Pick<RefundRecord, 'totalAmount' | 'state' | 'lines'>[],
  asked: { lines?: Array<{ lineId: string; quantity: number; amount?: string }> },
): RefundCheck {
  const left = refundableCents(order, refunds);
  const currency =
    order.currency ??
    order.lines.find((l) => l.price)?.price?.currency ??
    refunds.find(() => true)?.lines[0]?.amount.currency;
  if (left === null || !currency)
    return {
      ok: false,
      status: 409,
      message: 'This order has no total from its marketplace, so it cannot be refunded here.',
    };
  if (left === 0) return { ok: false, status: 409, message: 'This order has been refunded in full already.' };
  if (!asked.lines) {
    if (refunds.some((r) => r.state !== 'failed'))
      return {
        ok: false,
        status: 409,
        message: `Part of this order has been refunded already: refund the rest by line (${fromCents(left)} ${currency} left).`,
      };
    const lines = order.lines.flatMap((line) =>
      line.lineId !== undefined && line.price
        ? [
            {
              lineId: line.lineId,
              sku: line.sku,
              quantity: line.quantity,
              amount: { amount: fromCents(toCents(line.price.amount) * line.quantity), currency },
            },
          ]
        : [],
    );
    return { ok: true, wholeOrder: true, lines, total: { amount: fromCents(left), currency } };
  }
  const refundedUnits = new Map<string, number>();
  for (const refund of refunds)
    if (refund.state !== 'failed')
      for (const line of refund.lines)
        refundedUnits.set(line.lineId, (refundedUnits.get(line.lineId) ?? 0) + line.quantity);
  const lines: RefundLineRecord[] = [];
  let total = 0;
  for (const asking of asked.lines) {
    const index = order.lines.findIndex((l) => l.lineId === asking.lineId);
    if (index < 0) return { ok: false, status: 400, message: `Line ${asking.lineId} is not a line of this order.` };
    const line = order.lines[index]!;
    const unitsLeft = line.quantity - (refundedUnits.get(asking.lineId) ?? 0);
    if (asking.quantity > unitsLeft)
      return {
        ok: false,
        status: 400,
        message: `Line ${asking.lineId} (${line.sku}) has ${plural(unitsLeft, 'unit')} left to refund, not ${asking.quantity}.`,
      };
    const most = line.price ? toCents(line.price.amount) * asking.quantity : null;
    const cents = asking.amount !== undefined ? toCents(asking.amount) : most;
    if (cents === null)
      return {
        ok: false,
        status: 400,
        message: `Line ${asking.lineId} (${line.sku}) has no price: give the amount to refund.`,
      };
    if (cents <= 0) return { ok: false, status: 400, message: 'A refund amount is more than zero.' };
    if (most !== null && cents > most)
      return {
        ok: false,
        status: 400,
        message: `Line ${asking.lineId} (${line.sku}) can be refunded at most ${fromCents(most)} ${currency} for ${plural(asking.quantity, 'unit')}.`,
      };
    refundedUnits.set(asking.lineId, (refundedUnits.get(asking.lineId) ?? 0) + asking.quantity);
    lines.push({
      lineId: asking.lineId,
      sku: line.sku,
      quantity: asking.quantity,
      amount: { amount: fromCents(cents), currency },
    });
    total += cents;
  }
  if (total > left)
    return {
      ok: false,
      status: 400,
      message: `That is ${fromCents(total)} ${currency}, more than the ${fromCents(left)} ${currency} left to refund on this order.`,
    };
  return { ok: true, wholeOrder: false, lines, total: { amount: fromCents(total), currency } };
}
