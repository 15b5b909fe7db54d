import type { CancellationReason, CancellationRequest, OrderDetail, OrderLine } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { cancellationReasons } from '../Orders.variants';

type CancellableOrder = Pick<OrderDetail, 'lines' | 'cancellations' | 'actions' | 'channel'>;

/** What the cancel dialog holds, as typed. */
export interface CancelFormValues {
  reason: CancellationReason | '';
  /** Units to cancel per line id (a marketplace that cancels by line), as typed. */
  quantities: Record<string, string>;
}

export type CancelFormErrors = Partial<Record<'reason' | 'lines', string>> & { quantities?: Record<string, string> };

/** Units of a line on their way to being cancelled. */
export const unitsBeingCancelled = (order: Pick<OrderDetail, 'cancellations'>, line: OrderLine) =>
  order.cancellations
    .filter((cancellation) => cancellation.state === 'sending')
    .flatMap((cancellation) => cancellation.lines)
    .filter((cancelled) => cancelled.lineId === line.lineId)
    .reduce((sum, cancelled) => sum + cancelled.quantity, 0);

/** Units of a line still open to cancel: not shipped, not cancelled, not on their way to being cancelled. */
export const openUnits = (order: Pick<OrderDetail, 'cancellations'>, line: OrderLine) =>
  Math.max(0, line.quantity - line.cancelledQuantity - line.shippedQuantity - unitsBeingCancelled(order, line));

/** The lines with units open to cancel, with their marketplace id. */
export const cancellableLines = (order: Pick<OrderDetail, 'lines' | 'cancellations'>) =>
  order.lines
    .map((line) => ({ line, open: openUnits(order, line) }))
    .filter((entry): entry is { line: OrderLine & { lineId: string }; open: number } => entry.open > 0);

/**
 * Why the order cannot be cancelled here although its marketplace takes cancellations, or null when
 * it can: a line without the marketplace's id, or a marketplace that cancels whole orders only when
 * part of the order is shipped or cancelled already.
 */
export function cancelBlocked(order: CancellableOrder): string | null {
  const marketplace = marketplaceNames[order.channel.kind];
  if (order.lines.some((line) => line.lineId === null && openUnits(order, line) > 0))
    return `${marketplace} has not told us this order's line ids yet; the next orders read brings them.`;
  if (!order.actions.cancelByLine && order.lines.some((line) => openUnits(order, line) < line.quantity))
    return `${marketplace} cancels whole orders only, and part of this one is shipped or cancelled already: cancel the rest on ${marketplace}.`;
  return null;
}

/** A new dialog: no reason chosen, no unit chosen yet. */
export function initialCancelForm(order: Pick<OrderDetail, 'lines' | 'cancellations'>): CancelFormValues {
  return {
    reason: '',
    quantities: Object.fromEntries(cancellableLines(order).map(({ line }) => [line.lineId, '0'])),
  };
}

/**
 * The cancellation to send, or what is wrong with it. A marketplace that cancels whole orders only is
 * sent no lines (every open unit); otherwise the lines with at least one unit.
 */
export function cancellationRequestOf(
  order: CancellableOrder,
  values: CancelFormValues,
): { request: CancellationRequest; units: number } | { errors: CancelFormErrors } {
  const errors: CancelFormErrors = {};
  const reason = cancellationReasons.find((candidate) => candidate === values.reason);
  if (!reason) errors.reason = 'Choose a reason.';
  const open = cancellableLines(order);
  if (!order.actions.cancelByLine) {
    if (!reason) return { errors };
    return { request: { reason }, units: open.reduce((sum, entry) => sum + entry.open, 0) };
  }
  const lines: NonNullable<CancellationRequest['lines']> = [];
  const quantities: Record<string, string> = {};
  for (const { line, open: most } of open) {
    const text = (values.quantities[line.lineId] ?? '').trim();
    const quantity = Number(text);
    if (text === '' || !Number.isInteger(quantity) || quantity < 0 || quantity > most)
      quantities[line.lineId] = `Between 0 and ${most}.`;
    else if (quantity > 0) lines.push({ lineId: line.lineId, quantity });
  }
  if (Object.keys(quantities).length > 0) errors.quantities = quantities;
  else if (lines.length === 0) errors.lines = 'Choose at least one unit to cancel.';
  if (Object.keys(errors).length > 0 || !reason) return { errors };
  return { request: { reason, lines }, units: lines.reduce((sum, line) => sum + line.quantity, 0) };
}
