import type { MailMessage } from './mailer.ts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[], action: { label: string; url: string }, footer: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:12px;padding:32px;border:1px solid #e2e8f0">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(footer)}</p>
<p style="font-size:13px;color:#475569;word-break:break-all">${escapeHtml(action.url)}</p>
</div></body></html>`;
}

const greeting = (firstName: string | null) => (firstName ? `Hi ${firstName},` : 'Hi,');

export function verifyEmailMessage(to: string, firstName: string | null, link: string): MailMessage {
  // The code the "Verify Your Email" screen asks for is the link's token, for a link opened on another device.
  const code = new URL(link).searchParams.get('token') ?? '';
  const lines = [
    greeting(firstName),
    'Welcome to Marketplace Hub. Confirm your email address to finish setting up your account. The link works once and expires in 24 hours.',
    `Or paste this verification code where the sign-in page asks for it: ${code}`,
  ];
  return {
    to,
    subject: 'Verify your email for Marketplace Hub',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not create an account, you can ignore this email.\n`,
    html: layout(
      'Verify your email',
      lines,
      { label: 'Verify Email', url: link },
      'If you did not create an account, you can ignore this email.',
    ),
  };
}

export function resetPasswordMessage(to: string, firstName: string | null, link: string): MailMessage {
  const lines = [
    greeting(firstName),
    'We received a request to reset your Marketplace Hub password. The link works once and expires in 1 hour. Resetting signs you out everywhere else.',
  ];
  return {
    to,
    subject: 'Reset your Marketplace Hub password',
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not ask for this, you can ignore this email; your password stays as it is.\n`,
    html: layout(
      'Reset your password',
      lines,
      { label: 'Reset Password', url: link },
      'If you did not ask for this, you can ignore this email; your password stays as it is.',
    ),
  };
}

/** Sent instead of a second account when someone registers with an address that already has one. */
export function accountExistsMessage(to: string, firstName: string | null, signInLink: string): MailMessage {
  const lines = [
    greeting(firstName),
    'Someone tried to create a Marketplace Hub account with this email address, but you already have one. Sign in instead, or use "Forgot your password?" on the sign-in page if you need a new password.',
  ];
  return {
    to,
    subject: 'You already have a Marketplace Hub account',
    text: `${lines.join('\n\n')}\n\n${signInLink}\n\nIf this was not you, no action is needed.\n`,
    html: layout(
      'You already have an account',
      lines,
      { label: 'Sign In', url: signInLink },
      'If this was not you, no action is needed.',
    ),
  };
}

/** An owner's invitation to join their account's team; the link works once and expires in 7 days. */
export function teamInvitationMessage(to: string, inviterName: string, companyName: string, link: string): MailMessage {
  const lines = [
    'Hi,',
    `${inviterName} invited you to join ${companyName} on Marketplace Hub. Accept to work on the account's channels, listings and orders with your team. The link works once and expires in 7 days.`,
  ];
  return {
    to,
    subject: `Join ${companyName} on Marketplace Hub`,
    text: `${lines.join('\n\n')}\n\n${link}\n\nIf you did not expect this invitation, you can ignore this email.\n`,
    html: layout(
      `Join ${companyName}`,
      lines,
      { label: 'Accept Invitation', url: link },
      'If you did not expect this invitation, you can ignore this email.',
    ),
  };
}

/**
 * A Shopify customer asked the shop for their data (Shopify's customers/data_request): the account's owners are
 * told what was asked and which of our records hold that customer's data, to answer within Shopify's 30 days.
 */
export function shopifyDataRequestMessage(
  to: string,
  firstName: string | null,
  request: {
    shopDomain: string;
    customerId: string | null;
    dataRequestId: string | null;
    orders: Array<{ orderNumber: string; channel: string; buyerName: boolean; shippingAddress: boolean }>;
    ordersNamed: number;
  },
  auditLink: string,
): MailMessage {
  const customer = request.customerId ? `customer ${request.customerId}` : 'a customer';
  const held = (o: (typeof request.orders)[number]) =>
    [o.buyerName ? 'buyer name' : null, o.shippingAddress ? 'shipping address' : null].filter(Boolean).join(' and ') ||
    'no personal details (erased), order lines and totals only';
  const records =
    request.orders.length === 0
      ? ['We hold no order of this customer among the orders the request names.']
      : request.orders.map((o) => `Order ${o.orderNumber} (${o.channel}): ${held(o)}, with its lines and totals.`);
  const lines = [
    greeting(firstName),
    `Shopify sent a data request for ${customer} of ${request.shopDomain}${request.dataRequestId ? ` (request ${request.dataRequestId})` : ''}. The customer asked the shop for the personal data held about them; ${request.ordersNamed} order${request.ordersNamed === 1 ? '' : 's'} named.`,
    "Marketplace Hub holds this customer's data in these records:",
    ...records,
    'Send the customer this data through your shop, as Shopify asks, within 30 days. The request is in your audit log.',
  ];
  return {
    to,
    subject: `Shopify data request for ${request.shopDomain}`,
    text: `${lines.join('\n\n')}\n\n${auditLink}\n`,
    html: layout(
      'Shopify data request',
      lines,
      { label: 'Open Audit Logs', url: auditLink },
      'You receive this email as an owner of the account the shop is connected to.',
    ),
  };
}
