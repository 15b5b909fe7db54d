import type { MailMessage } from '../mail/mailer.ts';
import type { AlertKind } from '../../db/schema/index.ts';

export interface AlertToTell {
  kind: AlertKind;
  title: string;
  detail: string;
  /** The page where the seller fixes it, as a whole link. */
  link: string;
}

export const alertKindNames: Record<AlertKind, string> = {
  channel_error: 'Channel in error',
  pushes_failing: 'Changes failing to reach a channel',
  listing_suppressed: 'Listing suppressed',
  low_stock: 'Low stock',
  late_order: 'Order past its ship-by date',
};

/** Named in a mail and a webhook message; the rest are counted ("and 12 more"): no storm of lines either. */
const SHOWN = 20;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const subjectOf = (told: AlertToTell[]) =>
  told.length === 1 ? `Alert: ${told[0]!.title}` : `${told.length} new alerts on Marketplace Hub`;

/** One mail per person per round of new alerts, each alert with its fix. */
export function alertMail(
  to: string,
  firstName: string | null,
  told: AlertToTell[],
  settingsLink: string,
): MailMessage {
  const shown = told.slice(0, SHOWN);
  const more = told.length - shown.length;
  const text = [
    firstName ? `Hi ${firstName},` : 'Hi,',
    told.length === 1 ? 'Something needs your attention:' : `${told.length} things need your attention:`,
    ...shown.map((alert) => `- ${alert.title}: ${alert.detail}\n  Fix it: ${alert.link}`),
    ...(more > 0 ? [`And ${more} more on your dashboard.`] : []),
    `You receive these because of your alert settings: ${settingsLink}`,
  ].join('\n\n');
  const items = shown
    .map(
      (alert) =>
        `<li style="margin:0 0 12px"><strong>${escapeHtml(alert.title)}</strong><br>${escapeHtml(alert.detail)}<br><a href="${escapeHtml(alert.link)}">Fix it</a></li>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subjectOf(told))}</h1><ul style="padding-left:20px">${items}</ul>
${more > 0 ? `<p>And ${more} more on your dashboard.</p>` : ''}
<p style="font-size:13px;color:#475569">You receive these because of your <a href="${escapeHtml(settingsLink)}">alert settings</a>.</p>
</div></body></html>`;
  return { to, subject: subjectOf(told), text: `${text}\n`, html };
}

/** Slack's `<url|label>` needs these three escaped in the label. */
const slackText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The body of a Slack-compatible incoming webhook: `text` (what every such service reads) and Block Kit blocks. */
export function alertWebhookBody(told: AlertToTell[]) {
  const shown = told.slice(0, SHOWN);
  const more = told.length - shown.length;
  const lines = shown.map(
    (alert) => `• *${slackText(alert.title)}*: ${slackText(alert.detail)} <${alert.link}|Fix it>`,
  );
  if (more > 0) lines.push(`And ${more} more on your dashboard.`);
  const text = `${subjectOf(told)}\n${lines.join('\n')}`;
  return {
    text,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: subjectOf(told).slice(0, 150) } },
      { type: 'section', text: { type: 'mrkdwn', text: lines.join('\n').slice(0, 3000) } },
    ],
  };
}
