import type { SalesReport } from '../../api';
import { csvText } from './analyticsTexts';

export type ProfitFigures = SalesReport['profit']['totals'];

/** What the profit footnotes say, once each. */
export const profitNotes = {
  formula:
    'Profit is revenue − product cost − marketplace fees − ad spend − refunds, for the orders placed in this range.',
  estimate:
    'Estimate: where a marketplace reports no fees for an order (Shopify orders paid through another gateway than Shopify Payments; orders whose fees the marketplace has not posted a week on), they come from your fee table (a percent of the order plus a fixed amount).',
  adSpend:
    'Ad spend is what your ad accounts report spent on the days of this range: on the channel the ads run through, and on each SKU advertised.',
  noCost: 'Some products have no cost yet: their units count at no cost, so profit shows higher than it is.',
  feesPending: 'Some orders’ fees are not read from the marketplace yet: they count at no fees for now.',
} as const;

/** The profit tables as CSV files named for the range. */
export function profitCsv(report: SalesReport, table: 'channels' | 'skus'): { name: string; text: string } {
  const money = (what: string) => `${what}_${report.currency}`;
  const figures = [
    'units',
    money('revenue'),
    money('cost'),
    money('fees'),
    money('refunds'),
    money('ad_spend'),
    money('profit'),
    'fees_estimated',
  ];
  const values = (f: ProfitFigures) => [
    f.units,
    f.revenue,
    f.cost,
    f.fees,
    f.refunds,
    f.adSpend,
    f.profit,
    f.estimated ? 'yes' : 'no',
  ];
  if (table === 'channels')
    return {
      name: `profit-by-channel-${report.from}-to-${report.to}.csv`,
      text: csvText(
        ['channel', 'marketplace', ...figures],
        report.profit.byChannel.map((c) => [c.displayName, c.kind, ...values(c)]),
      ),
    };
  return {
    name: `profit-by-sku-${report.from}-to-${report.to}.csv`,
    text: csvText(
      ['sku', 'title', ...figures],
      report.profit.bySku.map((s) => [s.sku, s.title, ...values(s)]),
    ),
  };
}
