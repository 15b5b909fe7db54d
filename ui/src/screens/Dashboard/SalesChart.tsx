import { marketplaceNames } from '../../shared/channels/channelTexts';
import type { ChannelSales } from '../../api';
import { formatMoney } from './dashboardTexts';
import * as styles from './Dashboard.css';

const ROW = 36;
const LABEL = 150;
const WIDTH = 640;
const VALUE = 110;

/** What a channel's bar measures: its revenue in the main currency, or its units when no currency is known. */
export function barValue(sales: ChannelSales, currency: string | null): number {
  if (!currency) return sales.last30Days.units;
  return Number(sales.last30Days.revenue.find((r) => r.currency === currency)?.amount ?? 0);
}

/**
 * The last 30 days by channel as horizontal bars, drawn with the theme's colours. Decorative for
 * assistive technology: the table beside it holds the same figures.
 */
export function SalesChart({ channels, currency }: { channels: ChannelSales[]; currency: string | null }) {
  const values = channels.map((c) => barValue(c, currency));
  const max = Math.max(1, ...values);
  const barSpace = WIDTH - LABEL - VALUE;
  return (
    <svg
      className={styles.chart}
      viewBox={`0 0 ${WIDTH} ${ROW * channels.length}`}
      aria-hidden="true"
      focusable="false"
    >
      {channels.map((c, i) => {
        const y = i * ROW;
        const width = Math.round((values[i]! / max) * barSpace);
        return (
          <g key={c.channelId}>
            <text x={0} y={y + ROW / 2 + 4} className={styles.chartLabel}>
              {marketplaceNames[c.channelKind]}
            </text>
            <rect x={LABEL} y={y + 8} width={barSpace} height={ROW - 16} rx={4} className={styles.chartTrack} />
            <rect
              x={LABEL}
              y={y + 8}
              width={width}
              height={ROW - 16}
              rx={4}
              className={styles.chartBar}
              data-value={values[i]}
            />
            <text x={LABEL + barSpace + 8} y={y + ROW / 2 + 4} className={styles.chartValue}>
              {currency ? formatMoney({ amount: String(values[i]), currency }) : `${values[i]} units`}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
