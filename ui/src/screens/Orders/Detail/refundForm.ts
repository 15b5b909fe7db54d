import type { OrderDetail, OrderLine, RefundReason, RefundRequest } from '../../../api';
import { refundReasons, type RefundScope } from '../Orders.variants';
import { formatMoney } from '../orderTexts';
import { fromCents, moneyOf, toCents } from '../orderActionTexts';

type RefundableOrder = Pick<OrderDetail, 'lines' | 'refunds' | 'actions' | 'total'>;

/** What the refund dialog holds, as typed. */
export interface RefundFormValues {
  scope: RefundScope;
  reason: RefundReason | '';
  note: string;
  /** Units to refund per line id, as typed. */
  units: Record<string, string>;
  /** The amount per line id as typed; absent while the user has not typed one (price × units then). */
  amounts: Record<string, string | undefined>;
}

export type RefundFormErrors = Partial<Record<'reason' | 'note' | 'lines', string>> & {
  units?: Record<string, string>;
  amounts?: Record<string, string>;
};

const NOTE_MAX = 1000;
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** Refunds that count: those on their way, confirmed or recorded (a failed one gave nothing back). */
const givenRefunds = (order: Pick<OrderDetail, 'refunds'>) => order.refunds.filter((r) => r.state !== 'failed');

/** What is left to refund on the order, in cents; null when the order has no total. */
export const refundableCents = (order: Pick<OrderDetail, 'actions'>) =>
  order.actions.refundable ? toCents(order.actions.refundable.amount) : null;

/** The whole order may be refunded at once only while nothing of it has been. */
export const wholeOrderRefundable = (order: Pick<OrderDetail, 'refunds' | 'actions'>) =>
  givenRefunds(order).length === 0 && (refundableCents(order) ?? 0) > 0;

/** Units of a line not refunded yet. */
export function unitsLeftToRefund(order: Pick<OrderDetail, 'refunds'>, line: OrderLine): number {
  const refunded = givenRefunds(order)
    .flatMap((refund) => refund.lines)
    .filter((refunded) => refunded.lineId === line.lineId)
    .reduce((sum, refunded) => sum + refunded.quantity, 0);
  return Math.max(0, line.quantity - refunded);
}

export interface RefundableLine {
  line: OrderLine & { lineId: string };
  unitsLeft: number;
  unitCents: number;
}

/** The lines a refund by line can name: a marketplace id, a price, and units not refunded yet. */
export function refundableLines(order: Pick<OrderDetail, 'lines' | 'refunds'>): RefundableLine[] {
  return order.lines.flatMap((line) =>
    line.lineId !== null && line.price && unitsLeftToRefund(order, line) > 0
      ? [
          {
            line: { ...line, lineId: line.lineId },
            unitsLeft: unitsLeftToRefund(order, line),
            unitCents: toCents(line.price.amount),
          },
        ]
      : [],
  );
}

/** A line's amount by default, and its most: its price times the units refunded. */
export const defaultAmountCents = (line: Pick<RefundableLine, 'unitCents'>, units: number) => line.unitCents * units;

/** The units typed for a line, as a number (NaN when not a whole number). */
const unitsOf = (values: RefundFormValues, lineId: string) => {
  const text = (values.units[lineId] ?? '').trim();
  return text === '' ? NaN : Number(text);
};

/** The amount shown for a line: as typed, or its price times the units while none is typed. */
export function amountText(values: RefundFormValues, line: RefundableLine): string {
  const typed = values.amounts[line.line.lineId];
  if (typed !== undefined) return typed;
  const units = unitsOf(values, line.line.lineId);
  return Number.isInteger(units) && units >= 0
    ? fromCents(defaultAmountCents(line, Math.min(units, line.unitsLeft)))
    : '';
}

/** A new dialog: the whole order where it may be, else by line with no unit chosen. */
export function initialRefundForm(order: RefundableOrder): RefundFormValues {
  return {
    scope: wholeOrderRefundable(order) ? 'order' : 'lines',
    reason: '',
    note: '',
    units: Object.fromEntries(refundableLines(order).map(({ line }) => [line.lineId, '0'])),
    amounts: {},
  };
}

/** The total the dialog would refund, in cents, counting only the lines typed correctly. */
export function refundTotalCents(order: RefundableOrder, values: RefundFormValues): number {
  if (values.scope === 'order') return refundableCents(order) ?? 0;
  return refundableLines(order).reduce((sum, line) => {
    const text = amountText(values, line);
    return sum + (AMOUNT.test(text) ? toCents(text) : 0);
  }, 0);
}

/**
 * The refund to send, or what is wrong with it: units between 0 and those not refunded yet, an
 * amount above zero and not above the line's price times its units, a total not above what is left.
 * An amount left as it came (price × units) is not sent: the server works it out the same way.
 */
export function refundRequestOf(
  order: RefundableOrder,
  values: RefundFormValues,
): { request: RefundRequest; totalCents: number } | { errors: RefundFormErrors } {
  const errors: RefundFormErrors = {};
  const reason = refundReasons.find((candidate) => candidate === values.reason);
  if (!reason) errors.reason = 'Choose a reason.';
  const note = values.note.trim();
  if (note.length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  const left = refundableCents(order) ?? 0;
  const currency = order.actions.refundable?.currency ?? order.total?.currency ?? 'USD';
  const base = { ...(note ? { note } : {}) };

  if (values.scope === 'order') {
    if (!wholeOrderRefundable(order)) errors.lines = 'Part of this order is refunded already: refund the rest by line.';
    if (Object.keys(errors).length > 0 || !reason) return { errors };
    return { request: { reason, ...base }, totalCents: left };
  }

  const lines: NonNullable<RefundRequest['lines']> = [];
  const unitErrors: Record<string, string> = {};
  const amountErrors: Record<string, string> = {};
  let total = 0;
  for (const line of refundableLines(order)) {
    const { lineId } = line.line;
    const units = unitsOf(values, lineId);
    if (!Number.isInteger(units) || units < 0 || units > line.unitsLeft) {
      unitErrors[lineId] = `Between 0 and ${line.unitsLeft}.`;
      continue;
    }
    if (units === 0) continue;
    const most = defaultAmountCents(line, units);
    const typed = values.amounts[lineId]?.trim();
    const text = typed ?? fromCents(most);
    if (!AMOUNT.test(text)) amountErrors[lineId] = 'Write an amount such as 12.50.';
    else if (toCents(text) <= 0) amountErrors[lineId] = 'More than zero.';
    else if (toCents(text) > most)
      amountErrors[lineId] =
        `At most ${formatMoney(moneyOf(most, currency))} for ${units} ${units === 1 ? 'unit' : 'units'}.`;
    else {
      const cents = toCents(text);
      total += cents;
      lines.push({ lineId, quantity: units, ...(cents === most ? {} : { amount: fromCents(cents) }) });
    }
  }
  if (Object.keys(unitErrors).length > 0) errors.units = unitErrors;
  if (Object.keys(amountErrors).length > 0) errors.amounts = amountErrors;
  if (!errors.units && !errors.amounts) {
    if (lines.length === 0) errors.lines = 'Choose at least one unit to refund.';
    else if (total > left)
      errors.lines = `That is ${formatMoney(moneyOf(total, currency))}, more than the ${formatMoney(moneyOf(left, currency))} left to refund.`;
  }
  if (Object.keys(errors).length > 0 || !reason) return { errors };
  return { request: { reason, ...base, lines }, totalCents: total };
}
