import dns from 'node:dns/promises';
import net from 'node:net';
import { AppError, type AppContext } from '../../context.ts';
import {
  alertRecipients,
  alertSettingsOf,
  markDelivered,
  openAlerts,
  preferencesOf,
  raiseAndResolveAlerts,
  saveAlertSettings,
  savePreferences,
  undeliveredAlerts,
} from '../../db/queries/alerts.ts';
import { alertKindValues, type AlertKind } from '../../db/schema/index.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { ALERTS_DELIVER_QUEUE, type AlertsDeliverJob } from '../../workers/queues.ts';
import type { Mailer } from '../mail/mailer.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { alertKindNames, alertMail, alertWebhookBody, type AlertToTell } from './alert-messages.ts';

/** The webhook URL is sealed as a credential of the account (its URL is its secret). */
const webhookSeal = (accountId: string) => ({ accountId, channelId: 'alert-webhook' });
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Raises the alerts whose cause appeared and resolves those whose cause is gone, and asks for each account
 * with new alerts to be told, in the same transaction: an alert raised is told once it commits, and only then.
 */
export async function evaluateAlerts(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const raised = await raiseAndResolveAlerts(tx, ctx.clock());
    const accounts = [...new Set(raised.map((alert) => alert.accountId))];
    await enqueueEach<AlertsDeliverJob>(
      ctx.jobs,
      tx,
      ALERTS_DELIVER_QUEUE,
      accounts.map((accountId) => ({ data: { accountId }, options: { singletonKey: accountId } })),
    );
    return raised.length;
  });
}

/**
 * Tells the account's people of its alerts not told yet: a mail to each verified, enabled user who wants
 * that kind, and one message to the account's webhook. Marked told after: a crash in between tells again
 * rather than never (a retry finds them still untold).
 */
export async function deliverAlerts(ctx: AppContext, mailer: Mailer, job: AlertsDeliverJob): Promise<void> {
  const untold = await undeliveredAlerts(ctx.db, job.accountId);
  if (untold.length === 0) return;
  const told: Array<AlertToTell & { id: string }> = untold.map((alert) => ({
    id: alert.id,
    kind: alert.kind,
    title: alert.title,
    detail: alert.detail,
    link: `${ctx.config.appUrl}${alert.fixPath}`,
  }));
  for (const person of await alertRecipients(ctx.db, job.accountId)) {
    const wanted = told.filter((alert) => !person.off.includes(alert.kind));
    if (wanted.length > 0)
      await mailer.send(alertMail(person.email, person.firstName, wanted, `${ctx.config.appUrl}/?alerts=settings`));
  }
  const settings = await alertSettingsOf(ctx.db, job.accountId);
  if (settings.webhookUrlCiphertext) {
    const { url } = ctx.marketplaces.vault.open(settings.webhookUrlCiphertext, webhookSeal(job.accountId));
    await postToWebhook(ctx, url!, alertWebhookBody(told));
  }
  await markDelivered(
    ctx.db,
    job.accountId,
    told.map((alert) => alert.id),
    ctx.clock(),
  );
}

async function postToWebhook(ctx: AppContext, url: string, body: unknown): Promise<void> {
  await refusePrivateHost(ctx, new URL(url));
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    redirect: 'error',
  });
  // A webhook that answers with an error is tried again by the job's retries; the URL never goes in a log.
  if (!response.ok) throw new Error(`The alert webhook answered ${response.status}.`);
}

const privateRanges = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  privateRanges.addSubnet(network, prefix, 'ipv6');

/**
 * In production a webhook must be https on a public address: the product would otherwise post into its
 * own network for whoever saves a URL. Elsewhere (a seller's own machine, the tests) a local receiver is fine.
 */
