import type { CancellationReason, OrderRefund, RefundReason, ReturnStatus, SalesAmount } from '../../api';
import type { BadgeTone } from '../../index';

export const cancellationReasonLabels: Record<CancellationReason, string> = {
  'out of stock': 'Out of stock',
  'buyer asked': 'The buyer asked',
  'cannot ship to address': 'Cannot ship to the address',
  'pricing error': 'Pricing error',
  other: 'Another reason',
};

export const refundReasonLabels: Record<RefundReason, string> = {
  'buyer returned': 'The buyer returned it',
  damaged: 'Arrived damaged',
  'not as described': 'Not as described',
  'buyer cancelled': 'The buyer cancelled',
  'shipping delay': 'Shipping delay',
  other: 'Another reason',
};

/** A cancellation's or a refund's state, as its badge says it. */
export const requestStateLabels: Record<OrderRefund['state'], string> = {
  sending: 'Sending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  recorded: 'Recorded',
};

export const requestStateTones = {
  sending: 'info',
  confirmed: 'positive',
  failed: 'critical',
  recorded: 'neutral',
} as const satisfies Record<OrderRefund['state'], BadgeTone>;

export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: 'Requested',
  'in transit': 'On its way back',
  received: 'Received',
  refunded: 'Refunded',
  closed: 'Closed',
};

export const returnStatusTones = {
  requested: 'info',
  'in transit': 'info',
  received: 'caution',
  refunded: 'positive',
  closed: 'neutral',
} as const satisfies Record<ReturnStatus, BadgeTone>;

/** Money as cents, so amounts add up exactly. */
export const toCents = (amount: string) => Math.round(Number(amount) * 100);
export const fromCents = (cents: number) => (cents / 100).toFixed(2);
export const moneyOf = (cents: number, currency: string): SalesAmount => ({ amount: fromCents(cents), currency });

/** "2 × CH-00011, 1 × CH-00012". */
export const unitsText = (lines: ReadonlyArray<{ sku: string; quantity: number }>) =>
  lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ');
