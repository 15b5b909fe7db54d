import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  ApiError,
  catalogueExportUrl,
  errorText,
  useCatalogue,
  useChannels,
  useListingsEvents,
  type CatalogueSort,
  type ListingSelection,
} from '../../../api';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Field,
  Input,
  LinkProvider,
  Select,
  Spinner,
  type LinkComponentProps,
} from '../../../index';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { BulkEditDialog } from '../BulkEdit/BulkEditDialog';
import { CsvImportDialog } from '../CsvImport/CsvImportDialog';
import { PublishDialog } from '../Publish/PublishDialog';
import { CatalogueGrid } from './CatalogueGrid';
import { ListingDrawer } from './ListingDrawer';
import {
  PAGE_SIZE,
  SEARCH_DEBOUNCE_MS,
  filterOf,
  formatCount,
  isFiltered,
  listingStatusLabels,
  listingStatuses,
  rangeText,
  readView,
  skuLimitTitle,
  writeView,
  type CatalogueView,
} from './catalogueState';
import * as styles from './Catalogue.css';

/** The export is a file the browser downloads, not a page of the app: a plain link, past the router. */
function DownloadLink(props: LinkComponentProps) {
  return <a {...props} download />;
}

type Dialog = 'bulk-edit' | 'publish' | 'import' | null;

