import { useSearch } from 'wouter';
import {
  Alert,
  Badge,
  Card,
  EmptyState,
  ErrorState,
  Spinner,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  useLinkComponent,
} from '../../index';
import { ApiError, errorText, useDashboard, type Dashboard, type SalesFigures } from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { formatWhen, marketplaceNames, statusLabels, statusTones } from '../../shared/channels/channelTexts';
import { formatCount } from '../../shared/channels/syncTexts';
import { SalesChart } from './SalesChart';
import { AlertsCard } from './AlertsCard/AlertsCard';
import {
  alertTexts,
  causeLabels,
  fieldLabels,
  lagText,
  RATE_LIMIT_CAUTION_PERCENT,
  rateLimitedText,
  revenueText,
  skuCellText,
  beforeAfterText,
} from './dashboardTexts';
import * as styles from './Dashboard.css';

const TITLE = 'Dashboard';

/** `/`: sales, sync health, what needs doing and recent activity; for a new account, the first steps. */
export function DashboardPage() {
  const dashboard = useDashboard();
  // Every alert mail links here with ?alerts=settings: the settings open at once.
  const alertSettingsAsked = new URLSearchParams(useSearch()).get('alerts') === 'settings';
  if (dashboard.error instanceof ApiError && dashboard.error.status === 403)
    return (
      <NoAccess
        title={TITLE}
        description="This account's data is not available to you. Platform staff see a seller's dashboard by viewing as that seller."
      />
    );
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Sales, orders and sync health across your channels. Days are calendar days in UTC."
      />
      {dashboard.isPending ? (
        <Spinner label="Loading dashboard..." />
      ) : dashboard.isError ? (
        <ErrorState
          title="The dashboard could not be loaded"
          description={errorText(dashboard.error)}
          onRetry={() => dashboard.refetch()}
        />
      ) : !dashboard.data.setup.channelConnected ? (
        <SetupSteps setup={dashboard.data.setup} />
      ) : (
        <Populated data={dashboard.data} settingsOpenAtFirst={alertSettingsAsked} />
      )}
    </>
  );
}

