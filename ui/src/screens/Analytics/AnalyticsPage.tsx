import { useMemo, useState } from 'react';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '../../index';
import { ApiError, errorText, useChannels, useSalesReport, type SalesReport } from '../../api';
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
  lastDays,
  rangeLabels,
  rangePresets,
  reportCsv,
  todayIn,
  type FigureName,
  type RangePreset,
} from './analyticsTexts';
import * as styles from './AnalyticsPage.css';

const TITLE = 'Analytics';
const figureNames: FigureName[] = ['revenue', 'orders', 'units', 'averageOrderValue'];

/** The browser's time zone: the days of the report are the seller's own. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** `/analytics`: sales for a range of days and channels, against the days before, with every table as CSV. */
export function AnalyticsPage() {
  const timeZone = useMemo(browserTimeZone, []);
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
        description={`Revenue, orders and units by day, channel and SKU. Days are calendar days in your time zone (${timeZone}).`}
      />
      <div className={styles.controls} role="search" aria-label="Report range">
        <Field label="Range">
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={preset}
              onChange={(event) => setPreset(rangePresets.find((p) => p === event.target.value) ?? '30')}
            >
              {rangePresets.map((p) => (
                <option key={p} value={p}>
                  {rangeLabels[p]}
                </option>
              ))}
            </select>
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

function download({ name, text }: { name: string; text: string }) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}

function CsvButton({
  report,
  table,
  label,
}: {
  report: SalesReport;
  table: Parameters<typeof reportCsv>[1];
  label: string;
}) {
  return (
    <Button variant="secondary" size="small" onClick={() => download(reportCsv(report, table))}>
      {label}
    </Button>
  );
}

function Report({ report }: { report: SalesReport }) {
  const { currency } = report;
  const money = (amount: string) => formatAmount(amount, currency);
  const nothingSold = report.totals.orders === 0;
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
      ) : null}
      <div className={styles.tables}>
        <Card title="By day" actions={<CsvButton report={report} table="days" label="Download by day (CSV)" />}>
          <Table caption="Sales by day" hideCaption>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Day</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Orders</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Units</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Revenue</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.byDay.map((day) => (
                <TableRow key={day.date}>
                  <TableHeaderCell scope="row">{formatDay(day.date)}</TableHeaderCell>
                  <TableCell className={styles.numeric}>{formatCount(day.orders)}</TableCell>
                  <TableCell className={styles.numeric}>{formatCount(day.units)}</TableCell>
                  <TableCell className={styles.numeric}>{money(day.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
        <Card
          title="By channel"
          actions={<CsvButton report={report} table="channels" label="Download by channel (CSV)" />}
        >
          <Table caption="Sales by channel" hideCaption>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Channel</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Orders</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Units</TableHeaderCell>
                <TableHeaderCell className={styles.numeric}>Revenue</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.byChannel.map((channel) => (
                <TableRow key={channel.channelId}>
                  <TableHeaderCell scope="row">{`${marketplaceNames[channel.kind]} · ${channel.displayName}`}</TableHeaderCell>
                  <TableCell className={styles.numeric}>{formatCount(channel.orders)}</TableCell>
                  <TableCell className={styles.numeric}>{formatCount(channel.units)}</TableCell>
                  <TableCell className={styles.numeric}>{money(channel.revenue)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
        <Card
          title="Best sellers"
          actions={<CsvButton report={report} table="top" label="Download best sellers (CSV)" />}
        >
          {report.topSkus.length === 0 ? (
            <p className={styles.muted}>Nothing sold in this range.</p>
          ) : (
            <Table caption="Best sellers" hideCaption>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>SKU</TableHeaderCell>
                  <TableHeaderCell className={styles.numeric}>Units</TableHeaderCell>
                  <TableHeaderCell className={styles.numeric}>Revenue</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.topSkus.map((sku) => (
                  <TableRow key={sku.sku}>
                    <TableHeaderCell scope="row">
                      {sku.sku}
                      {sku.title ? <span className={styles.figureChange}>{sku.title}</span> : null}
                    </TableHeaderCell>
                    <TableCell className={styles.numeric}>{formatCount(sku.units)}</TableCell>
                    <TableCell className={styles.numeric}>{money(sku.revenue)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
        <Card
          title="Slowest sellers"
          description="SKUs with stock to sell that sold the fewest units."
          actions={<CsvButton report={report} table="slowest" label="Download slowest sellers (CSV)" />}
        >
          {report.slowestSkus.length === 0 ? (
            <p className={styles.muted}>No SKU has stock to sell.</p>
          ) : (
            <Table caption="Slowest sellers" hideCaption>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>SKU</TableHeaderCell>
                  <TableHeaderCell className={styles.numeric}>Units sold</TableHeaderCell>
                  <TableHeaderCell className={styles.numeric}>Available</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.slowestSkus.map((sku) => (
                  <TableRow key={sku.sku}>
                    <TableHeaderCell scope="row">
                      {sku.sku}
                      {sku.title ? <span className={styles.figureChange}>{sku.title}</span> : null}
                    </TableHeaderCell>
                    <TableCell className={styles.numeric}>{formatCount(sku.units)}</TableCell>
                    <TableCell className={styles.numeric}>{formatCount(sku.available)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
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
    </>
  );
}

export default AnalyticsPage;
