import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, channelFixtures, channelHandlers, orderFixtures, orderHandlers } from '@hub/mocks';
import type { OrdersPage } from './OrdersPage';
import { drawerOf, ordersMeta, ordersTable, page, params, rowOf } from './ordersStories';
import { onAPhone } from '../../testing/storyViewports';

const meta = { title: 'Screens/Orders', ...ordersMeta } satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { lateAmazon, lateEbay, shipmentFailedWalmart, partialEbay, dueTodayShopify, erasedShopify } = orderFixtures;

export const Loading: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.loading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(await canvas.findByText('Loading orders...')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Mark shipped' })).toBeDisabled();
  },
};

export const EmptyWithNextStep: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.none, orders: orderHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No orders yet' })).toBeVisible();
    // Until the channels are read, the empty list cannot say which next step is the one.
    await expect(await canvas.findByText(/its orders appear here as they arrive/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Connect a channel' })).toHaveAttribute('href', '/channels');
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const WaitingForTheFirstOrder: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.empty } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(canvas.getByText(/Orders appear here as they arrive from your channels/)).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Connect a channel' })).not.toBeInTheDocument();
  },
};

export const ErrorLoadingOrders: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.failsOnce } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The orders could not be loaded');
    await expect(alert).toHaveTextContent('The service is briefly unavailable. Try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await expect(await canvas.findByText('Showing 25 of 120 orders')).toBeVisible();
  },
};

const acrossChannels: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await ordersTable(canvasElement);
  await expect(canvas.getByText('Showing 25 of 120 orders')).toBeVisible();
  // One order from each marketplace, with what it needs.
  const amazon = await rowOf(canvasElement, lateAmazon.orderNumber);
  await expect(within(amazon).getByText('Amazon')).toBeVisible();
  await expect(within(amazon).getByText('Late')).toBeVisible();
  await expect(within(amazon).getByText('Jordan Alvarez')).toBeVisible();
  const walmart = await rowOf(canvasElement, shipmentFailedWalmart.orderNumber);
  await expect(within(walmart).getByText('Walmart')).toBeVisible();
  await expect(within(walmart).getByText('Shipment failed')).toBeVisible();
  const ebay = await rowOf(canvasElement, partialEbay.orderNumber);
  await expect(within(ebay).getByText('Partially shipped')).toBeVisible();
  await expect(within(ebay).getByText('Due today')).toBeVisible();
  await expect(within(ebay).getByText('3 lines')).toBeVisible();
  const shopify = await rowOf(canvasElement, dueTodayShopify.orderNumber);
  await expect(within(shopify).getByText('Shopify')).toBeVisible();
  await expect(within(shopify).getByText('CA$53.00')).toBeVisible();
  await expect(within(shopify).getByText('Due today')).toBeVisible();

  // A row opens its order; the address keeps it.
  await userEvent.click(within(walmart).getByText('Priya Raman'));
  const drawer = await drawerOf(shipmentFailedWalmart.orderNumber);
  await expect(params().get('orderId')).toBe(shipmentFailedWalmart.id);
  await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  await expect(params().get('orderId')).toBeNull();
};

export const OrdersAcrossChannels: Story = { play: acrossChannels };

export const OrdersAcrossChannelsOnAPhone: Story = { globals: onAPhone, play: acrossChannels };

export const LoadMoreOrders: Story = {
  parameters: { route: `/orders?channelId=${channelFixtures.amazonTarget.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Showing 25 of 29 orders')).toBeVisible();
    // The next page, by the server's cursor; then there is no more.
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(await canvas.findByText('Showing 29 of 29 orders')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await expect(canvas.getByText("That's all 29 orders.")).toBeVisible();
  },
};

export const SortedByTotal: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ordersTable(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'descending');
    // A total sorts largest first, then the other way.
    await userEvent.click(canvas.getByRole('button', { name: /Total/ }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'descending'),
    );
    await expect(params().get('sort')).toBe('total');
    await userEvent.click(canvas.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(params().get('order')).toBe('asc'));
    // The soonest ship-by dates first.
    await userEvent.click(canvas.getByRole('button', { name: /Ship by/ }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Ship by/ })).toHaveAttribute('aria-sort', 'ascending'),
    );
  },
};

export const BuyerDetailsErasedAfterRetention: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ordersTable(canvasElement);
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), erasedShopify.orderNumber);
    const row = within(await rowOf(canvasElement, erasedShopify.orderNumber));
    // The order stays on the list; where the buyer's name was, the reason it is gone.
    await expect(row.getByText('Buyer details erased')).toBeVisible();
    await expect(row.getByText('Delivered')).toBeVisible();
  },
};

export const SearchAndFilters: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ordersTable(canvasElement);
    const search = canvas.getByRole('searchbox', { name: 'Search' });
    // One character is not enough for the server: nothing is asked yet.
    await userEvent.type(search, 'C');
    await expect(canvas.getByText('Type at least 2 characters.')).toBeVisible();
    // A SKU of one order only.
    await userEvent.type(search, 'H-00006');
    await waitFor(() => expect(canvas.getByText('Showing 1 of 1 order')).toBeVisible());
    await expect(params().get('q')).toBe('CH-00006');
    await expect(await rowOf(canvasElement, partialEbay.orderNumber)).toBeVisible();
    // Filters combine with it; none match this time.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Delivered');
    await expect(await canvas.findByRole('heading', { name: 'No orders match' })).toBeVisible();
    await expect(params().get('status')).toBe('delivered');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findByText('Showing 25 of 120 orders')).toBeVisible();
    await expect(search).toHaveValue('');
    // By channel.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Channel' }), 'eBay · cooperhome_store');
    await waitFor(() => expect(canvas.getByText('Showing 25 of 31 orders')).toBeVisible());
  },
};

export const LateOrders: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await ordersTable(canvasElement);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Late only' }));
    await waitFor(() => expect(canvas.getByText('Showing 6 of 6 orders')).toBeVisible());
    await expect(params().get('late')).toBe('true');
    const table = await ordersTable(canvasElement);
    await expect(within(table).getAllByText('Late')).toHaveLength(6);
    await expect(within(table).queryByText('Due today')).not.toBeInTheDocument();
    await expect(await rowOf(canvasElement, lateAmazon.orderNumber)).toBeVisible();
    await expect(await rowOf(canvasElement, lateEbay.orderNumber)).toBeVisible();
    // Late first: the oldest ship-by date at the top.
    await userEvent.click(canvas.getByRole('button', { name: /Ship by/ }));
    await waitFor(() => expect(params().get('sort')).toBe('shipBy'));
  },
};

export const MoreThanTenThousandOrders: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.moreThanTenThousand } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Showing 25 of 10,000+ orders')).toBeVisible();
  },
};

export const NoAccessForStaff: Story = {
  parameters: {
    msw: { handlers: { auth: authHandlers.signedInSuperUser, channels: [], orders: orderHandlers.forbidden } },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await expect(canvas.getByText(/Staff see them by viewing as the seller/)).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};
