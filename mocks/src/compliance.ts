import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type ComplianceIssue = components['schemas']['ComplianceIssue'];
type ComplianceCounts = components['schemas']['ComplianceCounts'];
type RestrictedWords = components['schemas']['RestrictedWords'];

const { amazonTarget, walmartPaused, ebayInError } = channelFixtures;
const FOUND_AT = '2026-11-28T09:00:00.000Z';
const defaults = ['best seller', 'free shipping', 'guaranteed', 'cure', 'FDA approved', 'replica'];

const issue = (
  n: number,
  channel: { id: string; kind: ComplianceIssue['channelKind']; displayName: string },
  sku: string,
  title: string,
  fields: Pick<ComplianceIssue, 'code' | 'severity' | 'field' | 'message' | 'fix'>,
): ComplianceIssue => ({
  listingId: `c0c0${String(n).padStart(4, '0')}-0000-4000-8000-000000000001`,
  productId: `c0c1${String(n).padStart(4, '0')}-0000-4000-8000-000000000001`,
  channelId: channel.id,
  channelKind: channel.kind,
  channelName: channel.displayName,
  sku,
  title,
  foundAt: FOUND_AT,
  ...fields,
});

const lampTitle =
  'Oak Table Lamp with Linen Shade, Warm White LED Bulb Included, Dimmable, for Bedroom, Living Room and Office Desk';

/** The issues of a seller with Amazon, Walmart and eBay: each kind the checks find, errors and warnings. */
export const complianceIssueFixtures: ComplianceIssue[] = [
  issue(1, ebayInError, 'LAMP-OAK', lampTitle, {
    code: 'title_too_long',
    severity: 'error',
    field: 'title',
    message: 'The title has 112 characters; eBay allows 80.',
    fix: 'Shorten the title by 32 characters.',
  }),
  issue(2, ebayInError, 'LAMP-OAK', lampTitle, {
    code: 'eu_safety_data_missing',
    severity: 'warning',
    field: 'safety',
    message:
      'eBay asks for the manufacturer and an EU responsible person (EU product safety rules) when you sell to the EU or Northern Ireland.',
    fix: "Add the manufacturer and an EU responsible person with name and address in eBay's product safety details, if you sell to the EU.",
  }),
  issue(3, walmartPaused, 'MUG-BLUE-12', 'Blue Stoneware Mug, 12 oz', {
    code: 'gtin_invalid',
    severity: 'error',
    field: 'gtin',
    message:
      'The barcode 036000291453 is not a valid UPC, EAN or GTIN: its last digit (the check digit) does not match the others.',
    fix: 'Copy the barcode again from the product or its packaging.',
  }),
  issue(4, walmartPaused, 'MUG-BLUE-12', 'Blue Stoneware Mug, 12 oz', {
    code: 'price_above_other_channel',
    severity: 'warning',
    field: 'price',
    message:
      "The Walmart price 14.99 is above Cooper Home (Amazon US)'s 12.49; Walmart may unpublish items priced higher than elsewhere.",
    fix: 'Lower the Walmart price to 12.49 or less, or raise the other price.',
  }),
  issue(5, amazonTarget, 'VASE-TALL', 'Tall Glass Vase - Best Seller!', {
    code: 'restricted_word',
    severity: 'error',
    field: 'title',
    message: 'The title uses a word on your restricted list: "best seller". Amazon may remove the listing.',
    fix: 'Remove "best seller" from the title.',
  }),
  issue(6, amazonTarget, 'VASE-TALL', 'Tall Glass Vase - Best Seller!', {
    code: 'listing_suppressed',
    severity: 'error',
    field: 'status',
    message: 'Amazon stopped showing this listing: Missing main image (ISSUE 18027)',
    fix: 'Fix what Amazon names, then save the listing again.',
  }),
];

