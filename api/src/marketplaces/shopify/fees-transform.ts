/**
 * An order's fees from its transactions (Admin GraphQL `Order.transactions`): Shopify Payments' processing fees
 * (`OrderTransaction.fees`, "only present for Shopify Payments transactions"), summed over the order's successful
 * payments. A payment through another gateway (PayPal, a manual payment) carries no fee Shopify knows of: the fee
 * table estimates those.
 */
import type { OrderFeesRead } from '../types.ts';

/** The transaction fields read. */
export interface ShopifyFeeTransaction {
  kind: string;
  status: string;
  gateway: string | null;
  fees: Array<{ amount: { amount: string; currencyCode: string } }>;
}

export const SHOPIFY_PAYMENTS_GATEWAY = 'shopify_payments';
const PAYMENT_KINDS = new Set(['SALE', 'CAPTURE']);

const cents = (amount: string) => Math.round(Number(amount) * 100);

export function orderFeesFromShopifyTransactions(
  transactions: readonly ShopifyFeeTransaction[] | undefined,
): OrderFeesRead {
  if (!transactions) return { status: 'unavailable', reason: 'Shopify has no such order.' };
  const succeeded = transactions.filter((t) => t.status === 'SUCCESS');
  const payments = succeeded.filter((t) => PAYMENT_KINDS.has(t.kind));
  // Not paid yet (a payment pending or only authorized): its fees come with the payment.
  if (payments.length === 0) return { status: 'pending' };
  const throughShopify = payments.filter((t) => t.gateway === SHOPIFY_PAYMENTS_GATEWAY);
  if (throughShopify.length < payments.length) {
    const others = [...new Set(payments.filter((t) => t.gateway !== SHOPIFY_PAYMENTS_GATEWAY).map((t) => t.gateway))];
    return {
      status: 'unavailable',
      reason: `Paid through ${others.join(', ') || 'another gateway'}: Shopify does not know that gateway's fees.`,
    };
  }
  const fees = succeeded.flatMap((t) => t.fees);
  // Shopify Payments computes a payment's fees shortly after it: none yet, asked again later.
  if (throughShopify.every((t) => t.fees.length === 0)) return { status: 'pending' };
  const total = fees.reduce((sum, fee) => sum + cents(fee.amount.amount), 0);
  return {
    status: 'reported',
    fees: { amount: (total / 100).toFixed(2), currency: fees[0]!.amount.currencyCode },
  };
}
