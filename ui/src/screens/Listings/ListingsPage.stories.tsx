import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  AMAZON_PRICE_REFUSED,
  WALMART_ITEM_SUPPRESSED,
  authHandlers,
  channelHandlers,
  listingHandlers,
  resetListingMocks,
} from '@hub/mocks';
import { ListingsPage } from './ListingsPage';
import { storyLocation, withRouter } from '../../testing/storyRouter';

const meta = {
  title: 'Screens/Listings',
  component: ListingsPage,
  decorators: [withRouter],
  parameters: {
    route: '/listings',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.mainAndTargets,
        listings: listingHandlers.populated,
      },
    },
  },
} satisfies Meta<typeof ListingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const page = () => within(document.body);
const grid = async (canvasElement: HTMLElement) => within(canvasElement).findByRole('table', { name: 'Catalogue' });
/** The rows of the grid now in the document (the header row left out). */
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.closest('tbody') && !row.hasAttribute('aria-hidden'));
const rowOf = async (canvasElement: HTMLElement, sku: string) => {
  const button = await within(await grid(canvasElement)).findByRole('button', { name: `Open ${sku}` });
  return button.closest('tr') as HTMLElement;
};
const params = () => new URLSearchParams(storyLocation.current.path.split('?')[1] ?? '');

export const Loading: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.loading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
    await expect(await canvas.findByText('Loading catalogue...')).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Catalogue' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const NoMainChannel: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.none, listings: listingHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No main channel yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/channels');
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await grid(canvasElement);
    await expect(canvas.getByText('Showing 1–50 of 1,240')).toBeVisible();
    const first = await rowOf(canvasElement, 'CH-00001');
    await expect(within(first).getByRole('img', { name: 'Oak Candle 0001' })).toBeVisible();
    await expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 7' })).toBeVisible();
    await expect(within(first).getByRole('img', { name: 'Amazon · Active · Price $12.36 · Qty 3' })).toBeVisible();
    // Windowed: 50 rows on the page, only those in view (and a few around) in the document.
    const rendered = bodyRows(table);
    await expect(rendered.length).toBeGreaterThan(5);
    await expect(rendered.length).toBeLessThan(50);
    await expect(within(table).queryByRole('button', { name: 'Open CH-00050' })).not.toBeInTheDocument();
    await expect(table).toHaveAttribute('aria-rowcount', '51');

    // Sorting by a column header, twice for the other way; the address keeps it.
    await expect(canvas.getByRole('columnheader', { name: /SKU/ })).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(canvas.getByRole('button', { name: /Available/ }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Available/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await userEvent.click(canvas.getByRole('button', { name: /Available/ }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Available/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await expect(params().get('sort')).toBe('available');
    await expect(params().get('order')).toBe('desc');

    // Paging is the server's.
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByText('Showing 51–100 of 1,240')).toBeVisible());
    await expect(params().get('page')).toBe('2');
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(canvas.getByText('Showing 1–50 of 1,240')).toBeVisible());
  },
};

