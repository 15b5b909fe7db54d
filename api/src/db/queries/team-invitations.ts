import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { accounts, teamInvitations, type AccountRole } from '../schema/index.ts';

export const invitationColumns = {
  id: teamInvitations.id,
  accountId: teamInvitations.accountId,
  email: teamInvitations.email,
  accountRole: teamInvitations.accountRole,
  expiresAt: teamInvitations.expiresAt,
  createdAt: teamInvitations.createdAt,
};
export type InvitationRecord = {
  id: string;
  accountId: string;
  email: string;
  accountRole: AccountRole;
  expiresAt: Date;
  createdAt: Date;
};

/** Pending: neither accepted nor revoked, and not expired. */
const pending = (now: Date) =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), gt(teamInvitations.expiresAt, now));

export async function listPendingInvitations(db: Db, accountId: string, now: Date): Promise<InvitationRecord[]> {
  return db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), pending(now)))
    .orderBy(desc(teamInvitations.createdAt), teamInvitations.id);
}

export async function findPendingInvitationByEmail(db: Db, accountId: string, email: string, now: Date) {
  const [row] = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.accountId, accountId), eq(teamInvitations.email, email), pending(now)));
  return row;
}

export async function createInvitation(
  db: Db,
  input: { accountId: string; email: string; accountRole: AccountRole; invitedBy: string; expiresAt: Date },
): Promise<InvitationRecord> {
  const [row] = await db.insert(teamInvitations).values(input).returning(invitationColumns);
  return row!;
}

/** The pending invitation of the account, for the mail job (which issues its token) or a revocation. */
export async function findPendingInvitation(db: Db, accountId: string, id: string, now: Date) {
  const [row] = await db
    .select(invitationColumns)
    .from(teamInvitations)
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.accountId, accountId), pending(now)));
  return row;
}

/** The job's token replaces the one a former run of the same job issued: one working link per invitation. */
export async function issueInvitationToken(db: Db, id: string, tokenHash: string, jobId: string): Promise<void> {
  await db.update(teamInvitations).set({ tokenHash, issuedByJob: jobId }).where(eq(teamInvitations.id, id));
}

export async function revokeInvitation(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.accountId, accountId), pending(now)))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}

/** The pending invitation a token stands for, with the inviting account's name. */
export async function findInvitationByToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ ...invitationColumns, companyName: accounts.name })
    .from(teamInvitations)
    .innerJoin(accounts, eq(accounts.id, teamInvitations.accountId))
    .where(and(eq(teamInvitations.tokenHash, tokenHash), pending(now)));
  return row;
}

/** Spends the token, in one statement, so it is used once. */
export async function markInvitationAccepted(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(teamInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(and(eq(teamInvitations.id, id), pending(now)))
    .returning({ id: teamInvitations.id });
  return rows.length > 0;
}
