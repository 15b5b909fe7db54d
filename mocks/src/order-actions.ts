// Cancellations, refunds and returns of the mocked account, checked as the server checks them
// (api/src/modules/orders/order-action-checks.ts) and kept in the same orders as the other handlers.
import type { HttpHandler } from 'msw';
import type { components, paths } from '@contract';
import { http } from './http';
import { cancellableUnitsOf, orderActionRules, refundableCents } from './order-action-fixtures';
import { marketplaceNames } from './order-builder';
import { returnBeforeConnection } from './order-fixtures';

type OrderDetail = components['schemas']['OrderDetail'];
type OrderCancellation = components['schemas']['OrderCancellation'];
type OrderRefund = components['schemas']['OrderRefund'];
type OrderReturn = components['schemas']['OrderReturn'];
type CancellationRequest = components['schemas']['CancellationRequest'];
type RefundRequest = components['schemas']['RefundRequest'];
type ReturnStatus = components['schemas']['ReturnStatus'];
type ReturnsQuery = NonNullable<paths['/api/returns']['get']['parameters']['query']>;

/** Who the signed-in seller is, in the timeline and on a restocked return. */
const SELLER = 'Alex Cooper';

const state = {
  /** Returns of orders from before a channel was connected: no order holds them. */
  orphanReturns: [] as OrderReturn[],
  lastCancellationBody: undefined as CancellationRequest | undefined,
  lastRefundBody: undefined as RefundRequest | undefined,
};

export function resetOrderActionMocks(): void {
  state.orphanReturns = [structuredClone(returnBeforeConnection)];
  state.lastCancellationBody = undefined;
  state.lastRefundBody = undefined;
}
resetOrderActionMocks();

/** The last body POSTed to an order's cancellations: what a story's dialog sent. */
export const lastCancellationBody = () => state.lastCancellationBody;
/** The last body POSTed to an order's refunds. */
export const lastRefundBody = () => state.lastRefundBody;

type Refusal = { status: 400 | 409; message: string };
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const toCents = (amount: string) => Math.round(Number(amount) * 100);
const fromCents = (cents: number) => (cents / 100).toFixed(2);

function checkCancellation(order: OrderDetail, asked: CancellationRequest): Refusal | OrderCancellation['lines'] {
  const name = marketplaceNames[order.channel.kind];
  const { cancelByLine } = orderActionRules[order.channel.kind];
  if (order.status === 'cancelled') return { status: 409, message: 'This order is cancelled already.' };
  const open = cancellableUnitsOf(order.lines, order.cancellations);
  if (open.every((units) => units === 0))
    return { status: 409, message: 'Nothing is left to cancel: every unit is shipped or cancelled.' };
  if (order.lines.some((line, index) => open[index]! > 0 && line.lineId === null))
    return {
      status: 409,
      message: `${name} has not told us this order's line ids yet; the next orders read brings them.`,
    };
  const everyOpenUnit = order.lines.flatMap((line, index) =>
    open[index]! > 0 ? [{ lineId: line.lineId!, sku: line.sku, quantity: open[index]! }] : [],
  );
  const wholeOnly = `${name} cancels whole orders only`;
  const untouched = open.every((units, index) => units === order.lines[index]!.quantity);
  if (!asked.lines) {
    if (!cancelByLine && !untouched)
      return { status: 409, message: `${wholeOnly}, and part of this one is shipped or cancelled already.` };
    return everyOpenUnit;
  }
  const lines: OrderCancellation['lines'] = [];
  for (const { lineId, quantity } of asked.lines) {
    const index = order.lines.findIndex((line) => line.lineId === lineId);
    if (index < 0) return { status: 400, message: `Line ${lineId} is not a line of this order.` };
    if (quantity > open[index]!)
      return {
        status: 400,
        message: `Line ${lineId} (${order.lines[index]!.sku}) has ${plural(open[index]!, 'unit')} that can be cancelled, not ${quantity}.`,
      };
    lines.push({ lineId, sku: order.lines[index]!.sku, quantity });
  }
  const whole = everyOpenUnit.every((o) => lines.find((l) => l.lineId === o.lineId)?.quantity === o.quantity);
  if (!cancelByLine && !(whole && untouched))
    return { status: 400, message: `${wholeOnly}: cancel every line of this order, or none.` };
  return lines;
}

