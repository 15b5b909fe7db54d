/**
 * Problems Amazon raises on a listing by itself (a missing attribute it now asks for, a policy it finds
 * broken, a suppression): the control API sets them on a SKU, the Listings Items API shows them in the
 * item's `issues` (listingsItems_2021-08-01.json Issue, with its enforcements), and
 * LISTINGS_ITEM_ISSUES_CHANGE (ListingsItemIssuesChangeNotification.json, payload 1.0) tells the seller's
 * subscription that they changed. Setting none clears them, with the notification sent again.
 */
import type { Router } from 'express';
import { answerControl } from '../shared/control-answer.ts';
import { SandboxControlError } from '../shared/sandbox-kit.ts';
import { notify } from './notifications.ts';
import {
  AMAZON_SANDBOX_MARKETPLACE_ID,
  isObject,
  type AmazonContext,
  type AmazonSandboxState,
  type Issue,
} from './state.ts';

/** Enforcement actions Amazon names (IssueEnforcementAction.action). */
const ENFORCEMENT_ACTIONS = ['LISTING_SUPPRESSED', 'ATTRIBUTE_SUPPRESSED', 'CATALOG_ITEM_REMOVED', 'SEARCH_SUPPRESSED'];

interface IssueInput {
  code: string;
  message: string;
  severity: 'ERROR' | 'WARNING' | 'INFO';
  enforcementActions?: string[];
}

/** The control API's issues of one SKU: `{ issues: [{ code, message, severity, enforcementActions? }] }`, 0 to 20. */
function issuesProblem(body: unknown): string | undefined {
  const issues = isObject(body) ? body.issues : undefined;
  if (!Array.isArray(issues) || issues.length > 20)
    return 'issues must be a list of 0 to 20 { code, message, severity, enforcementActions? }';
  for (const issue of issues) {
    if (!isObject(issue)) return 'each issue must be an object';
    if (typeof issue.code !== 'string' || !/^[A-Za-z0-9_]{1,40}$/.test(issue.code))
      return 'code must be 1 to 40 letters, digits or _';
    if (typeof issue.message !== 'string' || !issue.message.trim() || issue.message.length > 1000)
      return 'message must be a text of 1 to 1000 characters';
    if (!['ERROR', 'WARNING', 'INFO'].includes(issue.severity as string))
      return 'severity must be ERROR, WARNING or INFO';
    const actions = issue.enforcementActions;
    if (
      actions !== undefined &&
      (!Array.isArray(actions) || actions.some((a) => !ENFORCEMENT_ACTIONS.includes(a as string)))
    )
      return `enforcementActions must be a list of ${ENFORCEMENT_ACTIONS.join(', ')}`;
  }
  return undefined;
}

/** The SKU's issues become these (replacing the ones before), with LISTINGS_ITEM_ISSUES_CHANGE sent. */
export function setListingIssues(
  state: AmazonSandboxState,
  context: AmazonContext,
  sellerId: string,
  sku: string,
  issues: IssueInput[],
) {
  const seller = state.sellers[sellerId];
  const item = seller?.items[sku];
  if (!seller || !item) throw new SandboxControlError(404, 'No such seller or SKU');
  item.issues = issues.map((i): Issue => ({
    code: i.code,
    message: i.message,
    severity: i.severity,
    categories: [],
    ...(i.enforcementActions?.length
      ? {
          enforcements: {
            actions: i.enforcementActions.map((action) => ({ action })),
            exemption: { status: 'NOT_EXEMPT' },
          },
        }
      : {}),
  }));
  item.lastUpdatedDate = new Date().toISOString();
  notify(state, context, seller, 'LISTINGS_ITEM_ISSUES_CHANGE', {
    SellerId: seller.sellerId,
    MarketplaceId: AMAZON_SANDBOX_MARKETPLACE_ID,
    Asin: item.asin,
    Sku: item.sku,
    Severities: [...new Set(issues.map((i) => i.severity))],
    EnforcementActions: [...new Set(issues.flatMap((i) => i.enforcementActions ?? []))],
  });
  return { sku: item.sku, issues: item.issues };
}

export function listingIssueControlRoutes(router: Router, context: AmazonContext) {
  router.put('/sellers/:sellerId/items/:sku/issues', (req, res) => {
    const problem = issuesProblem(req.body);
    if (problem) return void res.status(400).json({ message: problem });
    const { sellerId, sku } = req.params as { sellerId: string; sku: string };
    answerControl(
      res,
      200,
      () => context.changed(sellerId),
      () => setListingIssues(context.state(), context, sellerId, sku, (req.body as { issues: IssueInput[] }).issues),
    );
  });
}
