import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { authTokens, type TokenPurpose } from '../schema/index.ts';

/** One token per issuing job: a retried job replaces what it issued before. */
export async function storeToken(
  db: Db,
  input: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; issuedByJob: string | null },
): Promise<void> {
  if (input.issuedByJob) await db.delete(authTokens).where(eq(authTokens.issuedByJob, input.issuedByJob));
  await db.insert(authTokens).values(input);
}

/** Marks the token used and answers its user, in one statement, so it can be used only once. */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

/** After a reset, older reset links must stop working too. */
export async function revokeTokens(db: Db, userId: string, purpose: TokenPurpose, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}
