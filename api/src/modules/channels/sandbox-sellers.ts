import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelKind } from '../../db/schema/index.ts';

/**
 * "Use a sandbox seller": a new seller with a generated catalogue on the built-in sandbox, asked
 * for over HTTP through the sandbox's own control API, as any client of it would.
 */
/** One catalogue per account: its sandbox sellers on every marketplace sell the same SKUs. */
export const catalogueSeedOf = (accountId: string) => (crypto.createHash('sha256').update(accountId).digest().readUInt32BE(0) % (2 ** 31 - 1)) + 1;

export async function createSandboxSeller(ctx: AppContext, accountId: string, kind: ChannelKind, products: number) {
  if (!ctx.config.sandbox.enabled) throw new AppError(404, 'The built-in sandbox is turned off on this server.');
  let response: Response;
  try {
    response = await fetch(`${ctx.config.sandbox.baseUrl}/${kind}/_control/sellers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ products, seed: catalogueSeedOf(accountId) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new AppError(502, 'The sandbox did not answer.');
  }
  if (response.status === 404) throw new AppError(404, `There is no ${kind} sandbox yet.`);
  if (!response.ok) throw new AppError(502, `The sandbox refused: ${(await response.text()).slice(0, 200)}`);
  const seller = (await response.json()) as { sellerId: string; credentials: Record<string, string> };
  return { kind, sellerId: seller.sellerId, credentials: seller.credentials };
}
