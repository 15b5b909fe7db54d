import { invoiceTotal } from './objects.ts';
import {
  testCards,
  type InvoiceLineRecord,
  type InvoiceRecord,
  type PriceRecord,
  type StripeAccount,
  type SubscriptionRecord,
} from './state.ts';

/** The Stripe sandbox's hosted pages (Checkout, the customer portal, invoices): plain HTML, form POSTs, no script. */

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);

export const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export function priceLabel(account: StripeAccount, price: PriceRecord): string {
  const product = account.products[price.product];
  const every = price.interval
    ? ` per ${price.intervalCount > 1 ? `${price.intervalCount} ${price.interval}s` : price.interval}`
    : '';
  return `${product?.name ?? price.id}: ${money(price.unitAmount, price.currency)}${every}`;
}

export function page(title: string, stylesheet: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main>
<p class="brand">stripe <span>sandbox · test mode</span></p>
${body}
</main>
</body>
</html>`;
}

const cardOptions = (selected?: string) =>
  Object.entries(testCards)
    .map(
      ([number, card]) =>
        `<option value="${number}"${number === selected ? ' selected' : ''}>${escapeHtml(card.label)}</option>`,
    )
    .join('');

export function checkoutHtml(input: {
  account: StripeAccount;
  lines: Array<{ price: PriceRecord; quantity: number }>;
  email: string | null;
  action: string;
  error?: string;
}): string {
  const total = input.lines.reduce((sum, l) => sum + l.price.unitAmount * l.quantity, 0);
  const currency = input.lines[0]?.price.currency ?? 'usd';
  return `<h1>Subscribe</h1>
<ul class="lines">${input.lines.map((l) => `<li>${escapeHtml(priceLabel(input.account, l.price))}${l.quantity > 1 ? ` × ${l.quantity}` : ''}</li>`).join('')}</ul>
<p class="total">Total due today <strong>${money(total, currency)}</strong></p>
${input.email ? `<p>Email: ${escapeHtml(input.email)}</p>` : ''}
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="${escapeHtml(input.action)}">
<label for="card">Test card</label>
<select id="card" name="card">${cardOptions()}</select>
<div class="actions">
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</div>
</form>`;
}

export function portalHtml(input: {
  account: StripeAccount;
  subscriptions: SubscriptionRecord[];
  invoices: InvoiceRecord[];
  action: string;
  returnUrl: string | null;
}): string {
  const { account } = input;
  const plans = Object.values(account.prices).filter((p) => p.active && p.interval);
  const subscriptionBlock = (s: SubscriptionRecord) => {
    const price = account.prices[s.items[0]!.price]!;
    const card = testCards[s.card];
    const ends = s.cancelAtPeriodEnd ? `Cancels on ${day(s.currentPeriodEnd)}` : `Renews on ${day(s.currentPeriodEnd)}`;
    return `<section aria-label="Current plan">
<h2>Current plan</h2>
<p><strong>${escapeHtml(priceLabel(account, price))}</strong></p>
<p>${s.status === 'past_due' ? '<span class="error">Past due: the last payment failed.</span> ' : ''}${ends}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="subscription" value="${s.id}">
<label for="price-${s.id}">Change plan</label>
<select id="price-${s.id}" name="price">${plans.map((p) => `<option value="${p.id}"${p.id === price.id ? ' selected' : ''}>${escapeHtml(priceLabel(account, p))}</option>`).join('')}</select>
<div class="actions"><button type="submit" name="decision" value="change">Update plan</button></div>
</form>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="subscription" value="${s.id}">
<label for="card-${s.id}">Payment method (${escapeHtml(card.brand)} •••• ${card.last4})</label>
<select id="card-${s.id}" name="card">${cardOptions(s.card)}</select>
<div class="actions"><button type="submit" name="decision" value="card">Update payment method</button></div>
</form>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="subscription" value="${s.id}">
<div class="actions">${
      s.cancelAtPeriodEnd
        ? '<button type="submit" name="decision" value="renew">Renew plan</button>'
        : '<button type="submit" name="decision" value="cancel" class="secondary">Cancel plan</button>'
    }</div>
</form>
</section>`;
  };
  return `<h1>Manage billing</h1>
${input.subscriptions.length ? input.subscriptions.map(subscriptionBlock).join('') : '<p>No active subscription.</p>'}
<section aria-label="Invoices"><h2>Invoice history</h2><ul class="lines">${input.invoices
    .map(
      (i) =>
        `<li>${day(i.created)} · ${money(invoiceTotal(i), i.currency)} · ${i.status} · <a href="../invoices/${i.id}/pdf">PDF</a></li>`,
    )
    .join('')}</ul></section>
${input.returnUrl ? `<p><a href="${escapeHtml(input.returnUrl)}">Return</a></p>` : ''}`;
}

/** The portal's confirmation of a plan change: the prorated lines and what is charged now. */
export function prorationHtml(input: {
  account: StripeAccount;
  lines: InvoiceLineRecord[];
  price: PriceRecord;
  subscriptionId: string;
  action: string;
}): string {
  const total = input.lines.reduce((sum, l) => sum + l.amount, 0);
  return `<h1>Confirm your new plan</h1>
<p><strong>${escapeHtml(priceLabel(input.account, input.price))}</strong></p>
<ul class="lines">${input.lines.map((l) => `<li>${escapeHtml(l.description)}: ${money(l.amount, input.price.currency)}</li>`).join('')}</ul>
<p class="total">${total >= 0 ? 'Due today' : 'Credited to your balance'} <strong>${money(Math.abs(total), input.price.currency)}</strong></p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="subscription" value="${escapeHtml(input.subscriptionId)}">
<input type="hidden" name="price" value="${escapeHtml(input.price.id)}">
<input type="hidden" name="confirm" value="yes">
<div class="actions">
<button type="submit" name="decision" value="change">Confirm</button>
<a class="secondary" href="${escapeHtml(input.action)}">Go back</a>
</div>
</form>`;
}

export const hostedStylesheet = `body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:30rem;margin:2rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002}
.brand{font-weight:700;font-size:1.4rem;color:#635bff;margin:0 0 1rem}.brand span{font-size:.8rem;color:#555;font-weight:400}
h1{font-size:1.3rem}h2{font-size:1.05rem;margin-top:1.5rem}.lines{padding-left:1.2rem}.total{font-size:1.1rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.actions{display:flex;gap:.75rem;margin-top:1rem}button{flex:1;padding:.6rem;font-size:1rem;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;cursor:pointer}
button.secondary,a.secondary{background:#fff;color:#4b44d6}
a.secondary{flex:1;text-align:center;padding:.6rem;border:1px solid #635bff;border-radius:6px;text-decoration:none}.error{color:#b00020}a{color:#4b44d6}
@media (max-width:480px){main{margin:0;border-radius:0;padding:1.25rem}}`;
