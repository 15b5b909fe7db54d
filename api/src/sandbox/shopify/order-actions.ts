/**
 * The seller's cancellations and refunds in the Admin API: orderCancel (the whole order, with restock;
 * answered with a Job, its refusals as OrderCancelUserError) and refundCreate (line items refunded and
 * money given back by a REFUND transaction of the order's payment, under `@idempotent(key:)` from
 * 2026-01: a replay with the same key answers the first refund). A sandbox order is paid when placed:
 * one SALE transaction of its total, through Shopify Payments (paymentGatewayNames), whose processing fee the
 * transaction carries (`fees`, only present for Shopify Payments transactions): the online rate Shopify publishes
 * for the Basic plan in the US, 2.9 % + 30¢ (https://www.shopify.com/pricing). Shopify keeps its fee on a refund.
 */
import crypto from 'node:crypto';
import { GraphQLError, valueFromASTUntyped, type GraphQLResolveInfo } from 'graphql';
import { timeAfter } from '../shared/sandbox-kit.ts';
import { amount, cents, moneyBag } from './admin-fields.ts';
import type { ShopGraph } from './nodes.ts';
import { cancelShopOrder, whyNotCancellable } from './orders.ts';
import { inventoryLevelChanged } from './notifications.ts';
import { gid, nextId, parseGid, sha, touch, type Order, type RefundRecord } from './state.ts';

