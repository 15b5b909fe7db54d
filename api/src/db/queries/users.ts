import { and, eq, ilike, or, sql, desc, count } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, accounts, type Role } from '../schema/index.ts';

/** The columns the app works with; never the password hash unless asked for. */
export const userColumns = {
  id: users.id,
  accountId: users.accountId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  profileImageUrl: users.profileImageUrl,
  googleId: users.googleId,
  emailVerifiedAt: users.emailVerifiedAt,
  disabledAt: users.disabledAt,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
  companyName: accounts.name,
};
export type UserRecord = {
  id: string;
  accountId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
  profileImageUrl: string | null;
  googleId: string | null;
  emailVerifiedAt: Date | null;
  disabledAt: Date | null;
  lastSignInAt: Date | null;
  createdAt: Date;
  companyName: string | null;
};

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserById(db: Db, id: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(
  db: Db,
  email: string,
): Promise<(UserRecord & { passwordHash: string | null }) | undefined> {
  const [row] = await db
    .select({ ...userColumns, passwordHash: users.passwordHash })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.email, normaliseEmail(email)));
  return row;
}

export async function findUserByGoogleId(db: Db, googleId: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.googleId, googleId));
  return row;
}

export async function getPasswordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function createAccountWithOwner(
  db: Db,
  input: {
    accountName: string;
    trialEndsAt: Date;
    email: string;
    passwordHash: string | null;
    firstName: string | null;
    lastName: string | null;
    googleId?: string | null;
    profileImageUrl?: string | null;
    emailVerifiedAt?: Date | null;
  },
): Promise<{ userId: string; accountId: string } | undefined> {
  const [account] = await db
    .insert(accounts)
    .values({ name: input.accountName, trialEndsAt: input.trialEndsAt })
    .returning({ id: accounts.id });
  const [user] = await db
    .insert(users)
    .values({
      accountId: account!.id,
      email: normaliseEmail(input.email),
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      googleId: input.googleId ?? null,
      profileImageUrl: input.profileImageUrl ?? null,
      emailVerifiedAt: input.emailVerifiedAt ?? null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!user) return undefined;
  return { userId: user.id, accountId: account!.id };
}

export async function markEmailVerified(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`, updatedAt: at })
    .where(eq(users.id, userId));
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: at }).where(eq(users.id, userId));
}

export async function recordSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
}

export async function setRole(db: Db, userId: string, role: Role, at: Date): Promise<void> {
  await db.update(users).set({ role, updatedAt: at }).where(eq(users.id, userId));
}

export async function linkGoogleAccount(
  db: Db,
  userId: string,
  googleId: string,
  profileImageUrl: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(users)
    .set({
      googleId,
      profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${profileImageUrl})`,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

export async function updateProfile(
  db: Db,
  user: { id: string; accountId: string },
  changes: { firstName?: string | null; lastName?: string | null; companyName?: string },
  at: Date,
): Promise<void> {
  const { companyName, ...names } = changes;
  if (Object.keys(names).length > 0)
    await db
      .update(users)
      .set({ ...names, updatedAt: at })
      .where(eq(users.id, user.id));
  if (companyName !== undefined)
    await db.update(accounts).set({ name: companyName }).where(eq(accounts.id, user.accountId));
}

export async function listUsers(
  db: Db,
  filter: { search?: string; role?: Role; page: number; pageSize: number },
): Promise<{ items: UserRecord[]; total: number }> {
  const conditions = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(accounts.name, pattern),
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const items = await db
    .select(userColumns)
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .orderBy(desc(users.createdAt), users.id)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [totalRow] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(where);
  return { items, total: Number(totalRow?.total ?? 0) };
}
