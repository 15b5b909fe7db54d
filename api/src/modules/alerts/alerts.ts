import http from 'node:http';
import https from 'node:https';
import { AppError, type AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  alertRecipients,
  alertSettingsOf,
  markTold,
  openAlerts,
  preferencesOf,
  raiseAndResolveAlerts,
  saveAlertSettings,
  savePreferences,
  untoldAlerts,
  type AlertRow,
} from '../../db/queries/alerts.ts';
import { alertKindValues, type AlertKind } from '../../db/schema/index.ts';
import { enqueueEach } from '../../workers/job-queue.ts';
import { ALERTS_DELIVER_QUEUE, type AlertsDeliverJob } from '../../workers/queues.ts';
import type { Mailer } from '../mail/mailer.ts';
import { namesPrivateHost, publicAddressLookup, reachesPrivateHost } from '../../net/public-addresses.ts';
import { recordAudit, type AuditContext } from '../audit/audit-log.ts';
import { alertKindNames, alertMail, alertWebhookBody } from './alert-messages.ts';

/** The webhook URL is sealed as a credential of the account (its URL is its secret). */
const webhookSeal = (accountId: string) => ({ accountId, channelId: 'alert-webhook' });
const WEBHOOK_TIMEOUT_MS = 10_000;

/**
 * Raises the alerts whose cause appeared and resolves those whose cause is gone, and asks for each account
 * with new alerts to be told, in the same transaction: an alert raised is told once it commits, and only then.
 * Answers how many were raised, and how many products' stock it looked at (only those changed since the last look).
 */
export async function evaluateAlerts(ctx: AppContext): Promise<{ raised: number; stockLookedAt: number }> {
  return ctx.db.transaction(async (tx) => {
    const { raised, stockLookedAt } = await raiseAndResolveAlerts(tx, ctx.clock());
    const accounts = [...new Set(raised.map((alert) => alert.accountId))];
    await enqueueEach<AlertsDeliverJob>(
      ctx.jobs,
      tx,
      ALERTS_DELIVER_QUEUE,
      accounts.map((accountId) => ({ data: { accountId }, options: { singletonKey: accountId } })),
    );
    return { raised: raised.length, stockLookedAt };
  });
}

/**
 * Tells the account's people of its alerts not told yet: a mail to each verified, enabled user who wants
 * that kind, then one message to the account's webhook. Each is marked once done, apart: a webhook that is
 * down is tried again by the job without mailing anyone twice; a crash between a send and its mark tells again
 * rather than never.
 */
export async function deliverAlerts(ctx: AppContext, mailer: Mailer, job: AlertsDeliverJob): Promise<void> {
  const told = (rows: AlertRow[]) =>
    rows.map((alert) => ({
      id: alert.id,
      kind: alert.kind,
      title: alert.title,
      detail: alert.detail,
      link: `${ctx.config.appUrl}${alert.fixPath}`,
    }));
  const toMail = told(await untoldAlerts(ctx.db, job.accountId, 'mail'));
  if (toMail.length > 0) {
    for (const person of await alertRecipients(ctx.db, job.accountId)) {
      const wanted = toMail.filter((alert) => !person.off.includes(alert.kind));
      if (wanted.length > 0)
        await mailer.send(alertMail(person.email, person.firstName, wanted, `${ctx.config.appUrl}/?alerts=settings`));
    }
    await markTold(ctx.db, job.accountId, ids(toMail), 'mail', ctx.clock());
  }
  const toPost = told(await untoldAlerts(ctx.db, job.accountId, 'webhook'));
  if (toPost.length === 0) return;
  const settings = await alertSettingsOf(ctx.db, job.accountId);
  // Without a webhook they are done too: one set later is not sent the alerts of before.
  if (settings.webhookUrlCiphertext) {
    const { url } = ctx.marketplaces.vault.open(settings.webhookUrlCiphertext, webhookSeal(job.accountId));
    await postToWebhook(ctx, url!, alertWebhookBody(toPost));
  }
  await markTold(ctx.db, job.accountId, ids(toPost), 'webhook', ctx.clock());
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

/**
 * Posts the message; in production only to a public address, checked as the connection is made (a name
 * turned inwards after it was saved is refused too). Throws on a refusal or an error answer: the job tries again.
 */
async function postToWebhook(ctx: AppContext, url: string, body: unknown): Promise<void> {
  const target = new URL(url);
  if (ctx.config.production && (target.protocol !== 'https:' || namesPrivateHost(url)))
    throw new Error('The alert webhook is not a public https address.');
  const payload = JSON.stringify(body);
  const status = await new Promise<number>((resolve, reject) => {
    const request = (target.protocol === 'https:' ? https : http).request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
        timeout: WEBHOOK_TIMEOUT_MS,
        ...(ctx.config.production && { lookup: publicAddressLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('The alert webhook did not answer in time.')));
    request.on('error', reject);
    request.end(payload);
  });
  // Redirects are not followed (a public address could send us inwards); the URL never goes in a log.
  if (status < 200 || status >= 300) throw new Error(`The alert webhook answered ${status}.`);
}

/**
 * In production a webhook must be https on a public address: the product would otherwise post into its
 * own network for whoever saves a URL. Elsewhere (a seller's own machine, the tests) a local receiver is fine.
 */
async function refusePrivateHost(ctx: AppContext, url: URL): Promise<void> {
  if (!ctx.config.production) return;
  if (url.protocol !== 'https:') throw new AppError(400, 'The webhook must be an https address.');
  if (await reachesPrivateHost(url.href))
    throw new AppError(400, 'The webhook must be on a public address that can be found, not a private or local one.');
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
export async function alertSettingsFor(db: Db, user: { userId: string; accountId: string }) {
  const settings = await alertSettingsOf(db, user.accountId);
  const chosen = await preferencesOf(db, user.userId);
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
  const before = await alertSettingsFor(ctx.db, user);
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
    const after = await alertSettingsFor(tx, user);
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
  return alertSettingsFor(ctx.db, user);
}
