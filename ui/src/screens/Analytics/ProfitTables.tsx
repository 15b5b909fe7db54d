import { Badge } from '../../index';
import type { SalesReport } from '../../api';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { formatAmount, formatCount } from './analyticsTexts';
import { profitCsv, profitNotes, type ProfitFigures } from './profitTexts';
import { ReportTable, type ReportColumn } from './ReportTable';
import { FeeTableButton } from './FeeTable/FeeTableDialog';
import * as styles from './AnalyticsPage.css';

/** The figures' columns, the same in both tables; an estimated fee carries its mark. */
function profitColumns<Row extends ProfitFigures>(currency: string): ReportColumn<Row>[] {
  const money = (amount: string) => formatAmount(amount, currency);
  return [
    { header: 'Units', numeric: true, cell: (row) => formatCount(row.units) },
    { header: 'Revenue', numeric: true, cell: (row) => money(row.revenue) },
    { header: 'Cost', numeric: true, cell: (row) => money(row.cost) },
    {
      header: 'Fees',
      numeric: true,
      cell: (row) => (
        <>
          {money(row.fees)}
          {row.estimated ? (
            <>
              {' '}
              <Badge tone="caution">Estimate</Badge>
            </>
          ) : null}
        </>
      ),
    },
    { header: 'Refunds', numeric: true, cell: (row) => money(row.refunds) },
    { header: 'Ad spend', numeric: true, cell: (row) => money(row.adSpend) },
    { header: 'Profit', numeric: true, cell: (row) => money(row.profit) },
  ];
}

/** Profit by channel and by SKU, with what it counts and what it cannot know yet said below. */
export function ProfitTables({ report }: { report: SalesReport }) {
  const { profit, currency } = report;
  // Shorter than the other tables' "Download … (CSV)": beside the card's title they must fit a 390 px screen.
  const csv = (table: 'channels' | 'skus', label: string) => ({
    label: `${label} (CSV)`,
    file: () => profitCsv(report, table),
  });
  return (
    <section aria-labelledby="analytics-profit" className={styles.profit}>
      <h2 id="analytics-profit" className={styles.sectionTitle}>
        {`Profit: ${formatAmount(profit.totals.profit, currency)}`}
      </h2>
      <ReportTable
        title="Profit by channel"
        caption="Profit by channel"
        rows={profit.byChannel}
        rowKey={(channel) => channel.channelId}
        rowHeader={{ header: 'Channel', cell: (c) => `${marketplaceNames[c.kind]} · ${c.displayName}` }}
        columns={profitColumns(currency)}
        csv={csv('channels', 'Profit by channel')}
      />
      <ReportTable
        title="Profit by SKU"
        caption="Profit by SKU"
        description="The 50 SKUs with the most revenue."
        rows={profit.bySku}
        rowKey={(sku) => sku.sku}
        rowHeader={{
          header: 'SKU',
          cell: (sku) => (
            <>
              {sku.sku}
              {sku.title ? <span className={styles.figureChange}>{sku.title}</span> : null}
              {sku.unitsWithoutCost > 0 ? (
                <>
                  {' '}
                  <Badge tone="neutral">No cost</Badge>
                </>
              ) : null}
            </>
          ),
        }}
        columns={profitColumns(currency)}
        emptyText="No SKU sold in this range: no profit to show."
        csv={csv('skus', 'Profit by SKU')}
      />
      <ul className={styles.footnotes} aria-label="About these figures">
        <li>{profitNotes.formula}</li>
        {profit.totals.estimated ? <li>{profitNotes.estimate}</li> : null}
        {profit.totals.unitsWithoutCost > 0 ? <li>{profitNotes.noCost}</li> : null}
        {profit.totals.ordersWithoutFees > 0 ? <li>{profitNotes.feesPending}</li> : null}
        <li>{profitNotes.adSpend}</li>
      </ul>
      <FeeTableButton />
    </section>
  );
}
