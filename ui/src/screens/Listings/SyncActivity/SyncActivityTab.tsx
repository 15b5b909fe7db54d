import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  ProgressBar,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  useToast,
} from '../../../index';
import {
  errorText,
  isUnfinished,
  useChannels,
  usePushActivity,
  useRetryFailedPushes,
  useSyncEvents,
  useSyncRuns,
  type FailedPush,
  type PushActivity,
  type SyncRun,
} from '../../../api';
import { formatWhen, marketplaceNames } from '../../../shared/channels/channelTexts';
import { formatCount, progressText, repairsText } from '../../../shared/channels/syncTexts';
import {
  fieldNames,
  pushProgressText,
  pushTotal,
  runKindLabel,
  runStatusLabels,
  runStatusTones,
} from './activityTexts';
import { visuallyHidden } from '../../../theme/utils.css';
import * as styles from './SyncActivity.css';

/** Listings › Sync activity: runs with live progress, pushes per channel, refused values and their retry. */
export function SyncActivityTab() {
  const runs = useSyncRuns();
  useSyncEvents();
  const pushes = usePushActivity();
  const channels = useChannels();

  if (runs.isPending || pushes.isPending) return <Spinner label="Loading sync activity..." />;
  if (pushes.isError)
    return (
      <ErrorState
        title="Sync activity could not be loaded"
        description={errorText(pushes.error)}
        onRetry={() => pushes.refetch()}
      />
    );
  const runList = runs.data?.items ?? [];
  if (runList.length === 0 && pushes.data.channels.length === 0) {
    return (
      <Card padding="large">
        <EmptyState
          title="Nothing synced yet"
          description="Imports, reconciliations and the values sent to your channels appear here once a channel is connected."
        />
      </Card>
    );
  }
  const channelName = (id: string | null) => {
    if (id === null) return 'Every channel';
    const channel = channels.data?.items.find((c) => c.id === id);
    return channel ? `${marketplaceNames[channel.kind]} · ${channel.displayName}` : 'A disconnected channel';
  };
  return (
    <>
      <Pushes activity={pushes.data} />
      <Failed activity={pushes.data} />
      <Runs runs={runList} channelName={channelName} failedToLoad={runs.isError} />
    </>
  );
}

