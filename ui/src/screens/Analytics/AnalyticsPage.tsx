import { useMemo, useState } from 'react';
import { Card, EmptyState, ErrorState, Field, Input, Select, Spinner } from '../../index';
import { ApiError, errorText, useChannels, useCurrentUser, useSalesReport, type SalesReport } from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import {
  changeText,
  figureLabels,
  figureNumber,
  figureText,
  formatAmount,
  formatCount,
  formatDay,
  formatDaysOut,
  formatSellThrough,
  lastDays,
  rangeLabels,
  rangePresets,
  reportCsv,
  todayIn,
  type FigureName,
  type RangePreset,
} from './analyticsTexts';
import { ReportCharts } from './ReportCharts';
import { ReportTable } from './ReportTable';
import { ProfitTables } from './ProfitTables';
import * as styles from './AnalyticsPage.css';

const TITLE = 'Analytics';
const figureNames: FigureName[] = ['revenue', 'orders', 'units', 'averageOrderValue'];

/** The browser's time zone, when the user chose none in Profile Settings: the days of the report are the seller's own. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `/analytics`: sales for a range of days and channels, against the days before, with every table as CSV. */
export function AnalyticsPage() {
  const browserZone = useMemo(browserTimeZone, []);
  const timeZone = useCurrentUser().data?.timeZone ?? browserZone;
  const today = useMemo(() => todayIn(timeZone), [timeZone]);
  const [preset, setPreset] = useState<RangePreset>('30');
  const [custom, setCustom] = useState(() => lastDays(today, 30));
  const [channelIds, setChannelIds] = useState<string[]>([]);
  const channels = useChannels();
  const range = preset === 'custom' ? custom : lastDays(today, Number(preset));
  const rangeProblem =
    preset === 'custom' && (!custom.from || !custom.to || custom.from > custom.to)
      ? 'Choose a start on or before the end.'
      : undefined;
  const report = useSalesReport({ ...range, timeZone, channelIds });

  if (report.error instanceof ApiError && report.error.status === 403)
    return (
      <NoAccess
        title={TITLE}
        description="This account's figures are not available to you. Platform staff see a seller's analytics by viewing as that seller."
      />
    );
  const connected = channels.data?.items.filter((c) => c.status !== 'disconnected') ?? [];
  const toggleChannel = (id: string, on: boolean) =>
    setChannelIds((ids) => (on ? [...ids, id] : ids.filter((i) => i !== id)));

  return (
    <>
      <PageHeader
        title={TITLE}
        description={`Revenue, orders, units and profit by day, channel and SKU. Days are calendar days in your time zone (${timeZone}).`}
      />
      <div className={styles.controls} role="search" aria-label="Report range">
        <Field label="Range">
          {(control) => (
            <Select
              {...control}
              value={preset}
              onChange={(event) => setPreset(rangePresets.find((p) => p === event.target.value) ?? '30')}
            >
              {rangePresets.map((p) => (
                <option key={p} value={p}>
                  {rangeLabels[p]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        {preset === 'custom' ? (
          <>
            <Field label="From" error={rangeProblem}>
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={custom.from}
                  max={custom.to}
                  onChange={(event) => setCustom((c) => ({ ...c, from: event.target.value }))}
                />
              )}
            </Field>
            <Field label="To">
              {(control) => (
                <Input
                  {...control}
                  type="date"
                  value={custom.to}
                  min={custom.from}
                  max={today}
                  onChange={(event) => setCustom((c) => ({ ...c, to: event.target.value }))}
                />
              )}
            </Field>
          </>
        ) : null}
      </div>
      {connected.length > 1 ? (
        <fieldset className={styles.channelChoices}>
          <legend className={styles.legend}>Channels (none chosen: all)</legend>
          {connected.map((channel) => (
            <label key={channel.id} className={styles.checkLabel}>
              <input
                type="checkbox"
                checked={channelIds.includes(channel.id)}
                onChange={(event) => toggleChannel(channel.id, event.target.checked)}
              />
              {`${marketplaceNames[channel.kind]} · ${channel.displayName}`}
            </label>
          ))}
        </fieldset>
      ) : null}
      {rangeProblem ? null : report.isPending ? (
        <Spinner label="Loading the report..." />
      ) : report.isError ? (
        <ErrorState
          title="The report could not be loaded"
          description={errorText(report.error)}
          onRetry={() => report.refetch()}
        />
      ) : (
        <Report report={report.data} />
      )}
    </>
  );
}

function Report({ report }: { report: SalesReport }) {
  const { currency } = report;
  const money = (amount: string) => formatAmount(amount, currency);
  const nothingSold = report.totals.orders === 0;
  const csv = (table: Parameters<typeof reportCsv>[1], label: string) => ({
    label: `Download ${label} (CSV)`,
    file: () => reportCsv(report, table),
  });
  const skuHeader = {
    header: 'SKU',
    cell: (sku: { sku: string; title: string | null }) => (
      <>
        {sku.sku}
        {sku.title ? <span className={styles.figureChange}>{sku.title}</span> : null}
      </>
    ),
  };
  return (
    <>
      <section aria-labelledby="analytics-totals">
        <h2 id="analytics-totals" className={styles.note}>
          {`${formatDay(report.from)} to ${formatDay(report.to)}, against ${formatDay(report.previous.from)} to ${formatDay(report.previous.to)}`}
        </h2>
        <dl className={styles.figures}>
          {figureNames.map((name) => (
            <div key={name} className={styles.figure}>
              <dt className={styles.figureName}>{figureLabels[name]}</dt>
              <dd className={styles.figureValue}>
                {figureText(report.totals, name, currency)}
                <span className={styles.figureChange}>
                  {changeText(figureNumber(report.totals, name), figureNumber(report.previous, name))}
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {nothingSold ? (
        <Card>
          <EmptyState
            title="No sales in this range"
            description="Orders from your channels count here on the day they were placed. Choose a longer range, or other channels."
          />
        </Card>
      ) : (
        <ReportCharts report={report} />
      )}
      <div className={styles.tables}>
        <ReportTable
          title="By day"
          caption="Sales by day"
          rows={report.byDay}
          rowKey={(day) => day.date}
          rowHeader={{ header: 'Day', cell: (day) => formatDay(day.date) }}
          columns={[
            { header: 'Orders', numeric: true, cell: (day) => formatCount(day.orders) },
            { header: 'Units', numeric: true, cell: (day) => formatCount(day.units) },
            { header: 'Revenue', numeric: true, cell: (day) => money(day.revenue) },
          ]}
          csv={csv('days', 'by day')}
        />
        <ReportTable
          title="By channel"
          caption="Sales by channel"
          rows={report.byChannel}
          rowKey={(channel) => channel.channelId}
          rowHeader={{
            header: 'Channel',
            cell: (channel) => `${marketplaceNames[channel.kind]} · ${channel.displayName}`,
          }}
          columns={[
            { header: 'Orders', numeric: true, cell: (channel) => formatCount(channel.orders) },
            { header: 'Units', numeric: true, cell: (channel) => formatCount(channel.units) },
            { header: 'Revenue', numeric: true, cell: (channel) => money(channel.revenue) },
          ]}
          csv={csv('channels', 'by channel')}
        />
        <ReportTable
          title="Best sellers"
          caption="Best sellers"
          rows={report.topSkus}
          rowKey={(sku) => sku.sku}
          rowHeader={skuHeader}
          columns={[
            { header: 'Units', numeric: true, cell: (sku) => formatCount(sku.units) },
            { header: 'Revenue', numeric: true, cell: (sku) => money(sku.revenue) },
            { header: 'Sell-through', numeric: true, cell: (sku) => formatSellThrough(sku.sellThrough) },
            { header: 'Days out of stock', numeric: true, cell: (sku) => formatDaysOut(sku.daysOutOfStock) },
          ]}
          emptyText="Nothing sold in this range."
          csv={csv('top', 'best sellers')}
        />
        <ReportTable
          title="Slowest sellers"
          caption="Slowest sellers"
          description="SKUs with stock to sell that sold the fewest units."
          rows={report.slowestSkus}
          rowKey={(sku) => sku.sku}
          rowHeader={skuHeader}
          columns={[
            { header: 'Units sold', numeric: true, cell: (sku) => formatCount(sku.units) },
            { header: 'Available', numeric: true, cell: (sku) => formatCount(sku.available) },
            { header: 'Sell-through', numeric: true, cell: (sku) => formatSellThrough(sku.sellThrough) },
            { header: 'Days out of stock', numeric: true, cell: (sku) => formatDaysOut(sku.daysOutOfStock) },
          ]}
          emptyText="No SKU has stock to sell."
          csv={csv('slowest', 'slowest sellers')}
        />
        <Card title="Refunds and returns">
          <dl className={styles.figures}>
            <div className={styles.figure}>
              <dt className={styles.figureName}>Refunds issued</dt>
              <dd className={styles.figureValue}>{formatCount(report.refunds.refunds)}</dd>
            </div>
            <div className={styles.figure}>
              <dt className={styles.figureName}>Refunded</dt>
              <dd className={styles.figureValue}>{money(report.refunds.refunded)}</dd>
            </div>
            <div className={styles.figure}>
              <dt className={styles.figureName}>Returns opened</dt>
              <dd className={styles.figureValue}>{formatCount(report.refunds.returns)}</dd>
            </div>
          </dl>
        </Card>
      </div>
      <ProfitTables report={report} />
    </>
  );
}

export default AnalyticsPage;
