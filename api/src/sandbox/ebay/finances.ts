/**
 * The Finances API's getTransactions (sell_finances_v1_oas3.json, GET /transaction): one SALE transaction
 * per order, with eBay's fees per line item (`orderLineItems[].marketplaceFees`) and in all
 * (`totalFeeAmount`), newest first; `filter=orderId:{…}` answers that order's sale only (and ignores
 * `limit`, as the spec says), `transactionType:{…}` keeps the types named. Fees follow the final value fee
 * of order-details.ts: 13.6 % of each line's total, and the fixed fee per order on its first line.
 */
import type { Request, Response, Router } from 'express';
import { authorize, ebayScopes } from './auth.ts';
import { error, fail } from './errors.ts';
import { amountOf, cents } from './order-details.ts';
import type { EbayContext, SandboxOrder } from './state.ts';

const FINANCES = '/sell/finances/v1';
const DOMAIN_FINANCES = 'API_FINANCES';

/** eBay US's final value fee for most categories: a share of the line's total, and a fixed fee per order. */
export const FINAL_VALUE_FEE_RATE = 0.136;
export const fixedFeePerOrderCents = (orderTotalCents: number) => (orderTotalCents > 1000 ? 40 : 30);

/** sell_finances_v1 `Transaction` of an order's sale. */
export function saleTransactionOf(order: SandboxOrder, sellerUsername: string) {
  const currency = order.pricingSummary.total.currency;
  const totalCents = cents(order.pricingSummary.total);
  const lines = order.lineItems.map((line, index) => {
    const fees = [
      { feeType: 'FINAL_VALUE_FEE', amount: amountOf(Math.round(cents(line.total) * FINAL_VALUE_FEE_RATE), currency) },
      ...(index === 0
        ? [
            {
              feeType: 'FINAL_VALUE_FEE_FIXED_PER_ORDER',
              amount: amountOf(fixedFeePerOrderCents(totalCents), currency),
            },
          ]
        : []),
    ];
    return { lineItemId: line.lineItemId, feeBasisAmount: line.total, marketplaceFees: fees };
  });
  const feeCents = lines.flatMap((l) => l.marketplaceFees).reduce((sum, fee) => sum + cents(fee.amount), 0);
  return {
    transactionId: `${order.orderId}-S`,
    orderId: order.orderId,
    salesRecordReference: order.salesRecordReference,
    // An order saved before the sandbox kept buyers has none: the seller's name stands in.
    buyer: { username: (order as Partial<SandboxOrder>).buyer?.username ?? `buyer_of_${sellerUsername}` },
    transactionType: 'SALE',
    amount: amountOf(totalCents - feeCents, currency),
    totalFeeBasisAmount: order.pricingSummary.total,
    totalFeeAmount: amountOf(feeCents, currency),
    orderLineItems: lines,
    bookingEntry: 'CREDIT',
    transactionDate: order.creationDate,
    transactionStatus: 'FUNDS_AVAILABLE_FOR_PAYOUT',
    paymentsEntity: 'eBay Commerce Inc.',
  };
}

interface TransactionsFilter {
  orderId?: string;
  types?: string[];
}

/** The `filter` parameters read (orderId, transactionType); another filter name is refused, as eBay does. */
function transactionsFilter(req: Request, res: Response): TransactionsFilter | undefined {
  const raw = req.query.filter;
  const filters = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
  const read: TransactionsFilter = {};
  for (const filter of filters.flatMap((f) => f.split(','))) {
    const match = /^([A-Za-z]+):\{([^}]*)\}$/.exec(filter.trim());
    if (match?.[1] === 'orderId') read.orderId = match[2];
    else if (match?.[1] === 'transactionType') read.types = match[2]!.split('|');
    else {
      fail(res, 400, error(135001, DOMAIN_FINANCES, `The filter ${filter} is invalid or not supported.`));
      return undefined;
    }
  }
  return read;
}

function getTransactions(context: EbayContext, req: Request, res: Response) {
  const grant = authorize(req, res, context, 'finances', ebayScopes.finances, 'user');
  if (!grant) return;
  const seller = context.state().sellers[grant.sellerId!]!;
  const filter = transactionsFilter(req, res);
  if (!filter) return;
  const limit = req.query.limit === undefined ? 20 : Number(req.query.limit);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000 || !Number.isInteger(offset) || offset < 0)
    return fail(res, 400, error(135002, DOMAIN_FINANCES, 'The limit or offset value is invalid.'));
  const sales = seller.orders
    .filter((order) => filter.orderId === undefined || order.orderId === filter.orderId)
    .sort((a, b) => b.creationDate.localeCompare(a.creationDate))
    .map((order) => saleTransactionOf(order, seller.username))
    .filter((t) => !filter.types || filter.types.includes(t.transactionType));
  // With an orderId filter the limit is ignored: the order's transactions come whole.
  const page = filter.orderId !== undefined ? sales : sales.slice(offset, offset + limit);
  res.json({
    href: req.originalUrl,
    limit,
    offset,
    total: sales.length,
    transactions: page,
  });
}

export function financesRoutes(router: Router, context: EbayContext) {
  router.get(`${FINANCES}/transaction`, (req, res) => getTransactions(context, req, res));
}
