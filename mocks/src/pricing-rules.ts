import { delay, type HttpHandler } from 'msw';
import type { components } from '@contract';
import { channelFixtures } from './channels';
import { http } from './http';

type PricingRule = components['schemas']['PricingRule'];
type PricingDryRun = components['schemas']['PricingDryRun'];
type PricingRuleRun = components['schemas']['PricingRuleRun'];

export const PRICING_RULE_ID = '9a1e0000-0000-4000-8000-000000000001';
export const PRICING_RUN_ID = '9a1e0000-0000-4000-8000-0000000000f1';
const amazon = channelFixtures.amazonTarget;
const walmart = channelFixtures.walmartPaused;

/** A rule on Amazon and Walmart: the main price plus 10 %, ending in .99, never below 9.99. */
export const pricingRuleFixture: PricingRule = {
  id: PRICING_RULE_ID,
  name: 'Marketplaces +10 %',
  priority: 10,
  enabled: false,
  channelIds: [amazon.id, walmart.id],
  scope: { kind: 'all' },
  action: { basis: 'main_price', change: 'percent', value: '10' },
  rounding: 'ends_99',
  minPrice: '9.99',
  minMarginPercent: null,
  maxPrice: null,
  startsAt: null,
  endsAt: null,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
};

export const pricingDryRunFixture: PricingDryRun = {
  items: [
    {
      sku: 'MUG-BLUE-350',
      channelId: amazon.id,
      channelKind: 'amazon',
      channelName: amazon.displayName,
      before: '12.00',
      after: '12.99',
      margin: '5.04',
      marginPercent: '86.9',
      boundedBy: null,
    },
    {
      sku: 'MUG-BLUE-350',
      channelId: walmart.id,
      channelKind: 'walmart',
      channelName: walmart.displayName,
      before: '12.00',
      after: '12.99',
      margin: null,
      marginPercent: null,
      boundedBy: null,
    },
    {
      sku: 'COASTER-CORK',
      channelId: amazon.id,
      channelKind: 'amazon',
      channelName: amazon.displayName,
      before: '4.50',
      after: '9.99',
      margin: null,
      marginPercent: null,
      boundedBy: 'floor_price',
    },
  ],
  total: 3,
  considered: 8,
  bigMoves: 1,
  needsConfirmation: true,
  notices: [],
};

const runOf = (change: Partial<PricingRuleRun> = {}): PricingRuleRun => ({
  runId: PRICING_RUN_ID,
  ruleId: PRICING_RULE_ID,
  ruleName: pricingRuleFixture.name,
  prices: 3,
  createdAt: '2026-11-28T10:00:00.000Z',
  undoneAt: null,
  pushes: { total: 3, confirmed: 0, failed: 0, open: 3 },
  ...change,
});

export const RUN_NEEDS_CONFIRMATION =
  'This run would change 3 prices, 1 of them by more than 20 %. Check the dry run, then confirm to run it.';
export const CSV_OF_DRY_RUN =
  'sku,channel,marketplace,old_price,new_price,margin,margin_percent,held_by\r\nMUG-BLUE-350,Cooper Home (Amazon US),amazon,12.00,12.99,5.04,86.9,\r\n';

/** The requests the handlers answered, for a story to check what was sent. */
export const pricingRequests: { csv: number; runs: Array<{ confirmed: boolean }>; saved: unknown[] } = {
  csv: 0,
  runs: [],
  saved: [],
};
export function resetPricingMocks(): void {
  pricingRequests.csv = 0;
  pricingRequests.runs = [];
  pricingRequests.saved = [];
}

/** Rules kept for one scenario: a story that saves, runs or undoes sees the result. */
function rulesFlow(initial: PricingRule[], options: { confirmFirst?: boolean } = {}): HttpHandler[] {
  let rules = [...initial];
  return [
    http.get('/api/pricing-rules', ({ response }) => response(200).json({ items: rules })),
    http.post('/api/pricing-rules', async ({ request, response }) => {
      const body = await request.json();
      pricingRequests.saved.push(body);
      if (body.minPrice !== null && body.maxPrice !== null && Number(body.minPrice) > Number(body.maxPrice))
        return response(400).json({ message: 'The minimum price is above the maximum price.' });
      const rule: PricingRule = {
        ...body,
        id: `9a1e0000-0000-4000-8000-00000000010${rules.length}`,
        createdAt: '2026-11-28T11:00:00.000Z',
        updatedAt: '2026-11-28T11:00:00.000Z',
      };
      rules = [...rules, rule];
      return response(201).json(rule);
    }),
    http.put('/api/pricing-rules/{ruleId}', async ({ params, request, response }) => {
      const found = rules.find((r) => r.id === params.ruleId);
      if (!found) return response(404).json({ message: 'No such pricing rule.' });
      const rule = { ...found, ...(await request.json()) };
      rules = rules.map((r) => (r.id === rule.id ? rule : r));
      return response(200).json(rule);
    }),
    http.delete('/api/pricing-rules/{ruleId}', ({ params, response }) => {
      rules = rules.filter((r) => r.id !== params.ruleId);
      return response(204).empty();
    }),
    http.post('/api/pricing-rules/dry-run', async ({ query, response }) => {
      if (query.get('format') === 'csv') {
        pricingRequests.csv += 1;
        return response(200).text(CSV_OF_DRY_RUN);
      }
      return response(200).json(pricingDryRunFixture);
    }),
    http.post('/api/pricing-rules/{ruleId}/run', async ({ params, request, response }) => {
      const confirmed = (await request.json())?.confirmed === true;
      pricingRequests.runs.push({ confirmed });
      if (options.confirmFirst && !confirmed)
        return response(409).json({ message: RUN_NEEDS_CONFIRMATION, prices: 3, bigMoves: 1 });
      rules = rules.map((r) => (r.id === params.ruleId ? { ...r, enabled: true } : r));
      return response(201).json(runOf());
    }),
    http.get('/api/pricing-rule-runs/{runId}', ({ response }) => response(200).json(runOf())),
    http.post('/api/pricing-rule-runs/{runId}/undo', ({ params, response }) => {
      rules = rules.map((r) => ({ ...r, enabled: false }));
      return response(200).json({
        runId: params.runId,
        restored: 2,
        skipped: [{ sku: 'COASTER-CORK', channelId: amazon.id, now: '5.25' }],
      });
    }),
  ];
}

export type PricingScenario = 'withRule' | 'none' | 'confirmFirst' | 'loading' | 'failing';

export const pricingHandlers: Record<PricingScenario, HttpHandler[]> = {
  get withRule() {
    return rulesFlow([pricingRuleFixture]);
  },
  get none() {
    return rulesFlow([]);
  },
  get confirmFirst() {
    return rulesFlow([pricingRuleFixture], { confirmFirst: true });
  },
  loading: [http.get('/api/pricing-rules', async () => delay('infinite'))],
  failing: [
    http.get('/api/pricing-rules', ({ response }) =>
      response(403).json({ message: 'You do not have access to this account.' }),
    ),
  ],
};
