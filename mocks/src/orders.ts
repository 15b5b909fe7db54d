import { HttpResponse, delay, type HttpHandler } from 'msw';
import type { components, paths } from '@contract';
import { http } from './http';
import { carrierFixtures } from './order-fixtures';
import { endOfDay, endOfToday } from './order-fixture-basics';
import { generateOrders } from './generated-orders';
import { confirmSendingActions, orderActionHandlers, resetOrderActionMocks } from './order-actions';
import { actionsOf } from './order-action-fixtures';

type OrderDetail = components['schemas']['OrderDetail'];
type OrderSummary = components['schemas']['OrderSummary'];
type OrdersPage = components['schemas']['OrdersPage'];
type Shipment = components['schemas']['Shipment'];
type ShipmentRequest = components['schemas']['ShipmentRequest'];
type ShipmentResult = components['schemas']['ShipmentResult'];
type ShipmentCsvRow = components['schemas']['ShipmentCsvRow'];
type ShipmentCsvResult = components['schemas']['ShipmentCsvResult'];
type FulfilmentStatus = components['schemas']['FulfilmentStatus'];
type OrderSort = components['schemas']['OrderSort'];
type OrdersQuery = NonNullable<paths['/api/orders']['get']['parameters']['query']>;

/** The most orders `total` counts; past it `totalCapped` is true. */
const TOTAL_CAP = 10_000;
const openStatuses: readonly FulfilmentStatus[] = ['unshipped', 'partially shipped'];
const marketplaceNames = { amazon: 'Amazon', walmart: 'Walmart', ebay: 'eBay', shopify: 'Shopify' } as const;

export function summaryOf(order: OrderDetail): OrderSummary {
  const { id, orderNumber, marketplaceOrderId, channel, orderedAt, buyerName, lineCount, units, total } = order;
  const { status, shipBy, late, lastShipment, personalDataErased } = order;
  return {
    ...{ id, orderNumber, marketplaceOrderId, channel, orderedAt, buyerName, lineCount, units, total },
    ...{ status, shipBy, late, lastShipment, personalDataErased },
  };
}

const sortValue: Record<OrderSort, (order: OrderDetail) => string | number | null> = {
  orderedAt: (order) => order.orderedAt,
  shipBy: (order) => order.shipBy,
  total: (order) => (order.total ? Number(order.total.amount) : null),
};

/** The cursor is the server's own business; here, where the next page starts. */
const cursorOf = (offset: number) => btoa(JSON.stringify({ offset }));
const offsetOf = (cursor: string | undefined) => (cursor ? (JSON.parse(atob(cursor)) as { offset: number }).offset : 0);

/** GET /api/orders as the server answers it: filter, sort, then the page after the cursor. */
export function queryOrders(orders: OrderDetail[], query: OrdersQuery): OrdersPage {
  const q = query.q?.toLowerCase();
  const matching = orders.filter((order) => {
    const texts = [order.orderNumber, order.buyerName, ...order.lines.map((line) => line.sku)];
    if (q && !texts.some((text) => text?.toLowerCase().includes(q))) return false;
    if (query.channelId && order.channel.id !== query.channelId) return false;
    if (query.status && order.status !== query.status) return false;
    if (query.from && order.orderedAt < new Date(query.from).toISOString()) return false;
    if (query.to && order.orderedAt >= new Date(query.to).toISOString()) return false;
    if (query.late && !order.late) return false;
    return true;
  });
  const value = sortValue[query.sort ?? 'orderedAt'];
  const sign = query.order === 'asc' ? 1 : -1;
  const sorted = [...matching].sort((a, b) => {
    const [x, y] = [value(a), value(b)];
    // Orders without the value (no ship-by date, no total) come last either way.
    if (x === null || y === null) return x === y ? a.id.localeCompare(b.id) : x === null ? 1 : -1;
    return (x < y ? -1 : x > y ? 1 : a.id.localeCompare(b.id)) * sign;
  });
  const offset = offsetOf(query.cursor);
  const pageSize = query.pageSize ?? 50;
  const items = sorted.slice(offset, offset + pageSize).map(summaryOf);
  return {
    items,
    next: offset + pageSize < sorted.length ? cursorOf(offset + pageSize) : null,
    total: Math.min(sorted.length, TOTAL_CAP),
    totalCapped: sorted.length > TOTAL_CAP,
  };
}

