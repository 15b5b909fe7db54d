/**
 * eBay's Compliance API (sell_compliance_v1_oas3.json): getListingViolations, one compliance type a call
 * (the call requires one while listing_id is not supported), grouped by listing and paged. What it reports
 * becomes the engine's MarketplaceIssue per SKU: OUT_OF_COMPLIANCE an error, AT_RISK a warning.
 */
import type { MarketplaceIssue } from '../types.ts';
import type { EbayClient } from './ebay-client.ts';
import { EBAY_POLICY_MARKETPLACE } from './ebay-listings.ts';

/** ComplianceTypeEnum: every type eBay reports listing violations of. */
export const EBAY_COMPLIANCE_TYPES = [
  'ASPECTS_ADOPTION',
  'HTTPS',
  'OUTSIDE_EBAY_BUYING_AND_SELLING',
  'PRODUCT_ADOPTION',
  'PRODUCT_ADOPTION_CONFORMANCE',
  'RETURNS_POLICY',
] as const;

/** The most violations a page holds (the `limit` maximum). */
const PAGE_LIMIT = 200;

/** PagedComplianceViolationCollection, as far as it is read. */
export interface ComplianceViolationPage {
  href?: string;
  offset?: number;
  limit?: number;
  total?: number;
  next?: string;
  listingViolations?: Array<{
    complianceType?: string;
    listingId?: string;
    sku?: string;
    violations?: Array<{ reasonCode?: string; message?: string; complianceState?: string }>;
  }>;
}

/** A page's violations by SKU (a listing without a SKU is not one of the hub's: passed over). Pure. */
export function issuesOfViolationPage(
  page: ComplianceViolationPage,
): Array<{ sku: string; issues: MarketplaceIssue[] }> {
  return (page.listingViolations ?? []).flatMap((listing) =>
    listing.sku
      ? [
          {
            sku: listing.sku,
            issues: (listing.violations ?? []).map((v) => ({
              code: [listing.complianceType, v.reasonCode].filter(Boolean).join(' '),
              message: v.message?.trim() || `eBay reports a ${listing.complianceType ?? 'listing'} violation`,
              severity: v.complianceState === 'AT_RISK' ? ('warning' as const) : ('error' as const),
              // eBay's listing violations block or end listings only after notice: none suppresses by itself.
              suppressing: false,
            })),
          },
        ]
      : [],
  );
}

/** Every violation eBay reports on the seller's listings, of every compliance type, by SKU. */
export async function ebayListingViolations(
  client: EbayClient,
  signal?: AbortSignal,
): Promise<Array<{ sku: string; issues: MarketplaceIssue[] }>> {
  const found: Array<{ sku: string; issues: MarketplaceIssue[] }> = [];
  for (const type of EBAY_COMPLIANCE_TYPES) {
    let url: string | undefined =
      `${client.endpoints.compliance}/listing_violation?compliance_type=${type}&limit=${PAGE_LIMIT}`;
    while (url) {
      const answer = await client.request<ComplianceViolationPage | ''>('inventory', {
        method: 'GET',
        url,
        headers: { 'x-ebay-c-marketplace-id': EBAY_POLICY_MARKETPLACE },
        ...(signal ? { signal } : {}),
      });
      // 204 (no violation of this type) has no body.
      const page: ComplianceViolationPage = answer.status === 204 || !answer.body ? {} : answer.body;
      found.push(...issuesOfViolationPage(page));
      url = page.next && (page.listingViolations?.length ?? 0) > 0 ? page.next : undefined;
    }
  }
  return found;
}
