import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  useToast,
} from '../../index';
import {
  ApiError,
  errorText,
  useAdminChannels,
  useAdminPauseChannel,
  useAdminResumeChannel,
  useForceChannelSync,
  type AdminChannel,
} from '../../api';
import { NoAccess, PageHeader } from '../../shared/SignedInPage/SignedInPage';
import { formatWhen, marketplaceNames, statusLabels, statusTones } from '../../shared/channels/channelTexts';
import * as styles from './ChannelManagement.css';

/** /admin/channels: every account's channels with their health, for platform staff (pages.md section 3). */
export function ChannelManagementPage() {
  const channels = useAdminChannels();
  if (channels.error instanceof ApiError && channels.error.status === 403)
    return <NoAccess title="Channel Management" />;
  const failing = channels.data?.items.filter((i) => i.channel.status === 'error') ?? [];
  return (
    <>
      <PageHeader title="Channel Management" description="Every account's channels with their health." />
      {channels.isPending ? (
        <Spinner label="Loading channels..." />
      ) : channels.isError ? (
        <ErrorState
          title="Channels could not be loaded"
          description={errorText(channels.error)}
          onRetry={() => channels.refetch()}
        />
      ) : channels.data.items.length === 0 ? (
        <Card padding="large">
          <EmptyState
            title="No channels on the platform yet"
            description="Channels appear here as sellers connect their marketplaces."
          />
        </Card>
      ) : (
        <Card padding="large">
          {failing.length ? (
            <Alert tone="critical" title={`${failing.length} channel${failing.length === 1 ? '' : 's'} in error`}>
              Sync keeps retrying them: each comes back by itself once its marketplace answers again, or once its seller
              reconnects it.
            </Alert>
          ) : null}
          <Table caption="Channels of every account">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Account</TableHeaderCell>
                <TableHeaderCell>Marketplace</TableHeaderCell>
                <TableHeaderCell>Role</TableHeaderCell>
                <TableHeaderCell>Health</TableHeaderCell>
                <TableHeaderCell>Listings</TableHeaderCell>
                <TableHeaderCell>Last sync</TableHeaderCell>
                <TableHeaderCell>Actions</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {channels.data.items.map(({ accountId, accountName, channel }) => (
                <TableRow key={channel.id}>
                  <TableCell>{accountName}</TableCell>
                  <TableCell>
                    {marketplaceNames[channel.kind]} · {channel.displayName}
                    {channel.environment === 'sandbox' ? ' (sandbox)' : ''}
                  </TableCell>
                  <TableCell>{channel.role === 'main' ? 'Main' : 'Target'}</TableCell>
                  <TableCell>
                    <Badge tone={statusTones[channel.status]}>{statusLabels[channel.status]}</Badge>
                    {channel.statusReason && channel.status === 'error' ? (
                      <Text size="xsmall" tone="critical">
                        {channel.statusReason}
                      </Text>
                    ) : null}
                  </TableCell>
                  <TableCell>
                    <Text size="small">{channel.health.listings.toLocaleString('en-US')}</Text>
                    <Text
                      size="xsmall"
                      tone={channel.health.listingsInError + channel.health.failures24h > 0 ? 'critical' : 'secondary'}
                    >
                      {channel.health.listingsInError} in error · {channel.health.failures24h} refused in 24 h ·{' '}
                      {channel.health.waitingWrites} waiting
                    </Text>
                  </TableCell>
                  <TableCell>
                    <span data-account={accountId}>{formatWhen(channel.lastSyncAt)}</span>
                  </TableCell>
                  <TableCell>
                    <ChannelActions item={{ accountId, accountName, channel }} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}

/** Force a sync, or pause a failing channel (and resume it). */
function ChannelActions({ item }: { item: AdminChannel }) {
  const { toast } = useToast();
  const sync = useForceChannelSync();
  const pause = useAdminPauseChannel();
  const resume = useAdminResumeChannel();
  const { channel, accountName } = item;
  const name = `${marketplaceNames[channel.kind]} of ${accountName}`;
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorText(error), variant: 'destructive' });
  return (
    <div className={styles.actions}>
      <Button
        size="small"
        variant="secondary"
        disabled={channel.status === 'paused' || sync.isPending}
        aria-label={`Force sync: ${name}`}
        onClick={() =>
          sync.mutate(channel.id, {
            onSuccess: () =>
              toast({ title: 'Sync Started', description: `${name} is being read again.`, variant: 'success' }),
            onError: failed('Sync Not Started'),
          })
        }
      >
        Force sync
      </Button>
      {channel.status === 'paused' ? (
        <Button
          size="small"
          variant="secondary"
          disabled={resume.isPending}
          aria-label={`Resume: ${name}`}
          onClick={() =>
            resume.mutate(channel.id, {
              onSuccess: () =>
                toast({ title: 'Channel Resumed', description: `${name} syncs again.`, variant: 'success' }),
              onError: failed('Channel Not Resumed'),
            })
          }
        >
          Resume
        </Button>
      ) : (
        <Button
          size="small"
          variant="secondary"
          disabled={pause.isPending}
          aria-label={`Pause: ${name}`}
          onClick={() =>
            pause.mutate(channel.id, {
              onSuccess: () =>
                toast({
                  title: 'Channel Paused',
                  description: `${name} is paused until someone resumes it.`,
                  variant: 'success',
                }),
              onError: failed('Channel Not Paused'),
            })
          }
        >
          Pause
        </Button>
      )}
    </div>
  );
}

export default ChannelManagementPage;
