/** Shopify's install consent screen, as a plain page: no script, one small stylesheet. */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const consentStylesheet = `
body { font-family: system-ui, sans-serif; background: #f1f2f4; color: #303030; margin: 0; }
main { max-width: 32rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / 15%); }
h1 { font-size: 1.25rem; margin: 0 0 1rem; }
ul { padding-left: 1.25rem; }
.actions { display: flex; gap: .75rem; justify-content: flex-end; margin-top: 1.5rem; }
button { font: inherit; padding: .5rem 1rem; border-radius: 8px; border: 1px solid #8a8a8a; background: #fff; cursor: pointer; }
button[value=install] { background: #303030; color: #fff; border-color: #303030; }
.error { color: #8e1f0b; }
`;

const scopeWords: Record<string, string> = {
  read_products: 'View products, variants and collections',
  write_products: 'Edit products, variants and collections',
  read_inventory: 'View inventory and locations',
  write_inventory: 'Edit inventory',
  read_orders: 'View orders from the last 60 days',
  read_locations: 'View locations',
  read_merchant_managed_fulfillment_orders: 'View fulfillment orders assigned to your locations',
  write_merchant_managed_fulfillment_orders: 'Fulfill orders from your locations: create fulfillments with tracking',
};

function page(title: string, stylesheetUrl: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title><link rel="stylesheet" href="${escape(stylesheetUrl)}"></head>
<body><main>${body}</main></body>
</html>`;
}

export function consentPage(options: {
  shopName: string;
  appName: string;
  scopes: string[];
  formAction: string;
  stylesheetUrl: string;
  fields: Record<string, string>;
}): string {
  const hidden = Object.entries(options.fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  const scopes = options.scopes
    .map((s) => `<li>${escape(scopeWords[s] ?? s)} <small>(${escape(s)})</small></li>`)
    .join('');
  return page(
    `Install ${options.appName}`,
    options.stylesheetUrl,
    `<h1>Install ${escape(options.appName)} on ${escape(options.shopName)}?</h1>
<p>${escape(options.appName)} will be able to:</p>
<ul>${scopes}</ul>
<form method="post" action="${escape(options.formAction)}">${hidden}
<div class="actions"><button type="submit" name="decision" value="cancel">Cancel</button><button type="submit" name="decision" value="install">Install app</button></div>
</form>`,
  );
}

export function oauthErrorPage(message: string, stylesheetUrl: string): string {
  return page(
    'Oauth error',
    stylesheetUrl,
    `<h1>Oauth error invalid_request</h1><p class="error">${escape(message)}</p>`,
  );
}
