import { expect } from 'vitest';
import type { SandboxKind, SandboxSellers } from './listings.ts';
import type { E2EProduct } from './product.ts';

/**
 * The sandboxes' control API for the sellers a test connected: what a buyer or the seller does on the
 * marketplace itself (orders, hand edits) and what the marketplace holds. `target` is read at each call
 * (tests start their product and learn their sellers in beforeAll).
 */
export function sandboxControl(target: () => { product: E2EProduct; sellers: SandboxSellers }) {
  /** A control API call on the seller behind a channel; fails the test on any answer other than 2xx. */
  async function call<T = Record<string, unknown>>(
    kind: SandboxKind,
    path: string,
    init?: { method: string; body: unknown },
  ): Promise<T> {
    const { product, sellers } = target();
    const response = await fetch(`${product.url}/sandbox/${kind}/_control/sellers/${sellers[kind]}${path}`, {
      method: init?.method ?? 'GET',
      headers: { 'content-type': 'application/json' },
      body: init ? JSON.stringify(init.body) : undefined,
    });
    expect(response.status, await response.clone().text()).toBeLessThan(300);
    return response.json() as Promise<T>;
  }
  return {
    call,
    /** The price the marketplace holds for a SKU, to the cent. */
    price: async (kind: SandboxKind, sku: string) =>
      Number((await call<{ price: string }>(kind, `/items/${encodeURIComponent(sku)}`)).price).toFixed(2),
  };
}
