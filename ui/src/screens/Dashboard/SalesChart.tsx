import { Chart } from '../../index';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import type { ChannelSales } from '../../api';
import { formatMoney } from './dashboardTexts';

/** What a channel's bar measures: its revenue in the main currency, or its units when no currency is known. */
export function barValue(sales: ChannelSales, currency: string | null): number {
  if (!currency) return sales.last30Days.units;
  return Number(sales.last30Days.revenue.find((r) => r.currency === currency)?.amount ?? 0);
}

/**
 * The last 30 days by channel as bars, drawn by the design system's Chart in the theme's colours, with
 * its figures as a table for screen readers and as CSV (the table beside it shows them on screen).
 */
export function SalesChart({ channels, currency }: { channels: ChannelSales[]; currency: string | null }) {
  const name = (c: ChannelSales) => `${marketplaceNames[c.channelKind]} · ${c.displayName}`;
  return (
    <Chart
      kind="bar"
      title={currency ? 'Revenue by channel, last 30 days' : 'Units by channel, last 30 days'}
      categoryLabel="Channel"
      categories={channels.map((c) => ({ key: name(c), label: name(c) }))}
      series={[
        {
          key: 'last30Days',
          label: currency ? 'Revenue, 30 days' : 'Units, 30 days',
          csvHeader: currency ? `revenue_${currency}` : 'units',
          tone: 'primary',
          values: channels.map((c) => barValue(c, currency)),
        },
      ]}
      formatValue={(value) =>
        currency ? formatMoney({ amount: String(value), currency }) : `${value.toLocaleString('en-US')} units`
      }
      formatCsv={(value) => (currency ? value.toFixed(2) : String(value))}
      csv={{ fileName: 'sales-by-channel-last-30-days.csv', label: 'by channel' }}
      data-testid="sales-chart"
    />
  );
}
