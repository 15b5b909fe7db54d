import { marketplaceNames } from '../../shared/channels/channelTexts';
import type { ChannelSales } from '../../api';
import { formatMoney } from './dashboardTexts';
import * as styles from './Dashboard.css';

/** What a channel's bar measures: its revenue in the main currency, or its units when no currency is known. */
export function barValue(sales: ChannelSales, currency: string | null): number {
  if (!currency) return sales.last30Days.units;
  return Number(sales.last30Days.revenue.find((r) => r.currency === currency)?.amount ?? 0);
}

/**
 * The last 30 days by channel as horizontal bars, drawn with the theme's colours. Built of boxes, not
 * a scaled drawing, so its words keep the page's size on a phone (each channel's name and value then
 * sit above its bar). Decorative for assistive technology: the table beside it holds the same figures.
 */
export function SalesChart({ channels, currency }: { channels: ChannelSales[]; currency: string | null }) {
  const values = channels.map((c) => barValue(c, currency));
  const max = Math.max(1, ...values);
  return (
    <div className={styles.chart} aria-hidden="true" data-testid="sales-chart">
      {channels.map((c, i) => (
        <div key={c.channelId} className={styles.chartRow}>
          <span className={styles.chartLabel}>{marketplaceNames[c.channelKind]}</span>
          <span className={styles.chartTrack}>
            <span
              className={styles.chartBar}
              style={{ width: `${Math.round((values[i]! / max) * 1000) / 10}%` }}
              data-value={values[i]}
            />
          </span>
          <span className={styles.chartValue}>
            {currency ? formatMoney({ amount: String(values[i]), currency }) : `${values[i]} units`}
          </span>
        </div>
      ))}
    </div>
  );
}