/** The query's values as they arrive (openapi-msw's typed search parameters). */
interface QueryReader {
  get(name: keyof OrdersQuery): string | null;
}

const readQuery = (query: QueryReader): OrdersQuery => ({
  q: query.get('q') ?? undefined,
  channelId: query.get('channelId') ?? undefined,
  status: (query.get('status') as FulfilmentStatus | null) ?? undefined,
  from: query.get('from') ?? undefined,
  to: query.get('to') ?? undefined,
  late: query.get('late') === 'true' || undefined,
  sort: (query.get('sort') as OrderSort | null) ?? undefined,
  order: (query.get('order') as 'asc' | 'desc' | null) ?? undefined,
  cursor: query.get('cursor') ?? undefined,
  pageSize: query.get('pageSize') ? Number(query.get('pageSize')) : undefined,
});

/** The account's orders; a shipment sent in a story changes them until `resetOrderMocks`. */
const state = {
  orders: new Map<string, OrderDetail>(),
  listCalls: 0,
  returnsCalls: 0,
  lastShipBody: undefined as unknown,
};

/**
 * Orders due today are due on the day a story runs, not the day the mocks loaded: a run that crossed
 * midnight showed them late.
 */
function dueOnTheDayItRuns(order: OrderDetail): OrderDetail {
  return order.shipBy === endOfToday() ? { ...order, shipBy: endOfDay(Date.now()) } : order;
}

export function resetOrderMocks(): void {
  state.orders = new Map(generateOrders().map((order) => [order.id, dueOnTheDayItRuns(structuredClone(order))]));
  state.listCalls = 0;
  state.returnsCalls = 0;
  state.lastShipBody = undefined;
  resetOrderActionMocks();
}
resetOrderMocks();

/** The last body POSTed to /api/orders/shipments: what a story's form sent. */
export const lastShipmentBody = () => state.lastShipBody;

const remainingOf = (line: OrderDetail['lines'][number]) =>
  Math.max(0, line.quantity - line.cancelledQuantity - line.shippedQuantity);
const lineKey = (line: OrderDetail['lines'][number]) => line.lineId ?? line.sku;

/** Why the server refuses a shipment before sending it (the contract's checks), or null when it passes. */
function refusalOf(order: OrderDetail | undefined, request: ShipmentRequest): string | null {
  if (!order) return 'No such order in this account.';
  if (!openStatuses.includes(order.status))
    return `Order ${order.orderNumber} is ${order.status}: there is nothing left to ship.`;
  const carriers = carrierFixtures[order.channel.kind];
  if (!carriers.some((carrier) => carrier.code === request.carrier))
    return `${marketplaceNames[order.channel.kind]} does not take the carrier "${request.carrier}". Choose one of: ${carriers.map((carrier) => carrier.name).join(', ')}.`;
  for (const wanted of request.lines ?? []) {
    const line = order.lines.find((candidate) => candidate.lineId === wanted.lineId);
    if (!line) return `Line ${wanted.lineId} is not a line of order ${order.orderNumber}.`;
    if (wanted.quantity > remainingOf(line))
      return `Only ${remainingOf(line)} of ${line.sku} left to ship on order ${order.orderNumber}; ${wanted.quantity} asked.`;
  }
  if (!request.lines && order.lines.every((line) => remainingOf(line) === 0))
    return `Nothing is left to ship on order ${order.orderNumber}.`;
  return null;
}

