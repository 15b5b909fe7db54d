/**
 * Profile photos: the image itself is the upload (PNG, JPEG or WebP, known by its first bytes, never by
 * a name or a declared type), kept in the file store (DATA_DIR/uploads, or the object store) as
 * avatars/<random name>, and served only to the users of its account and to platform staff. The user's
 * profileImageUrl names it.
 */
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../context.ts';
import { findUserById, type UserRecord } from '../../db/queries/users.ts';
import { findPhotoOwner, lockProfileImage, setProfileImage } from '../../db/queries/user-photos.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { isStaff } from './auth-user.ts';
import { FileStoreError } from '../../storage/file-store.ts';

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_URL_PREFIX = '/api/auth/photos/';
const PHOTO_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;

/** The kinds taken, by the bytes each file starts with; the stored name's extension tells the kind back. */
const photoKinds = {
  png: {
    contentType: 'image/png',
    matches: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  jpg: {
    contentType: 'image/jpeg',
    matches: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  webp: {
    contentType: 'image/webp',
    matches: (b: Buffer) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
} as const;
type PhotoExtension = keyof typeof photoKinds;

export const WRONG_KIND = 'The photo must be a PNG, JPEG or WebP image.';
export const TOO_LARGE = 'The photo must be at most 2 MB.';
export const NOT_STORED = 'The photo could not be stored just now. Please try again in a few minutes.';

const keyOf = (name: string) => `avatars/${name}`;

function kindOf(bytes: Buffer): PhotoExtension | undefined {
  return (Object.keys(photoKinds) as PhotoExtension[]).find((ext) => photoKinds[ext].matches(bytes));
}

/** The stored file an address names, when it is one of ours (a Google picture is not). */
function storedName(url: string | null): string | undefined {
  if (!url?.startsWith(PHOTO_URL_PREFIX)) return undefined;
  const name = url.slice(PHOTO_URL_PREFIX.length);
  return PHOTO_NAME.test(name) ? name : undefined;
}

async function removeFile(ctx: AppContext, name: string | undefined): Promise<void> {
  if (name) await ctx.files.remove(keyOf(name));
}

/** The change has committed: a file the store keeps for a while longer is told, not answered as a failure. */
async function removeReplaced(ctx: AppContext, name: string | undefined): Promise<void> {
  await removeFile(ctx, name).catch((error: unknown) => {
    if (!(error instanceof FileStoreError)) throw error;
    console.warn(`[auth] replaced profile photo not deleted: ${error.message}`);
  });
}

/**
 * Deletes the file of an uploaded photo (an address of ours; anything else is left): for a user or account
 * being deleted, after the deletion commits.
 */
export async function deleteUploadedPhotoFile(ctx: AppContext, profileImageUrl: string | null): Promise<void> {
  await removeFile(ctx, storedName(profileImageUrl));
}

/** Stores the image and points the user at it; the photo it replaces is deleted once the change commits. */
export async function uploadProfilePhoto(
  ctx: AppContext,
  audit: AuditContext,
  user: { id: string; accountId: string },
  bytes: unknown,
): Promise<UserRecord> {
  if (!Buffer.isBuffer(bytes) || bytes.length === 0) throw new AppError(400, WRONG_KIND);
  if (bytes.length > PHOTO_MAX_BYTES) throw new AppError(413, TOO_LARGE);
  const ext = kindOf(bytes);
  if (!ext) throw new AppError(400, WRONG_KIND);
  const name = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
  try {
    await ctx.files.put(keyOf(name), bytes, photoKinds[ext].contentType);
  } catch (error) {
    if (!(error instanceof FileStoreError)) throw error;
    console.warn(`[auth] profile photo not stored: ${error.message}`);
    throw new AppError(503, NOT_STORED);
  }
  let replaced: string | null;
  try {
    replaced = await ctx.db.transaction(async (tx) => {
      const before = await lockProfileImage(tx, user.id);
      await setProfileImage(tx, user.id, PHOTO_URL_PREFIX + name, ctx.clock());
      await recordAudit(tx, audit, {
        action: 'user.photo_changed',
        accountId: user.accountId,
        targetType: 'user',
        targetId: user.id,
        before: { profileImageUrl: before },
        after: { profileImageUrl: PHOTO_URL_PREFIX + name },
      });
      return before;
    });
  } catch (error) {
    await removeFile(ctx, name);
    throw error;
  }
  await removeReplaced(ctx, storedName(replaced));
  return (await findUserById(ctx.db, user.id))!;
}

/** The user has no photo any more; an uploaded one's file is deleted. */
export async function removeProfilePhoto(
  ctx: AppContext,
  audit: AuditContext,
  user: { id: string; accountId: string },
): Promise<UserRecord> {
  const removed = await ctx.db.transaction(async (tx) => {
    const before = await lockProfileImage(tx, user.id);
    if (before === null) return null;
    await setProfileImage(tx, user.id, null, ctx.clock());
    await recordAudit(tx, audit, {
      action: 'user.photo_removed',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.id,
      before: { profileImageUrl: before },
    });
    return before;
  });
  await removeReplaced(ctx, storedName(removed));
  return (await findUserById(ctx.db, user.id))!;
}

/** A stored photo for a viewer of its own account or platform staff; anyone else learns nothing (404). */
export async function readProfilePhoto(
  ctx: AppContext,
  viewer: { accountId: string; role: UserRecord['role'] },
  name: string,
): Promise<{ bytes: Buffer; contentType: string }> {
  const notFound = new AppError(404, 'No such photo.');
  if (!PHOTO_NAME.test(name)) throw notFound;
  const owner = await findPhotoOwner(ctx.db, PHOTO_URL_PREFIX + name);
  if (!owner || (owner.accountId !== viewer.accountId && !isStaff(viewer.role))) throw notFound;
  const bytes = await ctx.files.get(keyOf(name)).catch((error: unknown) => {
    if (!(error instanceof FileStoreError)) throw error;
    console.warn(`[auth] profile photo not read: ${error.message}`);
    throw new AppError(503, 'The photo could not be read just now.');
  });
  if (!bytes) throw notFound;
  return { bytes, contentType: photoKinds[name.split('.').pop() as PhotoExtension].contentType };
}