/** The Catalogue tab: every SKU with its listing on each channel, filtered, sorted and paged by the server. */
export function CatalogueTab() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const view = readView(search);
  const sku = new URLSearchParams(search).get('sku');
  const catalogue = useCatalogue({ ...view, pageSize: PAGE_SIZE });
  const channels = useChannels();
  useListingsEvents();

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [query, setQuery] = useState(view.q ?? '');
  const [tagTyped, setTagTyped] = useState(view.tag ?? '');

  const go = (nextSearch: string) => navigate(nextSearch ? `${location}?${nextSearch}` : location, { replace: true });
  // A new filter is a new set of rows: back to the first page, nothing selected.
  const setFilter = (changes: Partial<CatalogueView>) => {
    setSelected(new Set());
    setAllMatching(false);
    go(writeView(search, { ...view, ...changes, page: 1 }));
  };
  // The selection is of SKUs, not of a page: it stays while paging.
  const setPage = (page: number) => go(writeView(search, { ...view, page }));
  const sortBy = (column: CatalogueSort) =>
    go(
      writeView(search, {
        ...view,
        sort: column,
        order: view.sort === column && view.order === 'asc' ? 'desc' : 'asc',
        page: 1,
      }),
    );
  const openSku = (next: string | null) => {
    const params = new URLSearchParams(search);
    if (next === null) params.delete('sku');
    else params.set('sku', next);
    go(params.toString());
  };

  // Typing reaches the address after a pause; the address wins when it changes otherwise (back, reload).
  const q = view.q ?? '';
  useEffect(() => setQuery(q), [q]);
  useEffect(() => {
    if (query.trim() === q) return;
    const timer = setTimeout(() => setFilter({ q: query.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query]);

  const tag = view.tag ?? '';
  useEffect(() => setTagTyped(tag), [tag]);
  useEffect(() => {
    if (tagTyped.trim() === tag) return;
    const timer = setTimeout(() => setFilter({ tag: tagTyped.trim() || undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only typing starts the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tagTyped]);

  const rows = catalogue.data?.items ?? [];
  const total = catalogue.data?.total ?? 0;
  const hasMain = channels.data?.items.some((channel) => channel.role === 'main') ?? true;
  const selection: ListingSelection = allMatching ? { filter: filterOf(view) } : { productIds: [...selected] };
  const selectedCount = allMatching ? total : selected.size;
  const pageIds = rows.flatMap((row) => (row.productId ? [row.productId] : []));
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const { page: _page, ...exportView } = view;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const toggle = (productId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(productId)) next.delete(productId);
      else next.add(productId);
      return next;
    });
  const togglePage = (select: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (select) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  };
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };

  // Staff not viewing as a seller: nothing to select or edit, so no toolbar either.
  if (catalogue.error instanceof ApiError && catalogue.error.status === 403) {
    return (
      <Card padding="large">
        <EmptyState
          title="You don't have access to this page"
          description="Listings belong to a seller's account. Staff see them by viewing as the seller."
        />
      </Card>
    );
  }

  if (!channels.isPending && !hasMain) {
    return (
      <Card padding="large">
        <EmptyState
          title="No main channel yet"
          description="Connect the marketplace that holds your true stock first: we import its catalogue, and your SKUs show here with their listing on every channel."
          action={<Button href="/channels">Connect a channel</Button>}
        />
      </Card>
    );
  }

  return (
    <div className={styles.tab}>
      <div className={styles.toolbar}>
        <div className={styles.actions}>
          <Button variant="secondary" disabled={selectedCount === 0} onClick={() => setDialog('bulk-edit')}>
            Bulk edit
          </Button>
          <Button
            variant="secondary"
            disabled={selected.size === 0 || allMatching}
            onClick={() => setDialog('publish')}
          >
            Publish to channel
          </Button>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setDialog('import')}>
            Import CSV
          </Button>
          <LinkProvider component={DownloadLink}>
            <Button variant="secondary" href={catalogueExportUrl(exportView)}>
              Export CSV
            </Button>
          </LinkProvider>
        </div>
      </div>
      <div className={styles.filters} role="search" aria-label="Catalogue">
        <Field label="Search">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="SKU, title, GTIN or brand"
              maxLength={200}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          )}
        </Field>
        <Field label="Tag">
          {(control) => (
            <Input
              {...control}
              type="search"
              placeholder="Any tag"
              maxLength={255}
              value={tagTyped}
              onChange={(event) => setTagTyped(event.target.value)}
            />
          )}
        </Field>
        <Field label="Channel">
          {(control) => (
            <Select
              {...control}
              value={view.channelId ?? ''}
              onChange={(event) => setFilter({ channelId: event.target.value || undefined })}
            >
              <option value="">All channels</option>
              {channels.data?.items.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  {`${marketplaceNames[channel.kind]} · ${channel.displayName}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Status">
          {(control) => (
            <Select
              {...control}
              value={view.status ?? ''}
              onChange={(event) =>
                setFilter({ status: listingStatuses.find((status) => status === event.target.value) })
              }
            >
              <option value="">Any status</option>
              {listingStatuses.map((status) => (
                <option key={status} value={status}>
                  {listingStatusLabels[status]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className={styles.checks}>
          <label className={styles.checkLabel}>
            <input
              type="checkbox"
              checked={view.outOfStock ?? false}
              onChange={(event) => setFilter({ outOfStock: event.target.checked || undefined })}
            />
            Out of stock
          </label>
          <label className={styles.checkLabel}>
            <input
              type="checkbox"
              checked={view.withErrors ?? false}
              onChange={(event) => setFilter({ withErrors: event.target.checked || undefined })}
            />
            With errors
          </label>
        </div>
      </div>
      {catalogue.data?.skuLimit && catalogue.data.skusBeyondLimit ? (
        <Alert
          tone="caution"
          title={skuLimitTitle(
            catalogue.data.skuLimit,
            catalogue.data.skusBeyondLimit,
            isFiltered(view) ? null : total,
          )}
        >
          <span>
            {`The other ${formatCount(catalogue.data.skusBeyondLimit)} on your main channel are not imported or synced; nothing is deleted. `}
          </span>
          <Button variant="link" size="small" href="/billing">
            Upgrade your plan
          </Button>
        </Alert>
      ) : null}
      {selectedCount > 0 ? (
        <div className={styles.selectionBar} role="status">
          <span>
            {allMatching
              ? `All ${formatCount(total)} matching SKUs are selected.`
              : `${formatCount(selected.size)} selected.`}
          </span>
          {!allMatching && pageAllSelected && total > rows.length ? (
            <Button variant="link" size="small" onClick={() => setAllMatching(true)}>
              {`Select all ${formatCount(total)} matching`}
            </Button>
          ) : null}
          <Button variant="link" size="small" onClick={clearSelection}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {catalogue.isPending ? (
        <Spinner label="Loading catalogue..." />
      ) : catalogue.isError ? (
        <ErrorState
          title="The catalogue could not be loaded"
          description={errorText(catalogue.error)}
          onRetry={() => catalogue.refetch()}
          retrying={catalogue.isFetching}
        />
      ) : total === 0 ? (
        <Card padding="large">
          {isFiltered(view) ? (
            <EmptyState
              title="No SKUs match"
              description="Try other words or fewer filters."
              action={
                <Button
                  variant="secondary"
                  onClick={() =>
                    setFilter({
                      q: undefined,
                      channelId: undefined,
                      status: undefined,
                      outOfStock: undefined,
                      withErrors: undefined,
                      tag: undefined,
                    })
                  }
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              title="No SKUs yet"
              description="Your main channel's catalogue shows here once it is imported."
            />
          )}
        </Card>
      ) : rows.length === 0 ? (
        // A page past the last (an old link, ?page=999): say so, with the way back.
        <Card padding="large">
          <EmptyState
            title={`No SKUs on page ${formatCount(view.page)}`}
            description={`${isFiltered(view) ? 'These filters keep' : 'Your catalogue has'} ${formatCount(total)} SKU${total === 1 ? '' : 's'}, on ${formatCount(lastPage)} page${lastPage === 1 ? '' : 's'}.`}
            action={
              <Button variant="secondary" onClick={() => setPage(lastPage)}>
                {`Go to page ${formatCount(lastPage)}`}
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <CatalogueGrid
            rows={rows}
            sort={view.sort}
            order={view.order}
            onSort={sortBy}
            selected={selected}
            allMatching={allMatching}
            onToggle={toggle}
            onTogglePage={togglePage}
            onOpen={openSku}
          />
          <nav className={styles.pager} aria-label="Catalogue pages">
            <span>{rangeText(catalogue.data.page, catalogue.data.pageSize, rows.length, total)}</span>
            <div className={styles.pagerButtons}>
              <Button variant="secondary" size="small" disabled={view.page <= 1} onClick={() => setPage(view.page - 1)}>
                Previous
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={view.page * PAGE_SIZE >= total}
                onClick={() => setPage(view.page + 1)}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
      <ListingDrawer sku={sku} onClose={() => openSku(null)} />
      {dialog === 'bulk-edit' ? (
        <BulkEditDialog open onOpenChange={(open) => !open && setDialog(null)} selection={selection} />
      ) : null}
      {dialog === 'publish' ? (
        <PublishDialog open onOpenChange={(open) => !open && setDialog(null)} productIds={[...selected]} />
      ) : null}
      {dialog === 'import' ? <CsvImportDialog open onOpenChange={(open) => !open && setDialog(null)} /> : null}
    </div>
  );
}
