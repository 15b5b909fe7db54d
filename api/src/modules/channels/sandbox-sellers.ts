import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import type { ChannelKind } from '../../db/schema/index.ts';
import { OWNER_TOKEN_HEADER, signOwnerToken } from '../../sandbox/shared/sandbox-access.ts';

/**
 * "Use a sandbox seller": a new seller with a generated catalogue on the built-in sandbox, asked
 * for over HTTP through the sandbox's own control API, as any client of it would.
 */
/** One catalogue per account: its sandbox sellers on every marketplace sell the same SKUs. */
export const catalogueSeedOf = (accountId: string) =>
  (crypto.createHash('sha256').update(accountId).digest().readUInt32BE(0) % (2 ** 31 - 1)) + 1;

export async function createSandboxSeller(ctx: AppContext, accountId: string, kind: ChannelKind, products: number) {
  if (!ctx.config.sandbox.enabled) throw new AppError(404, 'The built-in sandbox is turned off on this server.');
  let response: Response;
  try {
    response = await fetch(`${ctx.config.sandbox.baseUrl}/${kind}/_control/sellers`, {
      method: 'POST',
      // The seller is the account's own: only this account's session or owner tokens reach it afterwards.
      headers: {
        'content-type': 'application/json',
        [OWNER_TOKEN_HEADER]: signOwnerToken(ctx.marketplaces.sandboxControlKey, accountId),
      },
      body: JSON.stringify({ products, seed: catalogueSeedOf(accountId) }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch {
    throw new AppError(502, 'The sandbox did not answer.');
  }
  if (response.status === 404) throw new AppError(404, `There is no ${kind} sandbox yet.`);
  // The sandbox's limits (products per seller, sellers per account) are the user's to read.
  if (response.status === 400 || response.status === 409)
    throw new AppError(response.status, await sandboxMessage(response));
  if (!response.ok) throw new AppError(502, `The sandbox refused: ${(await sandboxMessage(response)).slice(0, 200)}`);
  const seller = (await response.json()) as { sellerId: string; credentials: Record<string, string> };
  return { kind, sellerId: seller.sellerId, credentials: seller.credentials };
}

async function sandboxMessage(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' ? message : text;
  } catch {
    return text;
  }
}