const CANCEL_REASONS = new Set(['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'STAFF', 'OTHER']);
export const SALE_GATEWAY = 'shopify_payments';
/** Shopify Payments' online rate on the Basic plan (US): a percent of the payment plus a fixed fee. */
export const PAYMENTS_RATE_PERCENT = 2.9;
export const PAYMENTS_FLAT_FEE_CENTS = 30;

/** Shopify Payments' processing fee on a payment, in cents. */
export const paymentFeeCents = (paymentCents: number) =>
  Math.round((paymentCents * PAYMENTS_RATE_PERCENT) / 100) + PAYMENTS_FLAT_FEE_CENTS;

interface RefundInput {
  orderId: string;
  note?: string | null;
  notify?: boolean | null;
  currency?: string | null;
  refundLineItems?: Array<{ lineItemId: string; quantity: number; restockType?: string | null }> | null;
  transactions?: Array<{
    orderId: string;
    parentId?: string | null;
    gateway: string;
    kind: string;
    amount: string;
  }> | null;
}
type UserError = { field: string[]; message: string };

/** What the order was paid, in cents (every line as placed). */
const paidCents = (order: Order) => order.lines.reduce((sum, l) => sum + cents(l.price) * l.quantity, 0);
const refundedCents = (order: Order) => (order.refunds ?? []).reduce((sum, r) => sum + r.amountCents, 0);
/** The order's SALE transaction: its id is the order's own (ids are unique across the shop). */
export const saleTransactionId = (order: Order) => order.id;

/** The order's payments: its SALE, and a REFUND for each refund that gave money back. */
export function orderTransactions(graph: ShopGraph, order: Order) {
  const currency = graph.shop.currency;
  const sale = {
    id: gid('OrderTransaction', saleTransactionId(order)),
    kind: 'SALE',
    status: 'SUCCESS',
    gateway: SALE_GATEWAY,
    createdAt: order.createdAt,
    processedAt: order.createdAt,
    amountSet: moneyBag(paidCents(order), currency),
    parentTransaction: null,
    fees: [
      {
        id: gid('TransactionFee', saleTransactionId(order)),
        amount: { amount: amount(paymentFeeCents(paidCents(order))), currencyCode: currency },
        flatFee: { amount: amount(PAYMENTS_FLAT_FEE_CENTS), currencyCode: currency },
        flatFeeName: null,
        rate: (PAYMENTS_RATE_PERCENT / 100).toFixed(3),
        rateName: 'Online',
        taxAmount: { amount: '0.00', currencyCode: currency },
        type: 'payment',
      },
    ],
  };
  const refunds = (order.refunds ?? [])
    .filter((r) => r.transactionId !== null)
    .map((r) => ({
      id: gid('OrderTransaction', r.transactionId!),
      kind: 'REFUND',
      status: 'SUCCESS',
      gateway: SALE_GATEWAY,
      createdAt: r.createdAt,
      processedAt: r.createdAt,
      amountSet: moneyBag(r.amountCents, currency),
      parentTransaction: sale,
      fees: [],
    }));
  return [sale, ...refunds];
}

/** A refund as the Refund object shows it. */
export function refundNode(graph: ShopGraph, order: Order, record: RefundRecord) {
  const currency = graph.shop.currency;
  return {
    id: gid('Refund', record.id),
    legacyResourceId: String(record.id),
    createdAt: record.createdAt,
    updatedAt: record.createdAt,
    note: record.note,
    totalRefundedSet: moneyBag(record.amountCents, currency),
    totalRefunded: { amount: amount(record.amountCents), currencyCode: currency },
    order: () => graph.order(order),
    refundLineItems: ({ first }: { first?: number | null }) => {
      const nodes = record.lines.slice(0, first ?? undefined).map((l) => {
        const line = order.lines.find((candidate) => candidate.id === l.lineId)!;
        return {
          id: gid('RefundLineItem', l.id),
          quantity: l.quantity,
          restockType: l.restockType,
          restocked: l.restockType !== 'NO_RESTOCK',
          lineItem: () => graph.line(line, order),
        };
      });
      return { nodes, edges: nodes.map((node) => ({ node, cursor: node.id })), pageInfo: { hasNextPage: false } };
    },
  };
}

/** The refund's line items, or why one is refused (a line of another order, more units than remain). */
function refundLines(order: Order, input: RefundInput, userErrors: UserError[]) {
  const refunded = (lineId: number) =>
    (order.refunds ?? [])
      .flatMap((r) => r.lines)
      .filter((l) => l.lineId === lineId)
      .reduce((n, l) => n + l.quantity, 0);
  const lines: Array<{ line: Order['lines'][number]; quantity: number; restockType: string }> = [];
  (input.refundLineItems ?? []).forEach((item, i) => {
    const field = (name: string) => ['refundLineItems', String(i), name];
    const line = order.lines.find((l) => l.id === parseGid(item.lineItemId, 'LineItem'));
    if (!line) return void userErrors.push({ field: field('lineItemId'), message: 'Line item does not exist' });
    const left = line.quantity - refunded(line.id);
    if (item.quantity < 1 || item.quantity > left)
      return void userErrors.push({
        field: field('quantity'),
        message: `Quantity cannot refund more items than were purchased (${left} left)`,
      });
    lines.push({ line, quantity: item.quantity, restockType: item.restockType ?? 'NO_RESTOCK' });
  });
  return lines;
}

/** The money given back, in cents, or why refused (not the order's payment, more than remains). */
function refundAmount(order: Order, input: RefundInput, userErrors: UserError[]): number {
  let total = 0;
  (input.transactions ?? []).forEach((t, i) => {
    const field = (name: string) => ['transactions', String(i), name];
    const value = cents(t.amount);
    if (t.kind !== 'REFUND') userErrors.push({ field: field('kind'), message: 'Kind must be refund' });
    else if (
      parseGid(t.parentId, 'OrderTransaction') !== saleTransactionId(order) ||
      t.orderId !== gid('Order', order.id)
    )
      userErrors.push({ field: field('parentId'), message: 'Parent transaction does not exist' });
    else if (!(value > 0)) userErrors.push({ field: field('amount'), message: 'Amount must be greater than zero' });
    else total += value;
  });
  const left = paidCents(order) - refundedCents(order);
  if (total > left)
    userErrors.push({
      field: ['transactions'],
      message: `Refund amount $${amount(total)} is greater than net payment received $${amount(left)}`,
    });
  return total;
}

function refundCreate(graph: ShopGraph, input: RefundInput, info: GraphQLResolveInfo) {
  const shop = graph.shop;
  const directive = info.fieldNodes[0]?.directives?.find((d) => d.name.value === 'idempotent');
  const keyArg = directive?.arguments?.find((a) => a.name.value === 'key');
  const key = keyArg ? valueFromASTUntyped(keyArg.value, info.variableValues) : undefined;
  const fingerprint = sha(JSON.stringify(input));
  const order = shop.orders.find((o) => o.id === parseGid(input.orderId, 'Order'));
  if (typeof key === 'string') {
    const previous = shop.refundKeys?.[key];
    if (previous && previous.fingerprint !== fingerprint)
      throw new GraphQLError('The idempotency key was already used with different arguments.', {
        extensions: { code: 'IDEMPOTENCY_KEY_PARAMETER_MISMATCH' },
      });
    const before = previous && shop.orders.find((o) => o.id === previous.orderId);
    const record = before?.refunds?.find((r) => r.id === previous!.refundId);
    if (before && record)
      return { refund: refundNode(graph, before, record), order: graph.order(before), userErrors: [] };
  }
  if (!order)
    return { refund: null, order: null, userErrors: [{ field: ['orderId'], message: 'Order does not exist' }] };
  const userErrors: UserError[] = [];
  const lines = refundLines(order, input, userErrors);
  const total = refundAmount(order, input, userErrors);
  if (!userErrors.length && lines.length === 0 && total === 0)
    userErrors.push({ field: ['refundLineItems'], message: 'A refund needs line items or transactions' });
  if (userErrors.length) return { refund: null, order: null, userErrors };
  const at = new Date(timeAfter(Date.parse(order.updatedAt))).toISOString();
  const record: RefundRecord = {
    id: nextId(shop),
    createdAt: at,
    note: input.note ?? null,
    lines: lines.map((l) => ({
      id: nextId(shop),
      lineId: l.line.id,
      quantity: l.quantity,
      restockType: l.restockType,
    })),
    amountCents: total,
    transactionId: total > 0 ? nextId(shop) : null,
  };
  order.refunds = [...(order.refunds ?? []), record];
  order.updatedAt = at;
  // As in Shopify, a refunded unit leaves the line's current quantity, whatever its restock type.
  for (const { line, quantity } of lines) line.currentQuantity = Math.max(0, line.currentQuantity - quantity);
  // RETURN, CANCEL and LEGACY_RESTOCK put the units back on sale at the shop's one location; NO_RESTOCK leaves them.
  for (const { line, quantity, restockType } of lines) {
    const entry = graph.byVariant.get(line.variantId);
    if (!entry || restockType === 'NO_RESTOCK') continue;
    entry.variant.available += quantity;
    entry.variant.onHand += quantity;
    touch(entry.product, entry.variant);
    inventoryLevelChanged(shop, entry.variant, graph.context);
  }
  if (typeof key === 'string')
    shop.refundKeys = { ...shop.refundKeys, [key]: { fingerprint, orderId: order.id, refundId: record.id } };
  graph.context.changed(shop.domain);
  return { refund: refundNode(graph, order, record), order: graph.order(order), userErrors: [] };
}

function orderCancel(graph: ShopGraph, args: { orderId: string; reason: string; refund: boolean; restock: boolean }) {
  const field = ['orderId'];
  const order = graph.shop.orders.find((o) => o.id === parseGid(args.orderId, 'Order'));
  const refusal = !order
    ? { code: 'NOT_FOUND', field, message: 'Order does not exist' }
    : !CANCEL_REASONS.has(args.reason)
      ? { code: 'INVALID', field: ['reason'], message: 'Reason is invalid' }
      : whyNotCancellable(order)
        ? { code: 'INVALID', field, message: whyNotCancellable(order)! }
        : undefined;
  if (refusal)
    return {
      job: null,
      orderCancelUserErrors: [refusal],
      userErrors: [{ field: refusal.field, message: refusal.message }],
    };
  // The sandbox always restocks the unshipped units (as the buyer's cancellation does); Shopify runs the
  // cancellation as a job, which here is done at once.
  cancelShopOrder(graph.shop, order!, args.reason, graph.context);
  return { job: { id: gid('Job', crypto.randomUUID()), done: true }, orderCancelUserErrors: [], userErrors: [] };
}

export function orderActionResolvers(graph: ShopGraph) {
  return {
    orderCancel: (args: { orderId: string; reason: string; refund: boolean; restock: boolean }) =>
      orderCancel(graph, args),
    refundCreate: ({ input }: { input: RefundInput }, _context: unknown, info: GraphQLResolveInfo) =>
      refundCreate(graph, input, info),
  };
}