function Populated({ data, settingsOpenAtFirst }: { data: Dashboard; settingsOpenAtFirst: boolean }) {
  const { setup } = data;
  return (
    <>
      {!setup.mainChosen || !setup.catalogueImported ? <SetupSteps setup={setup} /> : null}
      {data.alerts.length > 0 ? <Alerts alerts={data.alerts} /> : null}
      <section className={styles.section} aria-label="Alerts">
        <AlertsCard settingsOpenAtFirst={settingsOpenAtFirst} />
      </section>
      <section className={styles.section} aria-labelledby="dashboard-sales">
        <h2 id="dashboard-sales" className={styles.sectionTitle}>
          Sales
        </h2>
        <div className={styles.figures}>
          <Figures title="Today" figures={data.today} currency={data.currency} />
          <Figures title="Last 30 days" figures={data.last30Days} currency={data.currency} />
        </div>
        {data.byChannel.length > 0 ? (
          <Card title="Last 30 days by channel" titleLevel={3} padding="large">
            <Stack space="medium">
              <SalesChart channels={data.byChannel} currency={data.currency} />
              <Table caption="Sales by channel">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>Channel</TableHeaderCell>
                    <TableHeaderCell>Revenue today</TableHeaderCell>
                    <TableHeaderCell>Revenue, 30 days</TableHeaderCell>
                    <TableHeaderCell>Orders, 30 days</TableHeaderCell>
                    <TableHeaderCell>Units, 30 days</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.byChannel.map((c) => (
                    <TableRow key={c.channelId}>
                      <TableHeaderCell scope="row">{`${marketplaceNames[c.channelKind]} · ${c.displayName}`}</TableHeaderCell>
                      <TableCell>{revenueText(c.today.revenue, data.currency)}</TableCell>
                      <TableCell>{revenueText(c.last30Days.revenue, data.currency)}</TableCell>
                      <TableCell className={styles.numeric}>{formatCount(c.last30Days.orders)}</TableCell>
                      <TableCell className={styles.numeric}>{formatCount(c.last30Days.units)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Stack>
          </Card>
        ) : null}
      </section>
      <SyncHealth health={data.health} />
      <RecentActivity data={data} />
    </>
  );
}

function Figures({ title, figures, currency }: { title: string; figures: SalesFigures; currency: string | null }) {
  const [first, ...others] = figures.revenue;
  return (
    <Card title={title} titleLevel={3} padding="large">
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt className={styles.statName}>Revenue</dt>
          <dd className={styles.statValue}>
            {revenueText(first ? [first] : [], currency)}
            {others.length > 0 ? <span className={styles.statExtra}>{`+ ${revenueText(others)}`}</span> : null}
          </dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statName}>Orders</dt>
          <dd className={styles.statValue}>{formatCount(figures.orders)}</dd>
        </div>
        <div className={styles.stat}>
          <dt className={styles.statName}>Units</dt>
          <dd className={styles.statValue}>{formatCount(figures.units)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function Alerts({ alerts }: { alerts: Dashboard['alerts'] }) {
  const LinkComponent = useLinkComponent();
  return (
    <section className={styles.section} aria-labelledby="dashboard-alerts">
      <h2 id="dashboard-alerts" className={styles.sectionTitle}>
        Needs attention
      </h2>
      <div className={styles.alerts}>
        {alerts.map((alert) => {
          const text = alertTexts[alert.kind];
          return (
            <Alert key={alert.kind} tone={text.tone} title={text.title(alert.count)}>
              {alert.oversold ? <OversoldOrders oversold={alert.oversold} /> : null}
              <LinkComponent href={text.href} className={styles.alertLink}>
                {text.action}
              </LinkComponent>
            </Alert>
          );
        })}
      </div>
    </section>
  );
}

/** Each SKU sold beyond its stock, with the open orders holding it: each opens in its drawer on the Orders page. */
function OversoldOrders({ oversold }: { oversold: NonNullable<Dashboard['alerts'][number]['oversold']> }) {
  const LinkComponent = useLinkComponent();
  return (
    <ul className={styles.oversoldList}>
      {oversold.map((item) => (
        <li key={item.sku}>
          {`${item.sku}: ${item.short} ${item.short === 1 ? 'unit' : 'units'} short. Open orders: `}
          {item.orders.map((order, index) => (
            <span key={order.id}>
              {index > 0 ? ', ' : null}
              <LinkComponent href={`/orders?orderId=${order.id}`} className={styles.alertLink}>
                {`${marketplaceNames[order.channelKind]} ${order.orderNumber}`}
              </LinkComponent>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

function SyncHealth({ health }: { health: Dashboard['health'] }) {
  return (
    <section className={styles.section} aria-labelledby="dashboard-health">
      <h2 id="dashboard-health" className={styles.sectionTitle}>
        Sync health
      </h2>
      <Table caption="Sync health by channel" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Channel</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
            <TableHeaderCell>Last sync</TableHeaderCell>
            <TableHeaderCell>Lag</TableHeaderCell>
            <TableHeaderCell>Waiting to send</TableHeaderCell>
            <TableHeaderCell>Refused in 24 h</TableHeaderCell>
            <TableHeaderCell>Rate-limit use</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {health.map((c) => (
            <TableRow key={c.channelId}>
              <TableHeaderCell scope="row">
                {`${marketplaceNames[c.channelKind]} · ${c.displayName}`}
                <Text as="span" size="xsmall" tone="secondary">
                  {c.role === 'main' ? ' (main)' : ''}
                </Text>
              </TableHeaderCell>
              <TableCell>
                <Badge tone={statusTones[c.status]}>{statusLabels[c.status]}</Badge>
                {c.status === 'error' && c.statusReason ? (
                  <Text size="xsmall" tone="critical">
                    {c.statusReason}
                  </Text>
                ) : null}
              </TableCell>
              <TableCell>{formatWhen(c.lastSyncAt)}</TableCell>
              <TableCell>{lagText(c.lagSeconds)}</TableCell>
              <TableCell className={styles.numeric}>{formatCount(c.waitingWrites)}</TableCell>
              <TableCell className={styles.numeric}>{formatCount(c.failures24h)}</TableCell>
              <TableCell>
                <Text as="span" tone={c.rateLimitUse >= RATE_LIMIT_CAUTION_PERCENT ? 'caution' : 'primary'}>
                  {`${c.rateLimitUse}%`}
                </Text>
                {c.rateLimitName ? (
                  <Text size="xsmall" tone="secondary">
                    {c.rateLimitName}
                  </Text>
                ) : null}
                {c.rateLimited > 0 ? (
                  <Text size="xsmall" tone="caution">
                    {rateLimitedText(c.rateLimited)}
                  </Text>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function RecentActivity({ data }: { data: Dashboard }) {
  return (
    <section className={styles.section} aria-labelledby="dashboard-recent">
      <h2 id="dashboard-recent" className={styles.sectionTitle}>
        Recent activity
      </h2>
      <div className={styles.figures}>
        <Card title="Recent orders" titleLevel={3} padding="large">
          {data.recentOrders.length === 0 ? (
            <Text tone="secondary">No orders yet.</Text>
          ) : (
            <Table caption="Recent orders" hideCaption>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>Order</TableHeaderCell>
                  <TableHeaderCell>When</TableHeaderCell>
                  <TableHeaderCell>Units</TableHeaderCell>
                  <TableHeaderCell>Total</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.recentOrders.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell>
                      {`${marketplaceNames[o.channelKind]} ${o.orderNumber}`}
                      {o.status === 'cancelled' ? (
                        <>
                          {' '}
                          <Badge tone="neutral">Cancelled</Badge>
                        </>
                      ) : null}
                    </TableCell>
                    <TableCell>{formatWhen(o.orderedAt)}</TableCell>
                    <TableCell className={styles.numeric}>{formatCount(o.units)}</TableCell>
                    <TableCell>{revenueText(o.revenue, data.currency)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
        <Card title="Recent changes" titleLevel={3} padding="large">
          {data.recentChanges.length === 0 ? (
            <Text tone="secondary">No changes yet.</Text>
          ) : (
            <Table caption="Recent changes" hideCaption>
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>SKU</TableHeaderCell>
                  <TableHeaderCell>Change</TableHeaderCell>
                  <TableHeaderCell>Before → after</TableHeaderCell>
                  <TableHeaderCell>When</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.recentChanges.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{skuCellText(c)}</TableCell>
                    <TableCell>{`${fieldLabels[c.field]}${c.channelKind ? ` on ${marketplaceNames[c.channelKind]}` : ''} · ${causeLabels[c.cause]}`}</TableCell>
                    <TableCell>{beforeAfterText(c)}</TableCell>
                    <TableCell>{formatWhen(c.at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Card>
      </div>
    </section>
  );
}

const stepTexts = [
  { key: 'channelConnected', name: 'Connect your first channel', hint: 'The marketplace that holds your true stock.' },
  { key: 'mainChosen', name: 'Make it your main channel', hint: 'Its stock and prices are the source of truth.' },
  { key: 'catalogueImported', name: 'Import its catalogue', hint: 'We read every SKU from the main channel.' },
] as const;

/** A new account's first steps, each done or not, each leading to Channels. */
function SetupSteps({ setup }: { setup: Dashboard['setup'] }) {
  const LinkComponent = useLinkComponent();
  const done = stepTexts.filter((s) => setup[s.key]).length;
  return (
    <section className={styles.section} aria-labelledby="dashboard-setup">
      <Card padding="large">
        <Stack space="large">
          {done === 0 ? (
            <EmptyState
              title="Get started"
              description="Connect your first marketplace, make it your main channel, and we import your catalogue. Sales and sync health appear here."
            />
          ) : null}
          <h2 id="dashboard-setup" className={styles.sectionTitle}>
            {`Set up sync: ${done} of ${stepTexts.length} steps done`}
          </h2>
          <ol className={styles.steps} aria-labelledby="dashboard-setup">
            {stepTexts.map((s) => (
              <li key={s.key} className={styles.step}>
                <span className={styles.stepName}>
                  <Badge tone={setup[s.key] ? 'positive' : 'neutral'}>{setup[s.key] ? 'Done' : 'To do'}</Badge>
                  <span>
                    <Text as="span" weight="semibold">
                      {s.name}
                    </Text>
                    <Text size="small" tone="secondary">
                      {s.hint}
                    </Text>
                  </span>
                </span>
                {setup[s.key] ? null : (
                  <LinkComponent href="/channels" className={styles.link}>
                    {`${s.name} in Channels`}
                  </LinkComponent>
                )}
              </li>
            ))}
          </ol>
        </Stack>
      </Card>
    </section>
  );
}

export default DashboardPage;
