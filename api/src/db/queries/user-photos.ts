import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';

/** The user's photo address, the row held until the change commits (two uploads at once take turns). */
export async function lockProfileImage(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ profileImageUrl: users.profileImageUrl })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.profileImageUrl ?? null;
}

export async function setProfileImage(db: Db, userId: string, url: string | null, at: Date): Promise<void> {
  await db.update(users).set({ profileImageUrl: url, updatedAt: at }).where(eq(users.id, userId));
}

/** The account of the user whose photo this address is, if any user's. */
export async function findPhotoOwner(db: Db, url: string): Promise<{ accountId: string } | undefined> {
  const [row] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(eq(users.profileImageUrl, url))
    .limit(1);
  return row;
}
