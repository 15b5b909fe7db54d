/**
 * Walmart's authentication (auth.json): a seller's client credentials exchanged at /v3/token for an
 * access token, /v3/token/detail, and the headers every call carries (WM_SEC.ACCESS_TOKEN,
 * WM_QOS.CORRELATION_ID, WM_SVC.NAME).
 */
import crypto from 'node:crypto';
import type { Request, Response, Router } from 'express';
import { send } from './errors.ts';
import { throttled } from './limits.ts';
import type { WalmartContext, WalmartSandboxSeller, WalmartSandboxState } from './state.ts';

/** Access tokens live 15 minutes (auth.json: expires_in 900). */
export const TOKEN_LIFETIME_S = 900;

export function authRoutes(router: Router, context: WalmartContext) {
  router.post('/v3/token', (req, res) => issueToken(context, req, res));
  router.get('/v3/token/detail', (req, res) => tokenDetail(context, req, res));
}

export function header(req: Request, name: string): string | undefined {
  const value = req.get(name);
  return value && value.trim() ? value.trim() : undefined;
}

/** Every Walmart call carries WM_QOS.CORRELATION_ID and WM_SVC.NAME. */
function requireWalmartHeaders(req: Request, res: Response): boolean {
  for (const name of ['WM_QOS.CORRELATION_ID', 'WM_SVC.NAME']) {
    if (!header(req, name)) {
      send(res, 400, 'INVALID_REQUEST_HEADER.GMP_GATEWAY_API', `Invalid or missing header: ${name}`, {
        field: name,
        category: 'REQUEST',
      });
      return false;
    }
  }
  return true;
}

/** The seller whose client credentials these are. */
function tokenFor(
  state: WalmartSandboxState,
  clientId: string,
  clientSecret: string,
): WalmartSandboxSeller | undefined {
  const seller = Object.values(state.sellers).find((s) => s.clientId === clientId);
  if (!seller) return undefined;
  const a = Buffer.from(seller.clientSecret);
  const b = Buffer.from(clientSecret);
  return a.length === b.length && crypto.timingSafeEqual(a, b) ? seller : undefined;
}

/** The seller behind WM_SEC.ACCESS_TOKEN, or a 401 already sent. */
export function authorise(context: WalmartContext, req: Request, res: Response): WalmartSandboxSeller | undefined {
  if (!requireWalmartHeaders(req, res)) return undefined;
  const state = context.state();
  const token = header(req, 'WM_SEC.ACCESS_TOKEN');
  const entry = token ? state.tokens[token] : undefined;
  const seller = entry && entry.expiresAt > Date.now() ? state.sellers[entry.sellerId] : undefined;
  if (!seller) {
    send(
      res,
      401,
      'UNAUTHORIZED.GMP_GATEWAY_API',
      token ? 'Access token is invalid or has expired' : 'Missing WM_SEC.ACCESS_TOKEN header',
      {
        field: 'WM_SEC.ACCESS_TOKEN',
        category: 'REQUEST',
      },
    );
    return undefined;
  }
  return seller;
}

function issueToken(context: WalmartContext, req: Request, res: Response) {
  if (!requireWalmartHeaders(req, res)) return;
  const state = context.state();
  const basic = /^Basic\s+(.+)$/i.exec(req.get('authorization') ?? '');
  const decoded = basic ? Buffer.from(basic[1]!, 'base64').toString('utf8') : '';
  const colon = decoded.indexOf(':');
  const seller = colon > 0 ? tokenFor(state, decoded.slice(0, colon), decoded.slice(colon + 1)) : undefined;
  if (!seller) {
    send(
      res,
      401,
      'UNAUTHORIZED.GMP_GATEWAY_API',
      'Invalid client credentials: check the Client ID and Client Secret',
      {
        field: 'Authorization',
        category: 'REQUEST',
      },
    );
    return;
  }
  if (req.body?.grant_type !== 'client_credentials') {
    send(res, 400, 'INVALID_REQUEST_PARAM.GMP_GATEWAY_API', 'grant_type must be client_credentials (form-encoded)', {
      field: 'grant_type',
    });
    return;
  }
  if (throttled(context, res, seller.sellerId, 'token')) return;
  const now = Date.now();
  for (const [key, entry] of Object.entries(state.tokens)) if (entry.expiresAt <= now) delete state.tokens[key];
  const accessToken = `eyJ${crypto.randomBytes(24).toString('base64url')}`;
  state.tokens[accessToken] = { sellerId: seller.sellerId, expiresAt: now + TOKEN_LIFETIME_S * 1000 };
  context.changed();
  res.json({ access_token: accessToken, token_type: 'Bearer', expires_in: TOKEN_LIFETIME_S });
}

function tokenDetail(context: WalmartContext, req: Request, res: Response) {
  const seller = authorise(context, req, res);
  if (!seller) return;
  const entry = context.state().tokens[header(req, 'WM_SEC.ACCESS_TOKEN')!]!;
  const full = 'full_access';
  res.json({
    expire_at: String(entry.expiresAt),
    issued_at: String(entry.expiresAt - TOKEN_LIFETIME_S * 1000),
    is_valid: true,
    is_channel_match: true,
    scopes: {
      reports: full,
      item: full,
      price: full,
      lagtime: full,
      feeds: full,
      returns: full,
      orders: full,
      inventory: full,
      content: full,
    },
  });
}