function Pushes({ activity }: { activity: PushActivity }) {
  const caughtUp = activity.channels.every((c) => c.pending + c.onTheirWay + c.failed === 0);
  return (
    <section className={styles.section} aria-labelledby="activity-pushes">
      <h2 id="activity-pushes" className={styles.sectionTitle}>
        Values sent in the last 24 hours
      </h2>
      {caughtUp ? (
        <Alert tone="positive" title="All caught up">
          Every value sent in the last 24 hours is confirmed by the marketplace.
        </Alert>
      ) : null}
      <div className={styles.channels}>
        {activity.channels.map((c) => {
          const name = marketplaceNames[c.channelKind];
          return (
            <Card key={c.channelId} as="article" title={`${name} · ${c.displayName}`} titleLevel={3} padding="large">
              <div className={styles.progress}>
                <ProgressBar
                  label={`${name} pushes`}
                  value={c.confirmed}
                  max={Math.max(1, pushTotal(c))}
                  valueText={pushProgressText(c)}
                />
                <Text size="small" tone="secondary">
                  {pushProgressText(c)}
                </Text>
                <dl className={styles.counts}>
                  {[
                    ['Waiting', c.pending],
                    ['On their way', c.onTheirWay],
                    ['Confirmed', c.confirmed],
                    ['Refused', c.failed],
                  ].map(([label, value]) => (
                    <div key={label} className={styles.count}>
                      <dt className={styles.countName}>{label}</dt>
                      <dd className={styles.countValue}>{formatCount(value as number)}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </Card>
          );
        })}
      </div>
    </section>
  );
}

function Failed({ activity }: { activity: PushActivity }) {
  const retry = useRetryFailedPushes();
  const { toast } = useToast();
  if (activity.failed.length === 0) return null;
  const retried = (answer: { message: string }) =>
    toast({ title: 'Sending Again', description: answer.message, variant: 'success' });
  const failed = (error: unknown) =>
    toast({ title: 'Could Not Retry', description: errorText(error), variant: 'destructive' });
  const retryOne = (item: FailedPush) => retry.mutate({ writeIds: [item.id] }, { onSuccess: retried, onError: failed });
  const retryAll = async () => {
    // Per channel: every refused value of it, listed here or not.
    const channelIds = [...new Set(activity.failed.map((f) => f.channelId))];
    try {
      let sent = 0;
      for (const channelId of channelIds) sent += (await retry.mutateAsync({ channelId })).retried;
      toast({
        title: 'Sending Again',
        description: `${formatCount(sent)} ${sent === 1 ? 'value' : 'values'} will be sent again.`,
        variant: 'success',
      });
    } catch (error) {
      failed(error);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="activity-failed">
      <div className={styles.sectionHead}>
        <h2 id="activity-failed" className={styles.sectionTitle}>
          {`Refused by the marketplace (${formatCount(activity.failedTotal)})`}
        </h2>
        <Button variant="secondary" onClick={() => void retryAll()} loading={retry.isPending}>
          Retry all failed
        </Button>
      </div>
      <Table caption="Values refused by the marketplace" hideCaption>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>SKU</TableHeaderCell>
            <TableHeaderCell>Channel</TableHeaderCell>
            <TableHeaderCell>Value</TableHeaderCell>
            <TableHeaderCell>Marketplace's message</TableHeaderCell>
            <TableHeaderCell>When</TableHeaderCell>
            <TableHeaderCell>
              <span className={visuallyHidden}>Action</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {activity.failed.map((item) => (
            <TableRow key={item.id}>
              <TableHeaderCell scope="row">{item.sku}</TableHeaderCell>
              <TableCell>{marketplaceNames[item.channelKind]}</TableCell>
              <TableCell>{`${fieldNames[item.field]}: ${item.value}`}</TableCell>
              <TableCell className={styles.message}>{item.message ?? 'No message given.'}</TableCell>
              <TableCell>{formatWhen(item.failedAt)}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => retryOne(item)}
                  disabled={retry.isPending}
                  aria-label={`Retry ${item.sku} on ${marketplaceNames[item.channelKind]}`}
                >
                  Retry
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {activity.failedTotal > activity.failed.length ? (
        <Text
          size="small"
          tone="secondary"
        >{`The newest ${formatCount(activity.failed.length)} are listed. "Retry all failed" sends every one again.`}</Text>
      ) : null}
    </section>
  );
}

function Runs({
  runs,
  channelName,
  failedToLoad,
}: {
  runs: SyncRun[];
  channelName: (id: string | null) => string;
  failedToLoad: boolean;
}) {
  return (
    <section className={styles.section} aria-labelledby="activity-runs">
      <h2 id="activity-runs" className={styles.sectionTitle}>
        Recent runs
      </h2>
      {failedToLoad ? (
        <Alert tone="caution">Recent runs could not be loaded. They show again once the connection is back.</Alert>
      ) : null}
      {runs.length === 0 ? (
        <Text tone="secondary">No imports or reconciliations yet.</Text>
      ) : (
        <Table caption="Recent runs" hideCaption>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Run</TableHeaderCell>
              <TableHeaderCell>Status</TableHeaderCell>
              <TableHeaderCell>Progress</TableHeaderCell>
              <TableHeaderCell>Repaired</TableHeaderCell>
              <TableHeaderCell>Channels failed</TableHeaderCell>
              <TableHeaderCell>Started</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {runs.map((run) => {
              const label = `${runKindLabel(run.kind)} · ${channelName(run.channelId)}`;
              return (
                <TableRow key={run.id}>
                  <TableHeaderCell scope="row">{label}</TableHeaderCell>
                  <TableCell>
                    <Badge tone={runStatusTones[run.status]}>{runStatusLabels[run.status]}</Badge>
                    {run.message ? (
                      <Text size="xsmall" tone="secondary">
                        {run.message}
                      </Text>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    {isUnfinished(run) ? (
                      <div className={styles.progress}>
                        <ProgressBar
                          label={`${label} progress`}
                          value={run.status === 'queued' || run.total === null ? null : run.done}
                          max={run.total ?? undefined}
                          valueText={progressText(run)}
                        />
                        <Text size="xsmall" tone="secondary">
                          {progressText(run)}
                        </Text>
                      </div>
                    ) : (
                      progressText(run)
                    )}
                  </TableCell>
                  <TableCell>{repairsText(run)}</TableCell>
                  <TableCell className={styles.numeric}>{formatCount(run.failed)}</TableCell>
                  <TableCell>{formatWhen(run.createdAt)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