/** Records a shipment that passed: `sending` until the marketplace answers; the lines count it shipped. */
function record(order: OrderDetail, request: ShipmentRequest): Shipment {
  const lines = request.lines
    ? request.lines.map((wanted) => {
        const line = order.lines.find((candidate) => candidate.lineId === wanted.lineId)!;
        return { line, quantity: wanted.quantity };
      })
    : order.lines.filter((line) => remainingOf(line) > 0).map((line) => ({ line, quantity: remainingOf(line) }));
  for (const { line, quantity } of lines) line.shippedQuantity += quantity;
  const now = new Date().toISOString();
  const carrier = carrierFixtures[order.channel.kind].find((candidate) => candidate.code === request.carrier)!;
  const shipment: Shipment = {
    id: crypto.randomUUID(),
    carrier: carrier.code,
    carrierName: carrier.name,
    trackingNumber: request.trackingNumber,
    shippedAt: request.shippedAt ?? now,
    lines: lines.map(({ line, quantity }) => ({ lineId: lineKey(line), sku: line.sku, quantity })),
    state: 'sending',
    message: null,
    attempts: 0,
    createdAt: now,
  };
  order.shipments.push(shipment);
  order.status = order.lines.every((line) => remainingOf(line) === 0) ? 'shipped' : 'partially shipped';
  order.late = false;
  order.lastShipment = { state: 'sending', message: null };
  order.timeline.push({
    at: now,
    kind: 'shipped',
    actor: 'You',
    detail: `${carrier.name} ${request.trackingNumber}`,
  });
  return shipment;
}

function ship(request: ShipmentRequest, dryRun: boolean): ShipmentResult {
  const order = state.orders.get(request.orderId);
  const refusal = refusalOf(order, request);
  if (refusal || !order) return { orderId: request.orderId, outcome: 'refused', shipmentId: null, message: refusal };
  if (dryRun) return { orderId: order.id, outcome: 'ready', shipmentId: null, message: null };
  return { orderId: order.id, outcome: 'sending', shipmentId: record(order, request).id, message: null };
}

/** A malformed request, as the contract's validation at the edge answers it. */
function malformed(requests: ShipmentRequest[]): string | null {
  const index = requests.findIndex((request) => request.trackingNumber.trim() === '');
  if (index !== -1) return `shipments/${index}/trackingNumber must NOT have fewer than 1 characters`;
  const empty = requests.findIndex((request) => request.carrier === '');
  if (empty !== -1) return `shipments/${empty}/carrier must NOT have fewer than 1 characters`;
  return null;
}

// --- Tracking by CSV ------------------------------------------------------------------------------

interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/** A plain CSV (quotes allowed around a cell): the header names the columns. */
function parseCsv(csv: string): { header: string[]; rows: CsvRow[] } {
  const split = (text: string) =>
    (text.match(/("([^"]|"")*"|[^,]*)(,|$)/g) ?? []).slice(0, -1).map((cell) =>
      cell
        .replace(/,$/, '')
        .replace(/^"(.*)"$/, '$1')
        .replace(/""/g, '"')
        .trim(),
    );
  const lines = csv.replace(/\r\n?/g, '\n').split('\n');
  const header = split(lines[0] ?? '').map((name) => name.toLowerCase());
  const rows = lines
    .map((text, index) => ({ text, line: index + 1 }))
    .slice(1)
    .filter(({ text }) => text.trim() !== '')
    .map(({ text, line }) => {
      const values = split(text);
      return { line, cells: Object.fromEntries(header.map((name, i) => [name, values[i] ?? ''])) };
    });
  return { header, rows };
}

