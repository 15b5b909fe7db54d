import type { Router } from 'express';
import { answerControl } from './control-answer.ts';

/** A buyer's return as the control API takes it: the lines sent back and, optionally, why. */
export interface ReturnAsked {
  lines: Array<{ sku: string; quantity: number }>;
  reason?: string;
}

/** What one marketplace does with a return asked for and a return received; its errors are SandboxControlErrors. */
export interface ReturnControl {
  /** The return opened as the marketplace records one (reason checked against its own list); answers its id. */
  request(sellerId: string, orderId: string, asked: ReturnAsked): string;
  /** The return reached the seller, going back to stock or not; answers the return in the marketplace's shape. */
  receive(sellerId: string, returnId: string, restock: boolean): unknown;
  /** Whose data changed, by the seller named in the path (Shopify's shops are named with or without their domain). */
  changedSeller?(sellerIdInPath: string): string;
}

/** Up to 100 lines of a SKU and a whole positive quantity, as the kit's orders take them. */
export function orderLinesOk(lines: unknown): lines is Array<{ sku: string; quantity: number }> {
  return (
    Array.isArray(lines) &&
    lines.length > 0 &&
    lines.length <= 100 &&
    lines.every((l) => typeof l?.sku === 'string' && Number.isInteger(l?.quantity) && l.quantity > 0)
  );
}

export const ORDER_LINES_MESSAGE = 'lines must be a list of 1 to 100 { sku, quantity } with whole positive quantities';

/** The refusal of a return's body, or undefined when it can be handed to the marketplace. */
export function returnAskedProblem(body: unknown): string | undefined {
  const { lines, reason } = (body ?? {}) as Record<string, unknown>;
  if (!orderLinesOk(lines)) return ORDER_LINES_MESSAGE;
  if (reason !== undefined && (typeof reason !== 'string' || reason.length > 200 || /[\t\r\n]/.test(reason)))
    return 'reason must be one line of text of at most 200 characters';
  return undefined;
}

/**
 * The control API's returns, the same for every marketplace that reports returns: a buyer's return
 * requested (`POST sellers/{id}/orders/{orderId}/returns`) and received at the seller's
 * (`POST sellers/{id}/returns/{returnId}/receive`, `{ restock }`).
 */
export function returnControlRoutes(
  router: Router,
  context: { changed(sellerId: string): void },
  control: ReturnControl,
): void {
  const changed = (sellerId: string) => () => context.changed(control.changedSeller?.(sellerId) ?? sellerId);
  router.post('/sellers/:sellerId/orders/:orderId/returns', (req, res) => {
    const problem = returnAskedProblem(req.body);
    if (problem) return void res.status(400).json({ message: problem });
    const { lines, reason } = req.body as ReturnAsked;
    const { sellerId, orderId } = req.params as { sellerId: string; orderId: string };
    answerControl(res, 201, changed(sellerId), () => ({
      returnId: control.request(sellerId, orderId, { lines, ...(reason ? { reason } : {}) }),
    }));
  });
  router.post('/sellers/:sellerId/returns/:returnId/receive', (req, res) => {
    const restock = (req.body ?? {}).restock as unknown;
    if (typeof restock !== 'boolean') return void res.status(400).json({ message: 'restock must be true or false' });
    const { sellerId, returnId } = req.params as { sellerId: string; returnId: string };
    answerControl(res, 200, changed(sellerId), () => control.receive(sellerId, returnId, restock));
  });
}
