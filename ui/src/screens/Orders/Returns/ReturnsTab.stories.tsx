import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { channelFixtures, generateOrders, orderFixtures, orderHandlers, returnBeforeConnection } from '@hub/mocks';
import type { OrdersPage } from '../OrdersPage';
import { drawerOf, ordersMeta, params } from '../ordersStories';
import { findInToast } from '../../../testing/storyToasts';
import { onAPhone } from '../../../testing/storyViewports';

const meta = {
  title: 'Screens/Orders/Returns',
  ...ordersMeta,
  parameters: { ...ordersMeta.parameters, route: '/orders?tab=returns' },
} satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { deliveredAmazon } = orderFixtures;
/** Every return the mocked channels reported. */
const allReturns = [...generateOrders().flatMap((order) => order.returns), returnBeforeConnection];

const returnsTable = (canvasElement: HTMLElement) => within(canvasElement).findByRole('table', { name: 'Returns' });
async function returnRow(canvasElement: HTMLElement, text: string): Promise<HTMLElement> {
  const table = within(await returnsTable(canvasElement));
  return (await table.findByText(text)).closest('tr') as HTMLElement;
}

const returnsList: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  // From the Orders tab: the Returns tab is in the address.
  await canvas.findByRole('table', { name: 'Orders' });
  await userEvent.click(canvas.getByRole('tab', { name: 'Returns' }));
  await expect(params().get('tab')).toBe('returns');
  await returnsTable(canvasElement);
  await expect(canvas.getByText('Showing 25 returns')).toBeVisible();
  // Amazon's return: received, waiting to be restocked.
  const amazon = within(await returnRow(canvasElement, 'Defective: stopped working after one use'));
  await expect(amazon.getByText('Amazon')).toBeVisible();
  await expect(amazon.getByText('CH-00020')).toBeVisible();
  await expect(amazon.getByText('Received')).toBeVisible();
  await expect(amazon.getByText('Not yet')).toBeVisible();
  await expect(
    amazon.getByRole('button', { name: `Restock the return of order ${deliveredAmazon.orderNumber}` }),
  ).toBeVisible();
  // A return of an order from before the channel was connected: no order to open.
  const orphan = within(await returnRow(canvasElement, returnBeforeConnection.orderNumber));
  await expect(orphan.getByText('From before the channel was connected')).toBeVisible();
  // The next page, by the server's cursor; then there is no more.
  await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
  await expect(await canvas.findByText(`Showing ${allReturns.length} returns`)).toBeVisible();
  await expect(canvas.getByText(`That's all ${allReturns.length} returns.`)).toBeVisible();
  // A return opens its order.
  await userEvent.click(amazon.getByRole('button', { name: `Open order ${deliveredAmazon.orderNumber}` }));
  const drawer = await drawerOf(deliveredAmazon.orderNumber);
  await expect(within(within(drawer).getByRole('region', { name: 'Returns' })).getByText('Received')).toBeVisible();
  await expect(params().get('orderId')).toBe(deliveredAmazon.id);
};

export const ReturnsList: Story = { parameters: { route: '/orders' }, play: returnsList };

export const ReturnsListOnAPhone: Story = { parameters: { route: '/orders' }, globals: onAPhone, play: returnsList };

export const ReturnsFilteredByStatusAndChannel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await returnsTable(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Status' }), 'Received');
    await waitFor(() => expect(params().get('status')).toBe('received'));
    const received = allReturns.filter((ret) => ret.status === 'received');
    await expect(await canvas.findByText(`Showing ${received.length} returns`)).toBeVisible();
    const table = within(await returnsTable(canvasElement));
    await expect(table.getAllByText('Received')).toHaveLength(received.length);
    // eBay reports no returns: the empty list says where they are.
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Channel' }), 'eBay · cooperhome_store');
    await expect(await canvas.findByRole('heading', { name: 'No returns match' })).toBeVisible();
    await expect(canvas.getByText('eBay reports none to us: handle its returns in Seller Hub.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(await canvas.findByText('Showing 25 returns')).toBeVisible();
    await expect(params().get('status')).toBeNull();
    await expect(params().get('tab')).toBe('returns');
  },
};

export const ReturnsEmpty: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.noReturns } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No returns yet' })).toBeVisible();
    // The eBay sentence comes with the channels, which may arrive after the returns.
    await expect(
      await canvas.findByText(
        'Returns appear here as your channels report them, ready to restock once the units are back. eBay reports none to us: handle its returns in Seller Hub.',
      ),
    ).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Returns' })).not.toBeInTheDocument();
  },
};

export const ReturnsLoading: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.returnsLoading } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Loading returns...')).toBeInTheDocument();
    await expect(canvas.getByRole('tab', { name: 'Returns' })).toHaveAttribute('aria-selected', 'true');
  },
};

export const ErrorLoadingReturns: Story = {
  parameters: { msw: { handlers: { orders: orderHandlers.returnsFailOnce } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('The returns could not be loaded');
    await expect(alert).toHaveTextContent('The service is briefly unavailable. Try again.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await expect(await canvas.findByText('Showing 25 returns')).toBeVisible();
  },
};

const restockReturn: Story['play'] = async ({ canvasElement }) => {
  const row = within(await returnRow(canvasElement, 'Defective: stopped working after one use'));
  await userEvent.click(
    row.getByRole('button', { name: `Restock the return of order ${deliveredAmazon.orderNumber}` }),
  );
  // On hand again on the main channel (Shopify), once.
  await expect(await findInToast('Units back on hand on Shopify')).toBeVisible();
  await expect(await findInToast(/1 × CH-00020 from the return of order/)).toBeVisible();
  await waitFor(() => expect(row.getByText(/Restocked .* by Alex Cooper/)).toBeVisible());
  await expect(row.queryByRole('button', { name: /Restock/ })).not.toBeInTheDocument();
};

export const RestockReturn: Story = { play: restockReturn };

export const RestockReturnOnAPhone: Story = { globals: onAPhone, play: restockReturn };

export const ReturnsOfOneChannel: Story = {
  parameters: { route: `/orders?tab=returns&channelId=${channelFixtures.walmartPaused.id}` },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const walmart = allReturns.filter((ret) => ret.channel.kind === 'walmart');
    await expect(await canvas.findByText(`Showing ${walmart.length} returns`)).toBeVisible();
    // The channel's choice exists once the channels are read, which may come after the returns.
    await waitFor(() =>
      expect(canvas.getByRole('combobox', { name: 'Channel' })).toHaveValue(channelFixtures.walmartPaused.id),
    );
    const table = within(await returnsTable(canvasElement));
    await expect(table.getAllByText('Walmart')).toHaveLength(walmart.length);
  },
};