function checkRefund(order: OrderDetail, asked: RefundRequest): Refusal | Pick<OrderRefund, 'lines' | 'total'> {
  const left = refundableCents(order, order.refunds);
  const currency = order.total?.currency;
  if (left === null || !currency)
    return { status: 409, message: 'This order has no total from its marketplace, so it cannot be refunded here.' };
  if (left === 0) return { status: 409, message: 'This order has been refunded in full already.' };
  const given = order.refunds.filter((refund) => refund.state !== 'failed');
  const money = (cents: number) => ({ amount: fromCents(cents), currency });
  if (!asked.lines) {
    if (given.length > 0)
      return {
        status: 409,
        message: `Part of this order has been refunded already: refund the rest by line (${fromCents(left)} ${currency} left).`,
      };
    const lines = order.lines.flatMap((line) =>
      line.lineId && line.price
        ? [
            {
              lineId: line.lineId,
              sku: line.sku,
              quantity: line.quantity,
              amount: money(toCents(line.price.amount) * line.quantity),
            },
          ]
        : [],
    );
    return { lines, total: money(left) };
  }
  const lines: OrderRefund['lines'] = [];
  let total = 0;
  for (const asking of asked.lines) {
    const line = order.lines.find((candidate) => candidate.lineId === asking.lineId);
    if (!line) return { status: 400, message: `Line ${asking.lineId} is not a line of this order.` };
    const refunded = [...given.flatMap((refund) => refund.lines), ...lines]
      .filter((l) => l.lineId === asking.lineId)
      .reduce((sum, l) => sum + l.quantity, 0);
    const unitsLeft = line.quantity - refunded;
    if (asking.quantity > unitsLeft)
      return {
        status: 400,
        message: `Line ${asking.lineId} (${line.sku}) has ${plural(unitsLeft, 'unit')} left to refund, not ${asking.quantity}.`,
      };
    const most = line.price ? toCents(line.price.amount) * asking.quantity : null;
    const cents = asking.amount !== undefined ? toCents(asking.amount) : most;
    if (cents === null)
      return { status: 400, message: `Line ${asking.lineId} (${line.sku}) has no price: give the amount to refund.` };
    if (cents <= 0) return { status: 400, message: 'A refund amount is more than zero.' };
    if (most !== null && cents > most)
      return {
        status: 400,
        message: `Line ${asking.lineId} (${line.sku}) can be refunded at most ${fromCents(most)} ${currency} for ${plural(asking.quantity, 'unit')}.`,
      };
    lines.push({ lineId: asking.lineId, sku: line.sku, quantity: asking.quantity, amount: money(cents) });
    total += cents;
  }
  if (total > left)
    return {
      status: 400,
      message: `That is ${fromCents(total)} ${currency}, more than the ${fromCents(left)} ${currency} left to refund on this order.`,
    };
  return { lines, total: money(total) };
}

/** Every return, newest first: those of the orders and those whose order came before the channel. */
const allReturns = (orders: OrderDetail[]) =>
  [...orders.flatMap((order) => order.returns), ...state.orphanReturns].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );

const cursorOf = (offset: number) => btoa(JSON.stringify({ offset }));
const offsetOf = (cursor: string | null) => (cursor ? (JSON.parse(atob(cursor)) as { offset: number }).offset : 0);

/** GET /api/returns as the server answers it: filter, then the page after the cursor. */
export function queryReturns(returns: OrderReturn[], query: ReturnsQuery) {
  const matching = returns.filter(
    (ret) => (!query.status || ret.status === query.status) && (!query.channelId || ret.channel.id === query.channelId),
  );
  const offset = offsetOf(query.cursor ?? null);
  const pageSize = query.pageSize ?? 50;
  return {
    items: matching.slice(offset, offset + pageSize),
    next: offset + pageSize < matching.length ? cursorOf(offset + pageSize) : null,
  };
}

