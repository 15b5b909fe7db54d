/**
 * The Compliance API (sell_compliance_v1_oas3.json): getListingViolations, the listings eBay finds out of
 * compliance (or at risk) with a listing policy, one compliance type a call, grouped by listing, paged
 * by offset and limit (default 100, at most 200), 204 when there are none. The violations are set on a
 * SKU through the control API (eBay finds them itself); setting none clears them.
 */
import type { Request, Response, Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { authorize, ebayScopes } from './auth.ts';
import { error, fail } from './errors.ts';
import type { EbayContext, SandboxViolation } from './state.ts';

export const DOMAIN_COMPLIANCE = 'API_COMPLIANCE';

/** ComplianceTypeEnum. */
export const COMPLIANCE_TYPES = [
  'ASPECTS_ADOPTION',
  'HTTPS',
  'OUTSIDE_EBAY_BUYING_AND_SELLING',
  'PRODUCT_ADOPTION',
  'PRODUCT_ADOPTION_CONFORMANCE',
  'RETURNS_POLICY',
] as const;
const COMPLIANCE_STATES = ['OUT_OF_COMPLIANCE', 'AT_RISK'] as const;
const MAX_LIMIT = 200;

function badRequest(res: Response, errorId: number, message: string, name?: string, value?: string) {
  fail(
    res,
    400,
    error(errorId, DOMAIN_COMPLIANCE, message, name ? { parameters: [{ name, value: value ?? '' }] } : {}),
  );
}

function getListingViolations(context: EbayContext, req: Request, res: Response) {
  const grant = authorize(req, res, context, 'inventory', ebayScopes.inventory, 'user');
  if (!grant) return;
  if (!req.get('x-ebay-c-marketplace-id'))
    return badRequest(res, 240003, 'The X-EBAY-C-MARKETPLACE-ID header is missing or invalid.');
  const type = typeof req.query.compliance_type === 'string' ? req.query.compliance_type : '';
  if (!(COMPLIANCE_TYPES as readonly string[]).includes(type))
    return badRequest(res, 240001, 'The compliance_type is missing or invalid.', 'compliance_type', type);
  const offset = req.query.offset === undefined ? 0 : Number(req.query.offset);
  const limit = req.query.limit === undefined ? 100 : Number(req.query.limit);
  if (!Number.isInteger(offset) || offset < 0)
    return badRequest(res, 240004, 'The offset is invalid.', 'offset', String(req.query.offset));
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    return badRequest(res, 240005, `The limit must be 1 to ${MAX_LIMIT}.`, 'limit', String(req.query.limit));
  const stateFilter = /complianceState:\{?(OUT_OF_COMPLIANCE|AT_RISK)\}?/.exec(String(req.query.filter ?? ''))?.[1];
  const seller = context.state().sellers[grant.sellerId!]!;
  const found = Object.values(seller.items)
    .filter((item) => item.offerStatus === 'PUBLISHED')
    .map((item) => ({
      item,
      violations: (item.violations ?? []).filter(
        (v) => v.complianceType === type && (!stateFilter || v.complianceState === stateFilter),
      ),
    }))
    .filter((f) => f.violations.length > 0)
    .sort((a, b) => (a.item.listingId < b.item.listingId ? -1 : 1));
  if (found.length === 0) return void res.status(204).end();
  const base = `${req.protocol}://${req.get('host')}${req.baseUrl}${req.path}`;
  const page = (at: number) => `${base}?compliance_type=${type}&offset=${at}&limit=${limit}`;
  res.status(200).json({
    href: page(offset),
    offset,
    limit,
    total: found.length,
    ...(offset + limit < found.length ? { next: page(offset + limit) } : {}),
    ...(offset > 0 ? { prev: page(Math.max(0, offset - limit)) } : {}),
    listingViolations: found.slice(offset, offset + limit).map(({ item, violations }) => ({
      complianceType: type,
      listingId: item.listingId,
      sku: item.sku,
      violations: violations.map((v) => ({
        reasonCode: v.reasonCode,
        message: v.message,
        complianceState: v.complianceState,
      })),
    })),
  });
}

/** `{ violations: [{ complianceType, reasonCode, message, complianceState? }] }`, 0 to 20: what is wrong, else undefined. */
function violationsProblem(body: unknown): string | undefined {
  const violations = (body as { violations?: unknown } | null)?.violations;
  if (!Array.isArray(violations) || violations.length > 20)
    return 'violations must be a list of 0 to 20 { complianceType, reasonCode, message, complianceState? }';
  for (const v of violations as Array<Record<string, unknown>>) {
    if (!v || typeof v !== 'object') return 'each violation must be an object';
    if (!(COMPLIANCE_TYPES as readonly string[]).includes(v.complianceType as string))
      return `complianceType must be one of ${COMPLIANCE_TYPES.join(', ')}`;
    if (typeof v.reasonCode !== 'string' || !/^[A-Z0-9_]{1,60}$/.test(v.reasonCode))
      return 'reasonCode must be 1 to 60 capitals, digits or _';
    if (typeof v.message !== 'string' || !v.message.trim() || v.message.length > 1000)
      return 'message must be a text of 1 to 1000 characters';
    if (
      v.complianceState !== undefined &&
      !(COMPLIANCE_STATES as readonly string[]).includes(v.complianceState as string)
    )
      return `complianceState must be ${COMPLIANCE_STATES.join(' or ')}`;
  }
  return undefined;
}

export function complianceRoutes(router: Router, context: EbayContext) {
  router.get('/sell/compliance/v1/listing_violation', (req, res) => getListingViolations(context, req, res));
}

export function violationControlRoute(router: Router, context: EbayContext) {
  router.put('/sellers/:sellerId/items/:sku/violations', (req, res) => {
    const problem = violationsProblem(req.body);
    if (problem) return void res.status(400).json({ message: problem });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => {
        const item = context.state().sellers[sellerId]?.items[sku];
        if (!item) throw new SandboxControlError(404, 'No such seller or SKU');
        item.violations = (
          req.body as { violations: Array<Omit<SandboxViolation, 'complianceState'> & Partial<SandboxViolation>> }
        ).violations.map((v): SandboxViolation => ({
          complianceType: v.complianceType,
          reasonCode: v.reasonCode,
          message: v.message,
          complianceState: v.complianceState ?? 'OUT_OF_COMPLIANCE',
        }));
        return { sku, listingId: item.listingId, violations: item.violations };
      },
    );
  });
}
