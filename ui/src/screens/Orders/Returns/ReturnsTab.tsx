import { useLocation, useSearch } from 'wouter';
import { ApiError, errorText, useRestockReturn, useReturns, type Channel, type OrderReturn } from '../../../api';
import { Button, Card, EmptyState, ErrorState, Field, Select, Spinner, Text, useToast } from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { returnStatuses } from '../Orders.variants';
import { returnStatusLabels, unitsText } from '../orderActionTexts';
import { plural } from '../orderTexts';
import { ReturnsTable } from './ReturnsTable';
import { isReturnsFiltered, readReturnsView, returnsQueryOf, writeReturnsView, type ReturnsView } from './returnsView';
import * as list from '../List/List.css';
import * as page from '../OrdersPage.css';
import * as styles from './Returns.css';

/** The marketplaces whose APIs report no returns, and where their sellers handle them instead. */
const returnsHandledElsewhere: Partial<Record<Channel['kind'], string>> = { ebay: 'Seller Hub' };

export interface ReturnsTabProps {
  /** The account's channels (undefined while they load). */
  channels: Channel[] | undefined;
  /** The channels are still loading: a refusal waits for them, as the page says it for both. */
  channelsPending: boolean;
  onOpen: (orderId: string) => void;
}

/** Orders › Returns: buyers' returns as the channels report them, to restock once their units are back. */
export function ReturnsTab({ channels, channelsPending, onOpen }: ReturnsTabProps) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readReturnsView(search);
  const returns = useReturns(returnsQueryOf(view));
  const restock = useRestockReturn();
  const { toast } = useToast();
  const main = channels?.find((channel) => channel.role === 'main');
  const mainName = main ? marketplaceNames[main.kind] : 'your main channel';

  const setView = (next: ReturnsView) => {
    const text = writeReturnsView(search, next);
    navigate(text ? `${location}?${text}` : location, { replace: true });
  };
  const restockReturn = (ret: OrderReturn) =>
    restock.mutate(ret.id, {
      onSuccess: () =>
        toast({
          title: `Units back on hand on ${mainName}`,
          description: `${unitsText(ret.lines)} from the return of order ${ret.orderNumber}; every channel is sent its new quantity.`,
          variant: 'success',
        }),
      onError: (error) => toast({ title: 'Not restocked', description: errorText(error), variant: 'destructive' }),
    });

  return (
    <div className={page.page}>
      <div className={styles.filters} role="search" aria-label="Returns">
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={view.status ?? ''}
              onChange={(event) => setView({ ...view, status: returnStatuses.find((s) => s === event.target.value) })}
            >
              <option value="">Any status</option>
              {returnStatuses.map((status) => (
                <option key={status} value={status}>
                  {returnStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Channel">
          {(control) => (
            <Select
              {...control}
              value={view.channelId ?? ''}
              onChange={(event) => setView({ ...view, channelId: event.target.value || undefined })}
            >
              <option value="">All channels</option>
              {channels?.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {`${marketplaceNames[channel.kind]} · ${channel.displayName}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <ReturnsResults
        returns={returns}
        view={view}
        channels={channels}
        channelsPending={channelsPending}
        onClearFilters={() => setView({})}
        onOpen={onOpen}
        onRestock={restockReturn}
        restocking={restock.isPending ? restock.variables : undefined}
      />
    </div>
  );
}

interface ReturnsResultsProps {
  returns: ReturnType<typeof useReturns>;
  view: ReturnsView;
  channels: Channel[] | undefined;
  channelsPending: boolean;
  onClearFilters: () => void;
  onOpen: (orderId: string) => void;
  onRestock: (ret: OrderReturn) => void;
  restocking: string | undefined;
}

/** Where returns come from, said in the empty states: each channel that reports none, and where instead. */
function elsewhereText(channels: Channel[] | undefined): string {
  const kinds = [...new Set(channels?.map((channel) => channel.kind))];
  return kinds
    .flatMap((kind) => {
      const where = returnsHandledElsewhere[kind];
      return where ? [`${marketplaceNames[kind]} reports none to us: handle its returns in ${where}.`] : [];
    })
    .join(' ');
}

/** The list's states: loading, refused, failed, empty (and what to do next), or the returns and "Load more". */
function ReturnsResults({ returns, view, channels, channelsPending, onClearFilters, ...table }: ReturnsResultsProps) {
  const refused = returns.error instanceof ApiError && returns.error.status === 403;
  if (returns.isPending || (refused && channelsPending)) return <Spinner label="Loading returns..." />;
  if (refused)
    return (
      <Card padding="large">
        <EmptyState
          title="You don't have access to this page"
          description="Returns belong to a seller's account. Staff see them by viewing as the seller."
        />
      </Card>
    );
  if (returns.isError && !returns.data)
    return (
      <ErrorState
        title="The returns could not be loaded"
        description={errorText(returns.error)}
        onRetry={() => returns.refetch()}
        retrying={returns.isFetching}
      />
    );

  const rows = returns.data?.pages.flatMap((page) => page.items) ?? [];
  if (rows.length === 0) {
    const channel = channels?.find((candidate) => candidate.id === view.channelId);
    const elsewhere = elsewhereText(channel ? [channel] : channels);
    return (
      <Card padding="large">
        {isReturnsFiltered(view) ? (
          <EmptyState
            title="No returns match"
            description={elsewhere && channel ? elsewhere : 'Try another status or channel.'}
            action={
              <Button variant="secondary" onClick={onClearFilters}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            title="No returns yet"
            description={`Returns appear here as your channels report them, ready to restock once the units are back. ${elsewhere}`.trim()}
          />
        )}
      </Card>
    );
  }

  return (
    <>
      <Text size="small" tone="secondary">
        Restock a return once its units are back: they go on hand on your main channel, and every channel is sent its
        new quantity.
      </Text>
      <ReturnsTable returns={rows} {...table} />
      <div className={list.footer}>
        <span role="status">{`Showing ${plural(rows.length, 'return', 'returns')}`}</span>
        {returns.hasNextPage ? (
          <Button
            variant="secondary"
            size="small"
            loading={returns.isFetchingNextPage}
            onClick={() => void returns.fetchNextPage()}
          >
            Load more
          </Button>
        ) : rows.length > 1 ? (
          <span>{`That's all ${plural(rows.length, 'return', 'returns')}.`}</span>
        ) : null}
      </div>
      {returns.isFetchNextPageError ? (
        <ErrorState
          title="More returns could not be loaded"
          description={errorText(returns.error)}
          onRetry={() => void returns.fetchNextPage()}
          titleLevel={3}
        />
      ) : null}
    </>
  );
}
