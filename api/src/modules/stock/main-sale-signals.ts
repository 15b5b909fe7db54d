/**
 * In this process: a sale on the main channel recorded (committed) has taken its units off on hand.
 * The main channel's stock notice of the same sale often comes first: it waits a moment for this
 * signal before it asks for a read, and asks for none once we hold what it says. A signal missed (the
 * order recorded by another process, or before the wait began) costs the wait, never a wrong value:
 * the notice is checked again after it, and read when still unknown.
 */
const waiting = new Map<string, Set<() => void>>();

const keyOf = (accountId: string, sku: string) => `${accountId}\u0000${sku}`;

/** On hand of these SKUs moved on the main channel (call it once committed). */
export function mainStockMoved(accountId: string, skus: Iterable<string>): void {
  for (const sku of skus) {
    const key = keyOf(accountId, sku);
    const waiters = waiting.get(key);
    if (!waiters) continue;
    waiting.delete(key);
    for (const wake of waiters) wake();
  }
}

/** Until on hand of this SKU moves on the main channel (`mainStockMoved`), or `timeoutMs` has passed. */
export function untilMainStockMoves(accountId: string, sku: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const key = keyOf(accountId, sku);
    const waiters = waiting.get(key) ?? new Set<() => void>();
    const wake = () => {
      clearTimeout(timer);
      waiters.delete(wake);
      if (waiters.size === 0 && waiting.get(key) === waiters) waiting.delete(key);
      resolve();
    };
    const timer = setTimeout(wake, timeoutMs);
    waiters.add(wake);
    waiting.set(key, waiters);
  });
}