/** The handlers of cancellations, refunds and returns over `ordersNow()`, the account's orders at each request. */
export function orderActionHandlers(ordersNow: () => OrderDetail[]): HttpHandler[] {
  const find = (orderId: string) => ordersNow().find((order) => order.id === orderId);
  const now = () => new Date().toISOString();
  return [
    http.post('/api/orders/{orderId}/cancellations', async ({ params, request, response }) => {
      const order = find(params.orderId);
      if (!order) return response(404).json({ message: 'No such order in this account.' });
      const body = await request.json();
      state.lastCancellationBody = body;
      const { cancel } = orderActionRules[order.channel.kind];
      if (!cancel.api) return response(409).json({ message: cancel.why });
      const checked = checkCancellation(order, body);
      if ('status' in checked) return response(checked.status).json({ message: checked.message });
      const open = cancellableUnitsOf(order.lines, order.cancellations).reduce((sum, n) => sum + n, 0);
      const cancellation: OrderCancellation = {
        id: crypto.randomUUID(),
        reason: body.reason,
        wholeOrder: checked.reduce((sum, line) => sum + line.quantity, 0) === open,
        lines: checked,
        state: 'sending',
        message: null,
        createdAt: now(),
      };
      order.cancellations.push(cancellation);
      return response(202).json(cancellation);
    }),
    http.post('/api/orders/{orderId}/refunds', async ({ params, request, response }) => {
      const order = find(params.orderId);
      if (!order) return response(404).json({ message: 'No such order in this account.' });
      const body = await request.json();
      state.lastRefundBody = body;
      const checked = checkRefund(order, body);
      if ('status' in checked) return response(checked.status).json({ message: checked.message });
      const recordedOnly = !orderActionRules[order.channel.kind].refund.api;
      const refund: OrderRefund = {
        id: crypto.randomUUID(),
        reason: body.reason,
        note: body.note ?? null,
        wholeOrder: body.lines === undefined,
        ...checked,
        state: recordedOnly ? 'recorded' : 'sending',
        message: null,
        createdAt: now(),
      };
      order.refunds.push(refund);
      if (recordedOnly)
        order.timeline.push({ at: refund.createdAt, kind: 'refunded', actor: SELLER, detail: 'Recorded only' });
      return response(202).json(refund);
    }),
    http.get('/api/returns', ({ query, response }) =>
      response(200).json(
        queryReturns(allReturns(ordersNow()), {
          status: (query.get('status') as ReturnStatus | null) ?? undefined,
          channelId: query.get('channelId') ?? undefined,
          cursor: query.get('cursor') ?? undefined,
          pageSize: query.get('pageSize') ? Number(query.get('pageSize')) : undefined,
        }),
      ),
    ),
    http.post('/api/returns/{returnId}/restock', ({ params, response }) => {
      const ret = allReturns(ordersNow()).find((candidate) => candidate.id === params.returnId);
      if (!ret) return response(404).json({ message: 'No such return.' });
      if (ret.restockedAt) return response(409).json({ message: 'This return was restocked already.' });
      Object.assign(ret, { restockedAt: now(), restockedBy: SELLER, updatedAt: now() });
      const units = ret.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ');
      find(ret.orderId ?? '')?.timeline.push({ at: now(), kind: 'restocked', actor: SELLER, detail: units });
      return response(200).json(ret);
    }),
  ];
}

/**
 * The marketplace confirms the cancellations and refunds on their way once they are `afterMs` old:
 * cancelled units leave the order. True when one was.
 */
export function confirmSendingActions(order: OrderDetail, afterMs: number): boolean {
  const due = (createdAt: string) => Date.now() - Date.parse(createdAt) >= afterMs;
  const actor = marketplaceNames[order.channel.kind];
  let changed = false;
  for (const cancellation of order.cancellations.filter((c) => c.state === 'sending' && due(c.createdAt))) {
    cancellation.state = 'confirmed';
    for (const cancelled of cancellation.lines) {
      const line = order.lines.find((candidate) => candidate.lineId === cancelled.lineId);
      if (line) line.cancelledQuantity += cancelled.quantity;
    }
    if (order.lines.every((line) => line.cancelledQuantity === line.quantity)) order.status = 'cancelled';
    const units = cancellation.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ');
    order.timeline.push({ at: new Date().toISOString(), kind: 'cancelled', actor, detail: units });
    changed = true;
  }
  for (const refund of order.refunds.filter((r) => r.state === 'sending' && due(r.createdAt))) {
    refund.state = 'confirmed';
    order.timeline.push({ at: new Date().toISOString(), kind: 'refunded', actor, detail: refund.total.amount });
    changed = true;
  }
  return changed;
}
