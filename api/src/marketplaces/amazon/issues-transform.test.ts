import { describe, expect, test } from 'vitest';
import { readOfficial } from '../../../test/support/marketplace-contract.ts';
import { marketplaceIssuesOf } from './transform.ts';
import type { ListingsIssue } from './types.ts';
import { EVENTBRIDGE_API_KEY_HEADER, parseEventBridgeDelivery } from './webhooks.ts';

// Amazon's listing issues on the official payloads: the listing item's `issues` (listingsItems_2021-08-01's
// own example) and LISTINGS_ITEM_ISSUES_CHANGE (ListingsItemIssuesChangeNotification.json's example).

const listingsItems = readOfficial('amazon/listingsItems_2021-08-01.json');
/** The first example `issues` list in the Listings Items definition. */
function exampleIssues(): ListingsIssue[] {
  let found: ListingsIssue[] | undefined;
  JSON.stringify(listingsItems, (key, value: unknown) => {
    if (!found && key === 'issues' && Array.isArray(value) && value.length > 1) found = value as ListingsIssue[];
    return value;
  });
  return found!;
}
const US = 'ATVPDKIKX0DER';

describe("a listing's issues", () => {
  test('errors and warnings for the marketplace, suppressing only where Amazon does not exempt it', () => {
    const issues = exampleIssues();
    const found = marketplaceIssuesOf(issues, US);
    expect(found[0]).toEqual({
      code: '90220',
      message: "'size' is required but not supplied.",
      severity: 'error',
      suppressing: false,
    });
    // 18027 is search-suppressed, but exempt until a date: not suppressing yet.
    expect(found.find((i) => i.code === '18027')).toMatchObject({ severity: 'error', suppressing: false });
    const notExempt = issues.map((i) =>
      i.enforcements ? { ...i, enforcements: { ...i.enforcements, exemption: { status: 'NOT_EXEMPT' } } } : i,
    );
    expect(marketplaceIssuesOf(notExempt, US).find((i) => i.code === '18027')?.suppressing).toBe(true);
    expect(marketplaceIssuesOf(issues, 'A1PA6795UKMFR9').map((i) => i.code)).not.toContain('90220');
    expect(marketplaceIssuesOf([{ ...issues[0]!, severity: 'INFO' }], US)).toEqual([]);
  });
});

describe('LISTINGS_ITEM_ISSUES_CHANGE', () => {
  const example = (readOfficial('amazon/ListingsItemIssuesChangeNotification.json') as any).examples[0];
  const event = (detail: unknown) => ({
    version: '0',
    id: 'event-1',
    'detail-type': 'LISTINGS_ITEM_ISSUES_CHANGE',
    source: 'aws.partner/sellingpartnerapi.amazon.com/000000000000/amzn1.sp.solution.x',
    account: '000000000000',
    time: '2021-02-05T18:59:48Z',
    region: 'us-east-1',
    resources: [],
    detail,
  });
  const headers = { [EVENTBRIDGE_API_KEY_HEADER]: 'key' };

  test('names the seller and the SKU whose issues to read again', () => {
    expect(parseEventBridgeDelivery(headers, event(example), 'key').notification).toEqual({
      kind: 'issues_changed',
      sellerId: 'AXXXXXXXXXXXXX',
      sku: 'NLS-SHOES-03',
      notificationId: '8e009934-da2c-4f9c-9bc7-93f23b7e1f60',
    });
  });

  test('refuses one without its SKU', () => {
    const { Sku: _sku, ...payload } = example.Payload;
    expect(() => parseEventBridgeDelivery(headers, event({ ...example, Payload: payload }), 'key')).toThrow(
      'LISTINGS_ITEM_ISSUES_CHANGE without SellerId and Sku',
    );
  });
});