export const SelectAllMatching: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Bulk edit' })).toBeDisabled();
    await userEvent.click(
      within(await rowOf(canvasElement, 'CH-00002')).getByRole('checkbox', { name: 'Select CH-00002' }),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('1 selected.');
    await expect(canvas.getByRole('button', { name: 'Bulk edit' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Publish to channel' })).toBeEnabled();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all on this page' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('50 selected.');
    await userEvent.click(canvas.getByRole('button', { name: 'Select all 1,240 matching' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('All 1,240 matching SKUs are selected.');
    // Publishing names SKUs one by one: it is not offered for a whole filter.
    await expect(canvas.getByRole('button', { name: 'Publish to channel' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear selection' }));
    await expect(canvas.queryByRole('status')).not.toBeInTheDocument();
  },
};

export const ToolbarOpensTheDialogs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    for (const sku of ['CH-00001', 'CH-00002'])
      await userEvent.click(within(await rowOf(canvasElement, sku)).getByRole('checkbox', { name: `Select ${sku}` }));
    // The selection stays while paging.
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByText('Showing 51–100 of 1,240')).toBeVisible());
    await expect(canvas.getByRole('status')).toHaveTextContent('2 selected.');
    await userEvent.click(canvas.getByRole('button', { name: 'Bulk edit' }));
    await expect(await page().findByRole('dialog', { name: 'Bulk edit' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Publish to channel' }));
    await expect(await page().findByRole('dialog', { name: 'Publish to a channel' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(canvas.getByRole('button', { name: 'Import CSV' }));
    await expect(await page().findByRole('dialog', { name: 'Import CSV' })).toBeVisible();
  },
};

export const SearchAndFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'CH-0011');
    // The search reaches the address (and the server) after a pause in typing.
    await waitFor(() => expect(canvas.getByText('Showing 1–10 of 10')).toBeVisible());
    await expect(params().get('q')).toBe('CH-0011');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Out of stock' }));
    await waitFor(() => expect(canvas.getByText('Showing 1–1 of 1')).toBeVisible());
    await expect(await rowOf(canvasElement, 'CH-00119')).toBeVisible();
    await expect(params().get('outOfStock')).toBe('true');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Inactive');
    await waitFor(() => expect(params().get('status')).toBe('inactive'));
    // The export follows the filter and the sort shown.
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/listings/export?q=CH-0011&status=inactive&outOfStock=true&sort=sku&order=asc',
    );
  },
};

/** The SKUs holding a tag (any case): the seller's own labels, the same a pricing rule can price. */
export const FilteredByTag: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await grid(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Tag' }), 'gift IDEAS');
    await waitFor(() => expect(params().get('tag')).toBe('gift IDEAS'));
    await waitFor(() => expect(canvas.getByText(/^Showing 1–50 of 41[0-9]$/)).toBeVisible());
    await expect(canvas.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/listings/export?tag=gift+IDEAS&sort=sku&order=asc',
    );
  },
};

export const FilteredToNothing: Story = {
  parameters: { route: '/listings?q=no-such-thing&withErrors=true' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No SKUs match' })).toBeVisible();
    // The filter came from the address and shows in the controls.
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('no-such-thing');
    await expect(canvas.getByRole('checkbox', { name: 'With errors' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findByText('Showing 1–50 of 1,240')).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  },
};

export const PushInProgress: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.pushInProgress } } },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    // The confirmed values, the ones on their way, and a "sending" marker.
    const amazon = within(first).getByRole('img', {
      name: 'Amazon · Active · Price $12.36 → $11.12 · Qty 3 → 1 · sending',
    });
    await expect(amazon).toHaveTextContent('sending');
    await expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 7' })).toBeVisible();
    const sixth = await rowOf(canvasElement, 'CH-00006');
    await expect(within(sixth).queryByText('sending')).not.toBeInTheDocument();
  },
};

export const PushConfirmedWhileWatching: Story = {
  beforeEach: () => resetListingMocks(),
  parameters: { msw: { handlers: { sync: [], listings: listingHandlers.pushConfirmedLive } } },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    await expect(
      within(first).getByRole('img', { name: /^Amazon · Active · Price \$12\.36 → \$11\.12/ }),
    ).toBeVisible();
    // The stream says the SKU changed: the chip follows without a reload.
    await waitFor(
      () => expect(within(first).getByRole('img', { name: 'Amazon · Active · Price $11.12 · Qty 1' })).toBeVisible(),
      { timeout: 4_000 },
    );
  },
};

export const PartialFailure: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.partialFailure } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const second = await rowOf(canvasElement, 'CH-00002');
    // A chip in error can be focused; the marketplace's message describes it. As a button it is named by the
    // words it shows, with "price" and "quantity" said where the chip shows "$" and "×".
    const refused = within(second).getByRole('button', { name: /^Amazon Error price \$[\d.]+ quantity \d+$/ });
    await expect(refused).toHaveAccessibleDescription(AMAZON_PRICE_REFUSED);
    refused.focus();
    await expect(within(second).getByRole('tooltip')).toHaveTextContent(AMAZON_PRICE_REFUSED);
    const third = await rowOf(canvasElement, 'CH-00003');
    await expect(within(third).getByRole('button', { name: /^Walmart Suppressed price/ })).toHaveAccessibleDescription(
      WALMART_ITEM_SUPPRESSED,
    );
    // Only the SKUs with a refusal.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'With errors' }));
    await waitFor(() => expect(canvas.getByText('Showing 1–6 of 6')).toBeVisible());
  },
};

export const TakenOffSale: Story = {
  parameters: {
    msw: { handlers: { channels: channelHandlers.withShopifyTarget, listings: listingHandlers.takenOffSale } },
  },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    await expect(
      within(first).getByRole('img', { name: 'Amazon · Inactive · Price — · Qty 3 · taken off sale' }),
    ).toBeVisible();
    const second = await rowOf(canvasElement, 'CH-00002');
    await expect(
      within(second).getByRole('img', {
        name: /^Shopify · Inactive · Price \$[\d.]+ · Qty 0 · taken off sale, 0 units offered$/,
      }),
    ).toBeVisible();
    // The drawer says why it stays off sale, and on Shopify what that means for the product.
    await userEvent.click(within(second).getByRole('button', { name: 'Open CH-00002' }));
    const drawer = await page().findByRole('dialog', { name: 'CH-00002' });
    const outlet = (await within(drawer).findAllByRole('article', { name: 'Shopify listing' })).find((a) =>
      within(a).queryByText(/taken|took/),
    )!;
    await expect(
      within(outlet).getByText(
        /Shopify has no status per variant: this SKU is offered 0 units while the other variants of its product stay on sale/,
      ),
    ).toBeVisible();
  },
};

