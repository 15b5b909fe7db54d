import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export const auditActions = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.registered',
  'auth.registration_for_existing_email',
  'auth.email_verified',
  'auth.password_reset_requested',
  'auth.password_reset',
  'auth.password_changed',
  'auth.other_sessions_signed_out',
  'auth.google_sign_in',
  'user.profile_updated',
  'user.photo_changed',
  'user.photo_removed',
  'user.role_changed',
  'user.disabled',
  'user.enabled',
  'user.deleted',
  'user.verification_resent',
  'user.account_deleted',
  'privacy.data_downloaded',
  'privacy.shopify_data_request',
  'privacy.shopify_customer_redacted',
  'privacy.shopify_shop_redacted',
  'team.member_invited',
  'team.invitation_revoked',
  'team.invitation_accepted',
  'team.member_role_changed',
  'team.member_removed',
  'api_key.created',
  'api_key.revoked',
  'impersonation.started',
  'impersonation.ended',
  'channel.connected',
  'channel.made_main',
  'channel.rules_changed',
  'channel.publish_settings_changed',
  'channel.paused',
  'channel.resumed',
  'channel.disconnected',
  'channel.failed',
  'channel.recovered',
  'sync.requested',
  'sync.pushes_retried',
  'drift.accepted',
  'drift.overwritten',
  'listings.bulk_edited',
  'listings.imported',
  'listings.change_undone',
  'listings.published',
  'listings.bundle_changed',
  'pricing.rule_created',
  'pricing.rule_changed',
  'pricing.rule_deleted',
  'pricing.rule_run',
  'pricing.run_undone',
  'advertising.account_connected',
  'advertising.campaign_changed',
  'advertising.rules_changed',
  'advertising.rule_action_undone',
  'orders.shipped',
  'orders.cancelled',
  'orders.refunded',
  'returns.restocked',
  'settings.changed',
  'billing.checkout_started',
  'billing.plan_changed',
  'alerts.settings_changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** Who acted and from where; taken from the request by the HTTP layer. */
export interface AuditContext {
  actorUserId: string | null;
  impersonatorUserId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The API key the request came with, when it came with one instead of a session (noted in the entry's metadata). */
  apiKeyId?: string;
}

export interface AuditEntry {
  action: AuditAction;
  accountId?: string | null;
  targetType?: string;
  targetId?: string;
  before?: unknown;
  after?: unknown;
  metadata?: Record<string, unknown>;
  /** Overrides the context's actor, e.g. a sign-in whose actor is only known once it succeeds. */
  actorUserId?: string | null;
}

export async function recordAudit(db: Db, context: AuditContext, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    action: entry.action,
    actorUserId: entry.actorUserId !== undefined ? entry.actorUserId : context.actorUserId,
    impersonatorUserId: context.impersonatorUserId,
    accountId: entry.accountId ?? null,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: context.ip,
    userAgent: context.userAgent?.slice(0, 512) ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    metadata: context.apiKeyId ? { ...entry.metadata, apiKeyId: context.apiKeyId } : (entry.metadata ?? null),
  });
}

export const systemContext: AuditContext = {
  actorUserId: null,
  impersonatorUserId: null,
  ip: null,
  userAgent: 'system',
};

/** How many items of a change to many (a bulk edit, a rule run) an entry shows before and after; the rest are counted. */
export const AUDIT_SAMPLE = 20;

const isPair = (value: unknown): value is { before: unknown; after: unknown } =>
  typeof value === 'object' && value !== null && 'before' in value && 'after' in value;

/**
 * The first AUDIT_SAMPLE items whose fields are `{ before, after }` pairs, split into what they were
 * and what they became, each labelled (by SKU, say): an entry's before and after for a change to many.
 */
export function sampleBeforeAndAfter<T extends object>(
  items: readonly T[],
  label: (item: T) => Record<string, unknown>,
): { before: Array<Record<string, unknown>>; after: Array<Record<string, unknown>> } {
  const before: Array<Record<string, unknown>> = [];
  const after: Array<Record<string, unknown>> = [];
  for (const item of items.slice(0, AUDIT_SAMPLE)) {
    const was: Record<string, unknown> = { ...label(item) };
    const is: Record<string, unknown> = { ...label(item) };
    for (const [field, value] of Object.entries(item)) {
      if (!isPair(value)) continue;
      was[field] = value.before;
      is[field] = value.after;
    }
    before.push(was);
    after.push(is);
  }
  return { before, after };
}
