import { and, eq, ilike, or, sql, desc, count, isNull, isNotNull, ne, asc } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { users, accounts, channels, products, type AccountRole, type Plan, type Role } from '../schema/index.ts';

/** The columns the app works with; never the password hash unless asked for. */
export const userColumns = {
  id: users.id,
  accountId: users.accountId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  accountRole: users.accountRole,
  profileImageUrl: users.profileImageUrl,
  timeZone: users.timeZone,
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
  accountRole: AccountRole;
  profileImageUrl: string | null;
  timeZone: string | null;
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
  changes: { firstName?: string | null; lastName?: string | null; timeZone?: string | null; companyName?: string },
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

export interface UserFilter {
  search?: string | undefined;
  role?: Role | undefined;
  verified?: boolean | undefined;
  plan?: Plan | undefined;
  status?: 'active' | 'disabled' | undefined;
  page: number;
  pageSize: number;
}

/** A user as staff list them: with the plan of their account. */
export type ListedUser = UserRecord & { plan: Plan };

export async function listUsers(db: Db, filter: UserFilter): Promise<{ items: ListedUser[]; total: number }> {
  const conditions = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.verified !== undefined)
    conditions.push(filter.verified ? isNotNull(users.emailVerifiedAt) : isNull(users.emailVerifiedAt));
  if (filter.plan) conditions.push(eq(accounts.plan, filter.plan));
  if (filter.status)
    conditions.push(filter.status === 'disabled' ? isNotNull(users.disabledAt) : isNull(users.disabledAt));
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
    .select({ ...userColumns, plan: accounts.plan })
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

export async function findListedUser(db: Db, id: string): Promise<ListedUser | undefined> {
  const [row] = await db
    .select({ ...userColumns, plan: accounts.plan })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, id));
  return row;
}

export async function setDisabled(db: Db, userId: string, disabledAt: Date | null, at: Date): Promise<void> {
  await db.update(users).set({ disabledAt, updatedAt: at }).where(eq(users.id, userId));
}

export async function setAccountRole(db: Db, accountId: string, userId: string, role: AccountRole, at: Date) {
  await db
    .update(users)
    .set({ accountRole: role, updatedAt: at })
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
}

/** The account's users, owners first, then by when they joined. */
export async function listAccountUsers(db: Db, accountId: string): Promise<UserRecord[]> {
  return (
    db
      .select(userColumns)
      .from(users)
      .innerJoin(accounts, eq(accounts.id, users.accountId))
      .where(eq(users.accountId, accountId))
      // 'owner' sorts after 'member': descending puts owners first.
      .orderBy(desc(users.accountRole), asc(users.createdAt), asc(users.id))
  );
}

/** Other users of the account than this one, oldest first; `for update` holds them while the team changes. */
export async function otherAccountUsers(db: Db, accountId: string, userId: string) {
  return db
    .select({ id: users.id, accountRole: users.accountRole })
    .from(users)
    .where(and(eq(users.accountId, accountId), ne(users.id, userId)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .for('update');
}

export async function deleteUserRow(db: Db, userId: string): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

/** Every record of the account goes with it (its foreign keys cascade); the audit log has none and stays. */
export async function deleteAccount(db: Db, accountId: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, accountId));
}

/** A user made by an invitation: verified (the link proved the address), in the inviting account. */
export async function createMember(
  db: Db,
  input: {
    accountId: string;
    email: string;
    passwordHash: string;
    firstName: string | null;
    lastName: string | null;
    accountRole: AccountRole;
    at: Date;
  },
): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values({
      accountId: input.accountId,
      email: normaliseEmail(input.email),
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      accountRole: input.accountRole,
      emailVerifiedAt: input.at,
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

/** Moves a user into another account (an accepted invitation). */
export async function moveToAccount(db: Db, userId: string, accountId: string, role: AccountRole, at: Date) {
  await db
    .update(users)
    .set({
      accountId,
      accountRole: role,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: at,
    })
    .where(eq(users.id, userId));
}

/** Every user of the account, locked in one order (by id) so two team changes never deadlock. */
export async function lockAccountUsers(db: Db, accountId: string) {
  return db
    .select({ id: users.id, accountRole: users.accountRole })
    .from(users)
    .where(eq(users.accountId, accountId))
    .orderBy(asc(users.id))
    .for('update');
}

/** Whether the account holds any channel (connected or not) or product: such an account is never deleted unasked. */
export async function accountHoldsData(db: Db, accountId: string): Promise<boolean> {
  const [channel] = await db
    .select({ id: channels.id })
    .from(channels)
    .where(eq(channels.accountId, accountId))
    .limit(1);
  if (channel) return true;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.accountId, accountId))
    .limit(1);
  return product !== undefined;
}
