/** The sandbox's eBay consent page: plain HTML, a form POST, no script. */

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface ConsentPageInput {
  appName: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string | undefined;
  sellers: Array<{ sellerId: string; username: string }>;
  loginHint: string | undefined;
  error?: string;
  stylesheet: string;
}

export function consentPage(input: ConsentPageInput): string {
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : `<input type="hidden" name="${name}" value="${escape(value)}">`;
  const sellerField =
    input.sellers.length > 0 && !input.loginHint
      ? `<label for="seller">Sign in as</label>
         <select id="seller" name="seller" required>${input.sellers.map((s) => `<option value="${escape(s.username)}">${escape(s.username)}</option>`).join('')}</select>`
      : `<label for="seller">eBay user ID</label>
         <input id="seller" name="seller" required autocomplete="username" value="${escape(input.loginHint ?? '')}">`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Grant application access: ${escape(input.appName)}</title>
<link rel="stylesheet" href="${escape(input.stylesheet)}">
</head>
<body>
<main>
<p class="brand">eBay <span>sandbox</span></p>
<h1>Grant application access</h1>
<p><strong>${escape(input.appName)}</strong> would like to access your eBay account and:</p>
<ul class="scopes">${input.scopes.map((s) => `<li>${escape(s)}</li>`).join('')}</ul>
${input.error ? `<p class="error" role="alert">${escape(input.error)}</p>` : ''}
<form method="post" action="authorize">
${hidden('client_id', input.clientId)}${hidden('redirect_uri', input.redirectUri)}${hidden('scope', input.scopes.join(' '))}${hidden('state', input.state)}${hidden('response_type', 'code')}
${sellerField}
<div class="actions">
<button type="submit" name="decision" value="agree">Agree</button>
<button type="submit" name="decision" value="decline" formnovalidate class="secondary">Decline</button>
</div>
</form>
</main>
</body>
</html>`;
}

export function errorPage(message: string, stylesheet: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>eBay sandbox: request refused</title><link rel="stylesheet" href="${escape(stylesheet)}"></head><body><main><p class="brand">eBay <span>sandbox</span></p><h1>This request can't be completed</h1><p class="error" role="alert">${escape(message)}</p></main></body></html>`;
}

export const consentStylesheet = `body{font-family:system-ui,sans-serif;background:#f5f5f5;color:#111;margin:0}
main{max-width:28rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:12px;box-shadow:0 1px 4px #0002}
.brand{font-weight:700;font-size:1.5rem;color:#0654ba;margin:0 0 1rem}.brand span{font-size:.8rem;color:#666;font-weight:400}
h1{font-size:1.25rem}.scopes{font-size:.85rem;color:#333;word-break:break-all}
label{display:block;font-weight:600;margin:1rem 0 .25rem}select,input{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}button{flex:1;padding:.6rem;font-size:1rem;border-radius:20px;border:1px solid #0654ba;background:#0654ba;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#0654ba}.error{color:#b00020}`;
