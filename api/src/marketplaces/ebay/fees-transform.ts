/**
 * An order's fees from the Finances API's getTransactions (sell_finances_v1_oas3.json, GET /transaction
 * with `filter=orderId:{…}`): the order's SALE transaction holds eBay's fees in all (`totalFeeAmount`) and
 * per line item (`orderLineItems[].marketplaceFees`), as positive amounts.
 */
import type { OrderFeesRead } from '../types.ts';

/** sell_finances_v1 `Amount`. */
export interface FinancesAmount {
  value?: string;
  currency?: string;
}

/** sell_finances_v1 `Transaction`: the fields read. */
export interface FinancesTransaction {
  transactionId?: string;
  orderId?: string;
  transactionType?: string;
  bookingEntry?: string;
  amount?: FinancesAmount;
  totalFeeAmount?: FinancesAmount;
  orderLineItems?: Array<{
    lineItemId?: string;
    feeBasisAmount?: FinancesAmount;
    marketplaceFees?: Array<{ feeType?: string; amount?: FinancesAmount; feeMemo?: string }>;
  }>;
}

/** sell_finances_v1 `Transactions`. */
export interface FinancesTransactions {
  total?: number;
  transactions?: FinancesTransaction[];
}

const cents = (amount: FinancesAmount | undefined) => Math.round(Number(amount?.value ?? 0) * 100);

/** One sale's fees: `totalFeeAmount`, or the line items' fees summed where eBay leaves the total out. */
function saleFees(sale: FinancesTransaction): { cents: number; currency: string | undefined } {
  if (sale.totalFeeAmount?.value !== undefined)
    return { cents: cents(sale.totalFeeAmount), currency: sale.totalFeeAmount.currency };
  const fees = (sale.orderLineItems ?? []).flatMap((line) => line.marketplaceFees ?? []);
  return {
    cents: fees.reduce((sum, fee) => sum + cents(fee.amount), 0),
    currency: fees.find((fee) => fee.amount?.currency)?.amount?.currency,
  };
}

/** The order's fees: 'pending' until eBay lists a SALE transaction for it. */
export function orderFeesFromTransactions(orderId: string, answer: FinancesTransactions): OrderFeesRead {
  const sales = (answer.transactions ?? []).filter((t) => t.transactionType === 'SALE' && t.orderId === orderId);
  if (sales.length === 0) return { status: 'pending' };
  const read = sales.map(saleFees);
  const total = read.reduce((sum, fee) => sum + fee.cents, 0);
  const currency = read.find((fee) => fee.currency)?.currency ?? sales[0]!.amount?.currency ?? 'USD';
  return { status: 'reported', fees: { amount: (total / 100).toFixed(2), currency } };
}
