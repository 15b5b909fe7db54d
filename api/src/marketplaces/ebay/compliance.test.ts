import { describe, expect, test } from 'vitest';
import { OfficialContract, readOfficial } from '../../../test/support/marketplace-contract.ts';
import { issuesOfViolationPage, type ComplianceViolationPage } from './compliance.ts';

// eBay's listing violations (sell_compliance_v1_oas3.json): a getListingViolations page, checked against
// the definition, read as the engine's issues per SKU.

const definition = readOfficial('ebay/sell_compliance_v1_oas3.json') as any;
// The definition names its answer's type 'application/json;charset=UTF-8'; the checker reads 'application/json'.
const answer = definition.paths['/listing_violation'].get.responses['200'].content;
answer['application/json'] = answer['application/json;charset=UTF-8'];
const contract = new OfficialContract('sell_compliance_v1', definition);

const page: ComplianceViolationPage = {
  href: 'https://api.ebay.com/sell/compliance/v1/listing_violation?compliance_type=ASPECTS_ADOPTION&offset=0&limit=200',
  offset: 0,
  limit: 200,
  total: 3,
  listingViolations: [
    {
      complianceType: 'ASPECTS_ADOPTION',
      listingId: '110551234567',
      sku: 'MUG-RED',
      violations: [
        {
          reasonCode: 'MISSING_OR_INVALID_REQUIRED_ASPECTS',
          message: 'Brand is required for this category.',
          complianceState: 'OUT_OF_COMPLIANCE',
        },
        { reasonCode: 'MISSING_RECOMMENDED_ASPECTS', message: ' Add Colour. ', complianceState: 'AT_RISK' },
      ],
    },
    // A listing made outside the Inventory API has no SKU: not one of ours.
    { complianceType: 'ASPECTS_ADOPTION', listingId: '110551234568', violations: [{ reasonCode: 'X', message: 'y' }] },
  ],
};

describe("eBay's listing violations", () => {
  test('the page follows the Compliance API definition', () => {
    expect(contract.check({ method: 'GET', path: '/listing_violation', status: 200, responseBody: page })).toEqual([]);
    const wrong = { ...page, total: 'three' };
    expect(contract.check({ method: 'GET', path: '/listing_violation', status: 200, responseBody: wrong })).not.toEqual(
      [],
    );
  });

  test('each SKU with its violations: out of compliance an error, at risk a warning, none suppressing', () => {
    expect(issuesOfViolationPage(page)).toEqual([
      {
        sku: 'MUG-RED',
        issues: [
          {
            code: 'ASPECTS_ADOPTION MISSING_OR_INVALID_REQUIRED_ASPECTS',
            message: 'Brand is required for this category.',
            severity: 'error',
            suppressing: false,
          },
          {
            code: 'ASPECTS_ADOPTION MISSING_RECOMMENDED_ASPECTS',
            message: 'Add Colour.',
            severity: 'warning',
            suppressing: false,
          },
        ],
      },
    ]);
    expect(issuesOfViolationPage({})).toEqual([]);
  });
});
