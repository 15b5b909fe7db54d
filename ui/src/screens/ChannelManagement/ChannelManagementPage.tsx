import { Alert, Badge, Card, EmptyState, ErrorState, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text } from '../../index';
import { ApiError, errorText, useAdminChannels } from '../../api';
import { NoAccess, PageHeader } from '../SignedInPage/SignedInPage';
import { formatWhen, marketplaceNames, statusLabels, statusTones } from '../Channels/channelTexts';

/** /admin/channels: every account's channels with their health, for platform staff (pages.md section 3). */
export function ChannelManagementPage() {
  const channels = useAdminChannels();
  if (channels.error instanceof ApiError && channels.error.status === 403) return <NoAccess title="Channel Management" />;
  const failing = channels.data?.items.filter((i) => i.channel.status === 'error') ?? [];
  return (
    <>
      <PageHeader title="Channel Management" description="Every account's channels with their health." />
      {channels.isPending ? (
        <Spinner label="Loading channels..." />
      ) : channels.isError ? (
        <ErrorState title="Channels could not be loaded" description={errorText(channels.error)} onRetry={() => channels.refetch()} />
      ) : channels.data.items.length === 0 ? (
        <Card padding="large">
          <EmptyState title="No channels on the platform yet" description="Channels appear here as sellers connect their marketplaces." />
        </Card>
      ) : (
        <Card padding="large">
          {failing.length ? (
            <Alert tone="critical" title={`${failing.length} channel${failing.length === 1 ? '' : 's'} in error`}>
              Sync has stopped for these channels until their sellers reconnect them.
            </Alert>
          ) : null}
          <Table caption="Channels of every account">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>Account</TableHeaderCell>
                <TableHeaderCell>Marketplace</TableHeaderCell>
                <TableHeaderCell>Role</TableHeaderCell>
                <TableHeaderCell>Health</TableHeaderCell>
                <TableHeaderCell>Last sync</TableHeaderCell>
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
                    <span data-account={accountId}>{formatWhen(channel.lastSyncAt)}</span>
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

export default ChannelManagementPage;
