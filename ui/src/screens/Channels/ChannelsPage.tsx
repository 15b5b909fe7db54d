import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearch, useLocation } from 'wouter';
import {
  Alert,
  Badge,
  Button,
  Card,
  Dialog,
  DialogContent,
  EmptyState,
  ErrorState,
  Spinner,
  Stack,
  Text,
  useToast,
} from '../../index';
import {
  channelsQuery,
  errorText,
  isUnfinished,
  latestRunOf,
  useChannels,
  useDisconnectChannel,
  useMakeMain,
  usePauseChannel,
  useResumeChannel,
  useSyncChannel,
  useSyncEvents,
  useSyncRuns,
  type Channel,
  type MarketplaceKind,
  type SyncRun,
} from '../../api';
import { formatWhen, marketplaceNames, statusLabels, statusTones } from '../../shared/channels/channelTexts';
import { CONSENT_RESULT_MESSAGE, consentDeclinedText } from '../../shared/channels/consent';
import { formatCount, isPlanLimitMessage } from '../../shared/channels/syncTexts';
import { marketplaces } from '../../shared/marketing/marketplaces';
import { PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { ChannelSync } from './ChannelSync';
import { ConnectDialog } from './ConnectDialog';
import { RulesDialog } from './RulesDialog';
import * as styles from './Channels.css';

export interface ChannelsPageProps {
  /** Open the connect dialog of this marketplace at once (stories). */
  initialConnect?: MarketplaceKind;
}

/** /channels: the seller's marketplaces, the main one first, and a way to connect each kind. */
export function ChannelsPage({ initialConnect }: ChannelsPageProps) {
  const channels = useChannels();
  // Runs and their live progress: a card without them still shows and can start a sync.
  const runs = useSyncRuns();
  useSyncEvents();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [connecting, setConnecting] = useState<MarketplaceKind | null>(initialConnect ?? null);
  const search = useSearch();
  const [location, navigate] = useLocation();

  // eBay's consent popup tells us how it ended; Shopify's install comes back in the address.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== CONSENT_RESULT_MESSAGE) return;
      void queryClient.invalidateQueries({ queryKey: channelsQuery.queryKey });
      if (event.data.outcome === 'connected')
        toast({ title: 'eBay Connected', description: 'Your eBay account is connected.', variant: 'success' });
      else
        toast({
          title: 'eBay Not Connected',
          description:
            typeof event.data.message === 'string'
              ? event.data.message
              : 'Authentication with eBay was cancelled. You can try again any time.',
        });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, toast]);

  const params = new URLSearchParams(search);
  const connected = params.get('connected');
  const consentError = params.get('error');
  useEffect(() => {
    if (!connected && !consentError) return;
    if (connected)
      toast({
        title: `${marketplaceNames[connected as MarketplaceKind] ?? 'Channel'} Connected`,
        description: 'The channel is connected.',
        variant: 'success',
      });
    else
      toast({
        title: 'Channel Not Connected',
        // Our words for the code (never text from the address); an unknown code gets the generic words.
        description: consentDeclinedText(consentError, 'Shopify') ?? 'The marketplace did not grant access.',
        variant: 'destructive',
      });
    navigate(location, { replace: true });
    // Once per arrival with the parameters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, consentError]);

  return (
    <>
      <PageHeader
        title="Channels"
        description="Your connected marketplaces. The main channel holds your true stock and prices; targets follow it."
      />
      {channels.isPending ? (
        <Spinner label="Loading channels..." />
      ) : channels.isError ? (
        <ErrorState
          title="Channels could not be loaded"
          description={errorText(channels.error)}
          onRetry={() => channels.refetch()}
        />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="connected-channels">
            <h2 id="connected-channels" className={styles.sectionTitle}>
              Connected channels
            </h2>
            {channels.data.items.length === 0 ? (
              <Card padding="large">
                <EmptyState
                  title="No channels connected yet"
                  description="Connect the marketplace that holds your true stock first: it becomes your main channel, and we import its catalogue. Then connect the others as targets."
                />
              </Card>
            ) : (
              <div className={styles.grid}>
                {channels.data.items.map((channel) => (
                  <ChannelCard
                    key={channel.id}
                    channel={channel}
                    onlyChannel={channels.data.items.length === 1}
                    mainKind={channels.data.items.find((c) => c.role === 'main')?.kind}
                    run={latestRunOf(runs.data?.items, channel.id)}
                  />
                ))}
              </div>
            )}
          </section>
          <section className={styles.section} aria-labelledby="connect-a-marketplace">
            <h2 id="connect-a-marketplace" className={styles.sectionTitle}>
              Connect a marketplace
            </h2>
            <div className={styles.connectGrid}>
              {marketplaces.map((m) => (
                <Card
                  key={m.id}
                  title={m.name}
                  titleLevel={3}
                  description={m.connection}
                  footer={
                    <Button
                      variant="secondary"
                      onClick={() => setConnecting(m.id)}
                    >{`Connect ${marketplaceNames[m.id]}`}</Button>
                  }
                />
              ))}
            </div>
          </section>
        </>
      )}
      {connecting ? (
        <ConnectDialog kind={connecting} open onOpenChange={(open) => !open && setConnecting(null)} />
      ) : null}
    </>
  );
}

function ChannelCard({
  channel,
  onlyChannel,
  mainKind,
  run,
}: {
  channel: Channel;
  onlyChannel: boolean;
  mainKind: Channel['kind'] | undefined;
  run: SyncRun | undefined;
}) {
  const { toast } = useToast();
  const makeMain = useMakeMain();
  const sync = useSyncChannel();
  const pause = usePauseChannel();
  const resume = useResumeChannel();
  const disconnect = useDisconnectChannel();
  const [rulesOpen, setRulesOpen] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [makeMainOpen, setMakeMainOpen] = useState(false);
  const name = marketplaceNames[channel.kind];
  const mainName = mainKind ? marketplaceNames[mainKind] : undefined;
  const [, navigate] = useLocation();
  // A refusal for the plan (its limit, or the plan ended) offers the way to Billing.
  const failed = (title: string) => (error: unknown) => {
    const description = errorText(error);
    toast({
      title,
      description,
      variant: 'destructive',
      ...(isPlanLimitMessage(description)
        ? { action: { label: 'See plans', onSelect: () => navigate('/billing') } }
        : {}),
    });
  };

  return (
    <Card as="article" padding="large" title={`${name} · ${channel.displayName}`} titleLevel={3}>
      <Stack space="medium">
        <div className={styles.badges}>
          <Badge
            tone={channel.role === 'main' ? 'brand' : 'neutral'}
            emphasis={channel.role === 'main' ? 'solid' : 'soft'}
          >
            {channel.role === 'main' ? 'Main channel' : 'Target'}
          </Badge>
          <Badge tone={statusTones[channel.status]}>{statusLabels[channel.status]}</Badge>
          {channel.environment === 'sandbox' ? <Badge tone="info">Sandbox</Badge> : null}
        </div>
        {channel.status === 'error' && channel.statusReason ? (
          <Alert tone="critical" title="Sync stopped">
            {channel.statusReason}
          </Alert>
        ) : null}
        <dl className={styles.facts}>
          <dt className={styles.factName}>Seller</dt>
          <dd className={styles.factValue}>{channel.externalSellerId}</dd>
          <dt className={styles.factName}>Last sync</dt>
          <dd className={styles.factValue}>{formatWhen(channel.lastSyncAt)}</dd>
          {/* Only while no attempt has worked since (the server says so), with what the failure said. */}
          {channel.health.lastFailureAt ? (
            <>
              <dt className={styles.factName}>Last failed attempt</dt>
              <dd className={styles.factValue}>
                {channel.health.lastFailureReason
                  ? `${formatWhen(channel.health.lastFailureAt)}: ${channel.health.lastFailureReason}`
                  : formatWhen(channel.health.lastFailureAt)}
              </dd>
            </>
          ) : null}
          <dt className={styles.factName}>Offered</dt>
          <dd className={styles.factValue}>
            {channel.rules.syncQuantity ? `${channel.rules.stockPercent}% of stock` : 'Stock not synced'}
            {channel.rules.bufferUnits ? `, ${channel.rules.bufferUnits} held back` : ''}
            {channel.rules.syncPrice ? ' · prices synced' : ' · prices not synced'}
          </dd>
        </dl>
        <ChannelHealth health={channel.health} />
        <ChannelSync channel={channel} run={run} />
        <div className={styles.actions}>
          {channel.role === 'target' ? (
            <Button
              size="small"
              aria-label={`Make main: ${name}`}
              onClick={() => setMakeMainOpen(true)}
              loading={makeMain.isPending}
              disabled={channel.status !== 'active'}
            >
              Make main
            </Button>
          ) : null}
          {channel.status === 'active' || channel.status === 'error' ? (
            <Button
              size="small"
              variant="secondary"
              onClick={() => sync.mutate(channel.id, { onError: failed('Sync Not Started') })}
              loading={sync.isPending}
              // One run per channel at a time; the server would join it anyway.
              disabled={run !== undefined && isUnfinished(run)}
              aria-label={`Sync now: ${name}`}
            >
              Sync now
            </Button>
          ) : null}
          <Button size="small" variant="secondary" onClick={() => setRulesOpen(true)}>
            Rules
          </Button>
          {channel.status === 'active' ? (
            <Button
              size="small"
              variant="secondary"
              onClick={() => pause.mutate(channel.id, { onError: failed('Could Not Pause') })}
              loading={pause.isPending}
              aria-label={`Pause ${name}`}
            >
              Pause
            </Button>
          ) : (
            <Button
              size="small"
              variant="secondary"
              onClick={() => resume.mutate(channel.id, { onError: failed('Could Not Resume') })}
              loading={resume.isPending}
              aria-label={`Resume ${name}`}
            >
              Resume
            </Button>
          )}
          <Button
            size="small"
            variant="ghost"
            onClick={() => setConfirmOpen(true)}
            disabled={channel.role === 'main' && !onlyChannel}
          >
            Disconnect
          </Button>
        </div>
      </Stack>
      <RulesDialog channel={channel} open={rulesOpen} onOpenChange={setRulesOpen} mainKind={mainKind} />
      <Dialog open={confirmOpen} onOpenChange={setConfirmOpen}>
        <DialogContent
          title={`Disconnect ${name}?`}
          description="Sync with this channel stops and its credentials are deleted. Its listings on the marketplace stay as they are."
        >
          <div className={styles.actions}>
            <Button
              variant="danger"
              loading={disconnect.isPending}
              onClick={() =>
                disconnect.mutate(channel.id, {
                  onSuccess: (answer) => {
                    setConfirmOpen(false);
                    toast({ title: 'Channel Disconnected', description: answer.message, variant: 'success' });
                  },
                  onError: failed('Could Not Disconnect'),
                })
              }
            >
              Disconnect
            </Button>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Keep it
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={makeMainOpen} onOpenChange={setMakeMainOpen}>
        <DialogContent
          title={`Make ${name} your main channel?`}
          description={`${name}'s stock and prices become the truth for every other channel; the catalogue is read again from ${name}${mainName ? `; ${mainName} becomes a target` : ''}.`}
        >
          <div className={styles.actions}>
            <Button
              loading={makeMain.isPending}
              onClick={() =>
                makeMain.mutate(channel.id, {
                  onSuccess: () => {
                    setMakeMainOpen(false);
                    toast({
                      title: 'Main Channel Changed',
                      description: `${name} is now your main channel. Its catalogue is being read again.`,
                      variant: 'success',
                    });
                  },
                  onError: failed('Could Not Make Main'),
                })
              }
            >
              {`Make ${name} main`}
            </Button>
            <Button variant="secondary" onClick={() => setMakeMainOpen(false)}>
              Cancel
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      {channel.role === 'main' && !onlyChannel ? (
        <Text size="xsmall" tone="secondary">
          To disconnect the main channel, make another channel main first.
        </Text>
      ) : null}
    </Card>
  );
}

/** How sync is going on the channel, in four counts. */
function ChannelHealth({ health }: { health: Channel['health'] }) {
  const facts = [
    { name: 'Listings', value: health.listings, alarming: false },
    { name: 'In error', value: health.listingsInError, alarming: health.listingsInError > 0 },
    { name: 'Waiting to send', value: health.waitingWrites, alarming: false },
    { name: 'Refused in 24 h', value: health.failures24h, alarming: health.failures24h > 0 },
  ];
  return (
    <dl className={styles.health}>
      {facts.map((fact) => (
        <div key={fact.name} className={styles.stat}>
          <dt className={styles.statName}>{fact.name}</dt>
          <dd className={styles.statValue({ tone: fact.alarming ? 'critical' : 'neutral' })}>
            {formatCount(fact.value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export default ChannelsPage;