function shipCsv(csv: string, dryRun: boolean): { error: string } | { result: ShipmentCsvResult } {
  const { header, rows } = parseCsv(csv);
  const missing = ['order_number', 'carrier', 'tracking'].filter((name) => !header.includes(name));
  if (missing.length > 0)
    return { error: `The CSV has no ${missing.join(', ')} column. Its first row names the columns.` };
  const byNumber = new Map([...state.orders.values()].map((order) => [order.orderNumber, order]));
  const outcomes: ShipmentCsvRow[] = [];
  const shipments = new Map<string, { rows: ShipmentCsvRow[]; request: ShipmentRequest }>();
  for (const { line, cells } of rows) {
    const row: ShipmentCsvRow = {
      line,
      orderNumber: cells.order_number ?? '',
      carrier: cells.carrier ?? '',
      trackingNumber: cells.tracking ?? '',
      sku: cells.sku || null,
      quantity: null,
      outcome: dryRun ? 'ready' : 'sending',
      message: null,
    };
    outcomes.push(row);
    const order = byNumber.get(row.orderNumber);
    const refuse = (message: string) => Object.assign(row, { outcome: 'refused', message });
    if (!row.orderNumber) refuse('The order number is missing.');
    else if (!order) refuse(`No order ${row.orderNumber} in this account.`);
    else if (!row.carrier) refuse('The carrier is missing.');
    else if (!row.trackingNumber) refuse('The tracking number is missing.');
    else if (cells.ship_date && Number.isNaN(Date.parse(cells.ship_date)))
      refuse(`"${cells.ship_date}" is not a date (write it as 2026-11-21).`);
    if (row.outcome === 'refused' || !order) continue;
    const key = `${order.id}|${row.carrier}|${row.trackingNumber}`;
    const shipment = shipments.get(key) ?? {
      rows: [],
      request: {
        orderId: order.id,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        ...(cells.ship_date ? { shippedAt: new Date(cells.ship_date).toISOString() } : {}),
      },
    };
    shipment.rows.push(row);
    if (cells.sku) {
      const orderLine = order.lines.find((candidate) => candidate.sku === cells.sku);
      if (!orderLine?.lineId) refuse(`${cells.sku} is not a line of order ${order.orderNumber}.`);
      else {
        row.quantity = Number(cells.quantity || remainingOf(orderLine));
        shipment.request.lines = [
          ...(shipment.request.lines ?? []),
          { lineId: orderLine.lineId, quantity: row.quantity },
        ];
      }
    }
    shipments.set(key, shipment);
  }
  for (const { rows: parcel, request } of shipments.values()) {
    if (parcel.some((row) => row.outcome === 'refused')) continue;
    const result = ship(request, dryRun);
    if (result.outcome === 'refused')
      for (const row of parcel) Object.assign(row, { outcome: 'refused', message: result.message });
  }
  const count = (outcome: ShipmentCsvRow['outcome']) => outcomes.filter((row) => row.outcome === outcome).length;
  return { result: { rows: outcomes, ready: count('ready'), sending: count('sending'), refused: count('refused') } };
}

// --- Handlers ---------------------------------------------------------------------------------------

const orders = () => [...state.orders.values()].sort((a, b) => b.orderedAt.localeCompare(a.orderedAt));

/** The reads and writes of the Orders page over `ordersNow()`, the account's orders at each request. */
function ordersOf(ordersNow: () => OrderDetail[], page = queryOrders): HttpHandler[] {
  return [
    http.get('/api/orders', ({ query, response }) => response(200).json(page(ordersNow(), readQuery(query)))),
    http.get('/api/orders/carriers', ({ response }) => response(200).json(carrierFixtures)),
    http.get('/api/orders/{orderId}', ({ params, response }) => {
      const order = ordersNow().find((candidate) => candidate.id === params.orderId);
      // What may still be cancelled and refunded follows the order's shipments, cancellations and refunds.
      return order
        ? response(200).json({ ...order, actions: actionsOf(order) })
        : response(404).json({ message: 'No such order in this account.' });
    }),
    http.post('/api/orders/shipments', async ({ request, response }) => {
      const body = await request.json();
      state.lastShipBody = body;
      const problem = malformed(body.shipments);
      if (problem) return response(400).json({ message: problem });
      const results = body.shipments.map((shipment) => ship(shipment, body.dryRun ?? false));
      const count = (outcome: ShipmentResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
      return response(200).json({ results, sending: count('sending'), refused: count('refused') });
    }),
    http.post('/api/orders/shipments/csv', async ({ request, response }) => {
      const body = await request.json();
      const answer = shipCsv(body.csv, body.dryRun);
      return 'error' in answer ? response(400).json({ message: answer.error }) : response(200).json(answer.result);
    }),
    ...orderActionHandlers(ordersNow),
  ];
}

/** The marketplaces confirm each shipment on its way once it is `afterMs` old; true when one was. */
function confirmSending(afterMs: number): boolean {
  let changed = false;
  for (const order of state.orders.values())
    for (const shipment of order.shipments)
      if (shipment.state === 'sending' && Date.now() - Date.parse(shipment.createdAt) >= afterMs) {
        Object.assign(shipment, { state: 'confirmed', attempts: shipment.attempts + 1 });
        order.lastShipment = { state: 'confirmed', message: null };
        changed = true;
      }
  for (const order of state.orders.values()) if (confirmSendingActions(order, afterMs)) changed = true;
  return changed;
}

/** An event stream that says `orders` whenever the marketplaces have confirmed a shipment, cancellation or refund (checked every 500 ms). */
function confirmingStream(afterMs: number) {
  return http.get('/api/sync/events', ({ response }) => {
    const encoder = new TextEncoder();
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(': progress of sync runs\n\n'));
        timer = setInterval(() => {
          if (!confirmSending(afterMs)) return;
          const event = JSON.stringify({ at: new Date().toISOString() });
          controller.enqueue(encoder.encode(`event: orders\ndata: ${event}\n\n`));
        }, 500);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return response.untyped(
      new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' } }),
    );
  });
}

