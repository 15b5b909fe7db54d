import { useEffect, useRef, useState } from 'react';
import { Alert, ProgressBar, Text, useLinkComponent, useToast } from '../../index';
import { isUnfinished, type Channel, type SyncRun } from '../../api';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { isPlanLimitMessage, progressText, repairsText, syncOutcome } from '../../shared/channels/syncTexts';
import * as styles from './Channels.css';

export interface ChannelSyncProps {
  channel: Channel;
  /** The channel's newest run, if any. */
  run: SyncRun | undefined;
}

/**
 * A channel's sync on its card: the live progress of its run, how the last run ended when it
 * needs attention, and, for a run seen to finish here, a toast and a polite announcement.
 */
export function ChannelSync({ channel, run }: ChannelSyncProps) {
  const name = marketplaceNames[channel.kind];
  const { toast } = useToast();
  const LinkComponent = useLinkComponent();
  const [summary, setSummary] = useState('');
  const seen = useRef(run);

  // Only a run watched going from waiting or running to done is news; one found done on arrival is not.
  useEffect(() => {
    const before = seen.current;
    seen.current = run;
    if (!run || !before || before.id !== run.id || !isUnfinished(before) || isUnfinished(run)) return;
    const outcome = syncOutcome(run, name);
    toast(outcome.toast);
    setSummary(outcome.summary);
  }, [run, name, toast]);

  const active = run && isUnfinished(run) ? run : undefined;
  // A failed run of a channel in error says what the channel's own alert already says.
  const problem =
    run && (run.status === 'partial' || (run.status === 'failed' && channel.status !== 'error')) ? run : undefined;

  return (
    <>
      {active ? (
        <div className={styles.sync} aria-busy="true">
          <div className={styles.syncHead}>
            <Text as="span" size="small" weight="semibold">
              {channel.role === 'main' ? 'Syncing every channel' : `Syncing ${name}`}
            </Text>
            <Text as="span" size="small" tone="secondary">
              {progressText(active)}
            </Text>
          </div>
          <ProgressBar
            label={`${name} sync progress`}
            value={active.status === 'queued' || active.total === null ? null : active.done}
            max={active.total ?? undefined}
            valueText={progressText(active)}
          />
          {active.status === 'running' ? (
            <Text size="xsmall" tone="secondary">
              {repairsText(active)}
            </Text>
          ) : null}
        </div>
      ) : null}
      {problem ? (
        <Alert
          tone={problem.status === 'failed' ? 'critical' : 'caution'}
          title={problem.status === 'failed' ? 'Last sync failed' : 'Last sync stopped short'}
        >
          {problem.message ?? `${progressText(problem)}; some listings could not be read.`}
          {isPlanLimitMessage(problem.message) ? (
            <>
              {' '}
              <LinkComponent href="/billing" className={styles.alertLink}>
                See plans
              </LinkComponent>
            </>
          ) : null}
        </Alert>
      ) : null}
      {/* Present before it has anything to say, so screen readers hear the outcome when it comes. */}
      <p role="status" className={styles.syncSummary}>
        {active ? '' : summary}
      </p>
    </>
  );
}