export const SkuOnlyOnTarget: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.skuOnlyOnTarget } } },
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'AMZ-ONLY-7');
    await expect(within(row).getByText('Not on the main channel')).toBeVisible();
    await expect(within(row).getByRole('img', { name: 'Amazon · Active · Price $24.00 · Qty 3' })).toBeVisible();
    // Nothing to edit from the main channel: it cannot be selected.
    await expect(within(row).getByRole('checkbox', { name: 'Select AMZ-ONLY-7' })).toBeDisabled();
    await userEvent.click(within(row).getByRole('button', { name: 'Open AMZ-ONLY-7' }));
    const drawer = await page().findByRole('dialog', { name: 'AMZ-ONLY-7' });
    await expect(
      await within(drawer).findByText('This SKU is on a target channel only: your main channel does not have it.'),
    ).toBeVisible();
  },
};

export const DrawerWithHistory: Story = {
  parameters: { route: '/listings?sku=CH-00001' },
  play: async () => {
    const drawer = await page().findByRole('dialog', { name: 'CH-00001' });
    await waitFor(() => expect(drawer).toHaveAccessibleDescription('Oak Candle 0001'));
    const body = within(drawer);
    await expect(await body.findByText('11.36 USD')).toBeVisible();
    const amazon = body.getByRole('article', { name: 'Amazon listing' });
    await expect(within(amazon).getByText('1.00 more than main')).toBeVisible();
    const history = within(body.getByRole('region', { name: 'Change history' }));
    await expect(history.getByText('Order')).toBeVisible();
    await expect(history.getByText('114-3941689-8772232')).toBeVisible();
    await expect(history.getByText('Available on Amazon: 8 → 7')).toBeVisible();
    await expect(history.getByText('Bulk edit')).toBeVisible();
    await expect(history.getByText('Price: 21.99 USD → 19.99 USD')).toBeVisible();
    await expect(history.getByText('Walmart: Failed')).toBeVisible();
    await expect(history.getByText(WALMART_ITEM_SUPPRESSED)).toBeVisible();
    await expect(history.getByText('Amazon: Retrying')).toBeVisible();
    await expect(history.getByText('Main channel change')).toBeVisible();
    // Escape closes it, and the address forgets the SKU.
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(params().get('sku')).toBeNull();
  },
};

export const OpenDrawerFromRow: Story = {
  play: async ({ canvasElement }) => {
    const row = await rowOf(canvasElement, 'CH-00003');
    await userEvent.click(within(row).getByText('Stoneware Cushion 0003'));
    const drawer = await page().findByRole('dialog', { name: 'CH-00003' });
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await expect(params().get('sku')).toBe('CH-00003');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    // From the keyboard: Enter on the SKU.
    within(row).getByRole('button', { name: 'Open CH-00003' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(await page().findByRole('dialog', { name: 'CH-00003' })).toBeVisible();
  },
};

export const LoadError: Story = {
  beforeEach: () => resetListingMocks(),
  parameters: { msw: { handlers: { listings: listingHandlers.failsOnce } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The catalogue could not be loaded');
    await expect(alert).toHaveTextContent('The service is briefly unavailable. Try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await expect(await canvas.findByText('Showing 1–50 of 1,240')).toBeVisible();
  },
};

export const NoAccess: Story = {
  parameters: {
    msw: { handlers: { auth: authHandlers.signedInSuperUser, channels: [], listings: listingHandlers.forbidden } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible(),
    );
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Bulk edit' })).not.toBeInTheDocument();
  },
};

export const TabInTheAddress: Story = {
  parameters: { route: '/listings?tab=drift' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Drift' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(canvas.getByRole('tab', { name: 'Sync activity' }));
    await waitFor(() => expect(params().get('tab')).toBe('activity'));
    await userEvent.click(canvas.getByRole('tab', { name: 'Catalogue' }));
    await expect(await grid(canvasElement)).toBeVisible();
    await expect(params().get('tab')).toBeNull();
  },
};