/** A 503 with the server's message (not a status the contract lists: the service itself is down). */
const serviceDown = (message: string) => HttpResponse.json({ message }, { status: 503 });

export const orderHandlers = {
  /** About 120 orders from Amazon, Walmart, eBay and Shopify: late ones, one due today, a failed shipment. */
  populated: ordersOf(orders),
  /**
   * The marketplaces confirm a shipment 2.5 s after it is sent, and the event stream says so: the
   * page shows it without a reload. (Replaces the `sync` key's stream.)
   */
  shipmentsConfirmedLive: [confirmingStream(2_500), ...ordersOf(orders)],
  /** No order yet. */
  empty: ordersOf(() => []),
  /** Orders, but no channel has reported a return yet. */
  noReturns: [
    http.get('/api/returns', ({ response }) => response(200).json({ items: [], next: null })),
    ...ordersOf(orders),
  ],
  /** The returns never arrive. */
  returnsLoading: [
    http.get('/api/returns', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], next: null });
    }),
    ...ordersOf(orders),
  ],
  /** The first read of the returns fails; the next succeeds (call `resetOrderMocks` first). */
  returnsFailOnce: [
    http.get('/api/returns', ({ response }) => {
      state.returnsCalls += 1;
      if (state.returnsCalls === 1)
        return response.untyped(serviceDown('The service is briefly unavailable. Try again.'));
      return undefined;
    }),
    ...ordersOf(orders),
  ],
  /** More than 10,000 orders match: the total is capped. */
  moreThanTenThousand: ordersOf(orders, (all, query) => ({
    ...queryOrders(all, query),
    total: TOTAL_CAP,
    totalCapped: true,
  })),
  loading: [
    http.get('/api/orders', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], next: null, total: 0, totalCapped: false });
    }),
  ],
  /** The first read of the list fails; the next succeeds (call `resetOrderMocks` first). */
  failsOnce: [
    http.get('/api/orders', ({ query, response }) => {
      state.listCalls += 1;
      if (state.listCalls === 1) return response.untyped(serviceDown('The service is briefly unavailable. Try again.'));
      return response(200).json(queryOrders(orders(), readQuery(query)));
    }),
    ...ordersOf(orders).slice(1),
  ],
  /** Staff who are not viewing as a seller: the account's orders are refused. (Replaces the `channels` key too.) */
  forbidden: [
    http.get('/api/orders', ({ response }) =>
      response(403).json({ message: 'Sign in to a seller account, or view as one, to see its orders' }),
    ),
    http.get('/api/channels', ({ response }) =>
      response.untyped(
        HttpResponse.json(
          { message: 'Sign in to a seller account, or view as one, to see its orders' },
          { status: 403 },
        ),
      ),
    ),
  ],
} satisfies Record<string, HttpHandler[]>;

export type OrderScenario = keyof typeof orderHandlers;

/**
 * The orders of an account whose main channel is a Shopify store and whose eBay channel creates its
 * orders there: every eBay order carries `copy` (its copy in the store).
 */
export function ordersWithShopifyCopies(copy: NonNullable<OrderDetail['shopifyCopy']>): HttpHandler[] {
  return ordersOf(() =>
    orders().map((order) => (order.channel.kind === 'ebay' ? { ...order, shopifyCopy: copy } : order)),
  );
}