async function refusePrivateHost(ctx: AppContext, url: URL): Promise<void> {
  if (!ctx.config.production) return;
  if (url.protocol !== 'https:') throw new AppError(400, 'The webhook must be an https address.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) }]
    : await dns.lookup(host, { all: true }).catch(() => {
        throw new AppError(400, `${host} could not be found.`);
      });
  if (addresses.some((a) => privateRanges.check(a.address, a.family === 6 ? 'ipv6' : 'ipv4')))
    throw new AppError(400, 'The webhook must be on a public address, not a private or local one.');
}

/** The account's open alerts (the dashboard lists them), each with where to fix it. */
export async function listAlerts(ctx: AppContext, accountId: string) {
  const rows = await openAlerts(ctx.db, accountId);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      kindName: alertKindNames[row.kind],
      title: row.title,
      detail: row.detail,
      fixPath: row.fixPath,
      raisedAt: row.raisedAt.toISOString(),
    })),
  };
}

/** This user's alert choices, and the account's webhook (whether one is set, never its URL) and low-stock level. */
export async function alertSettingsFor(ctx: AppContext, user: { userId: string; accountId: string }) {
  const settings = await alertSettingsOf(ctx.db, user.accountId);
  const chosen = await preferencesOf(ctx.db, user.userId);
  return {
    webhookSet: settings.webhookUrlCiphertext !== null,
    lowStockUnits: settings.lowStockUnits,
    kinds: alertKindValues.map((kind) => ({ kind, name: alertKindNames[kind], email: chosen.get(kind) ?? true })),
  };
}

export interface AlertSettingsChange {
  /** A new webhook URL; null removes it; absent leaves it. */
  webhookUrl?: string | null;
  lowStockUnits?: number;
  kinds?: Array<{ kind: AlertKind; email: boolean }>;
}

/**
 * Saves this user's choices; the account's webhook and low-stock level only by its owner (they are the
 * account's, not the user's).
 */
export async function changeAlertSettings(
  ctx: AppContext,
  user: { userId: string; accountId: string; isOwner: boolean },
  change: AlertSettingsChange,
  audit: AuditContext,
) {
  const accountWide = change.webhookUrl !== undefined || change.lowStockUnits !== undefined;
  if (accountWide && !user.isOwner)
    throw new AppError(403, "Only the account's owner changes where alerts are posted and what counts as low stock.");
  if (change.webhookUrl) {
    let url: URL;
    try {
      url = new URL(change.webhookUrl);
    } catch {
      throw new AppError(400, 'The webhook must be a whole address, such as https://hooks.slack.com/services/…');
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new AppError(400, 'The webhook must be an https address.');
    if (url.username || url.password) throw new AppError(400, 'The webhook address must not carry a user or password.');
    await refusePrivateHost(ctx, url);
  }
  const before = await alertSettingsFor(ctx, user);
  await ctx.db.transaction(async (tx) => {
    if (accountWide)
      await saveAlertSettings(
        tx,
        user.accountId,
        {
          ...(change.webhookUrl !== undefined && {
            webhookUrlCiphertext: change.webhookUrl
              ? ctx.marketplaces.vault.seal({ url: change.webhookUrl }, webhookSeal(user.accountId))
              : null,
          }),
          ...(change.lowStockUnits !== undefined && { lowStockUnits: change.lowStockUnits }),
        },
        ctx.clock(),
      );
    await savePreferences(tx, user.userId, change.kinds ?? []);
    // The webhook's URL is a secret: the entry says only whether one was set, and that it changed.
    const said = (settings: typeof before, changedWebhook: boolean) => ({
      webhook: settings.webhookSet ? (changedWebhook ? 'changed' : 'set') : 'none',
      lowStockUnits: settings.lowStockUnits,
      mailed: settings.kinds.filter((k) => k.email).map((k) => k.kind),
    });
    const after = await alertSettingsFor({ ...ctx, db: tx as never }, user);
    // Saved as it was: nothing to tell.
    if (JSON.stringify(said(before, false)) === JSON.stringify(said(after, Boolean(change.webhookUrl)))) return;
    await recordAudit(tx, audit, {
      action: 'alerts.settings_changed',
      accountId: user.accountId,
      targetType: 'user',
      targetId: user.userId,
      before: said(before, false),
      after: said(after, Boolean(change.webhookUrl)),
    });
  });
  return alertSettingsFor(ctx, user);
}