/** What the marketplaces report by themselves, and prices outside the bounds of the rule that matches them. */
export const marketplaceAndPriceIssueFixtures: ComplianceIssue[] = [
  issue(7, amazonTarget, 'VASE-TALL', 'Tall Glass Vase', {
    code: 'marketplace_issue',
    severity: 'error',
    field: 'status',
    message:
      "Amazon suppressed this listing: We believe the main image has text, logo, graphic, or watermark that is not permitted for this product type. (18027); 'color' is recommended for this product type. (90220)",
    fix: 'Fix what Amazon names; this clears once Amazon no longer reports it.',
  }),
  issue(8, ebayInError, 'LAMP-OAK', 'Oak Table Lamp', {
    code: 'marketplace_issue',
    severity: 'warning',
    field: 'status',
    message: 'eBay reports: Add Colour. (ASPECTS_ADOPTION MISSING_RECOMMENDED_ASPECTS)',
    fix: 'Fix what eBay names; this clears once eBay no longer reports it.',
  }),
  issue(9, walmartPaused, 'MUG-BLUE-12', 'Blue Stoneware Mug, 12 oz', {
    code: 'price_below_floor',
    severity: 'error',
    field: 'price',
    message: 'Walmart holds the price 9.99, below its floor 11.50 in the pricing rule "Mugs: margin 20 %".',
    fix: 'Run the pricing rule "Mugs: margin 20 %" to send Walmart a price within its bounds, or change the rule.',
  }),
  issue(10, walmartPaused, 'MUG-RED-12', 'Red Stoneware Mug, 12 oz', {
    code: 'price_floor_unknown',
    severity: 'warning',
    field: 'price',
    message:
      'The pricing rule "Mugs: margin 20 %" keeps a minimum margin over cost, but this product has no cost: its price on Walmart has no margin floor.',
    fix: "Add the product's cost, so the minimum margin can hold.",
  }),
];

function countsOf(issues: ComplianceIssue[]): ComplianceCounts {
  const channels = new Map<string, ComplianceCounts['byChannel'][number]>();
  const codes = new Map<string, number>();
  for (const i of issues) {
    const c = channels.get(i.channelId) ?? {
      channelId: i.channelId,
      channelKind: i.channelKind,
      channelName: i.channelName,
      errors: 0,
      warnings: 0,
    };
    if (i.severity === 'error') c.errors += 1;
    else c.warnings += 1;
    channels.set(i.channelId, c);
    codes.set(i.code, (codes.get(i.code) ?? 0) + 1);
  }
  return {
    bySeverity: [
      { severity: 'error', count: issues.filter((i) => i.severity === 'error').length },
      { severity: 'warning', count: issues.filter((i) => i.severity === 'warning').length },
    ],
    byChannel: [...channels.values()],
    byCode: [...codes].map(([code, count]) => ({ code: code as ComplianceIssue['code'], count })),
  };
}

/** The issues endpoint over a fixed set: filters and paging as the server applies them. */
const issuesFrom = (issues: ComplianceIssue[]) =>
  http.get('/api/compliance/issues', ({ request, response }) => {
    const url = new URL(request.url);
    const severity = url.searchParams.get('severity');
    const channelId = url.searchParams.get('channelId');
    const code = url.searchParams.get('code');
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 50);
    const matching = issues.filter(
      (i) =>
        (!severity || i.severity === severity) &&
        (!channelId || i.channelId === channelId) &&
        (!code || i.code === code),
    );
    return response(200).json({
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
      page,
      pageSize,
      counts: countsOf(issues),
    });
  });

let savedWords: string[] | null = null;
/** Each story starts from the default list. */
export const resetComplianceMocks = () => {
  savedWords = null;
};
const wordsAnswer = (): RestrictedWords => ({
  words: savedWords ?? defaults,
  isDefault: savedWords === null,
  defaults,
});
const wordHandlers = [
  http.get('/api/compliance/restricted-words', ({ response }) => response(200).json(wordsAnswer())),
  http.put('/api/compliance/restricted-words', async ({ request, response }) => {
    const body = await request.json();
    savedWords =
      body.text === null
        ? null
        : body.text
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line !== '');
    return response(200).json(wordsAnswer());
  }),
];
const recheck = (issues: ComplianceIssue[]) =>
  http.post('/api/compliance/recheck', ({ response }) =>
    response(200).json({ checkedProducts: 120, counts: countsOf(issues) }),
  );

export const complianceHandlers = {
  withIssues: [issuesFrom(complianceIssueFixtures), recheck(complianceIssueFixtures), ...wordHandlers],
  marketplaceAndPrices: [
    issuesFrom(marketplaceAndPriceIssueFixtures),
    recheck(marketplaceAndPriceIssueFixtures),
    ...wordHandlers,
  ],
  none: [issuesFrom([]), recheck([]), ...wordHandlers],
  loading: [
    http.get('/api/compliance/issues', async ({ response }) => {
      await delay('infinite');
      return response(200).json({ items: [], total: 0, page: 1, pageSize: 50, counts: countsOf([]) });
    }),
    ...wordHandlers,
  ],
  failsToLoad: [
    http.get('/api/compliance/issues', ({ response }) =>
      response(503).json({ message: 'The service is briefly unavailable. Try again.' }),
    ),
    ...wordHandlers,
  ],
} satisfies Record<string, HttpHandler[]>;
