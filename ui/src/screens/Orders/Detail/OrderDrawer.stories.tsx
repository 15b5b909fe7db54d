import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  WALMART_SHIPMENT_REFUSED,
  lastShipmentBody,
  orderFixtures,
  orderHandlers,
  ordersWithShopifyCopies,
} from '@hub/mocks';
import type { OrdersPage } from '../OrdersPage';
import { drawerOf, ordersMeta } from '../ordersStories';
import { findInToast } from '../../../testing/storyToasts';
import { onAPhone } from '../../../testing/storyViewports';

const meta = { title: 'Screens/Orders/Order', ...ordersMeta } satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { shipmentFailedWalmart, partialEbay, erasedShopify, dueTodayShopify } = orderFixtures;
const opened = (order: { id: string }) => ({ route: `/orders?orderId=${order.id}` });
const region = (drawer: HTMLElement, name: string) => within(within(drawer).getByRole('region', { name }));

const failedShipment: Story['play'] = async () => {
  const drawer = await drawerOf(shipmentFailedWalmart.orderNumber);
  await expect(drawer).toHaveAccessibleDescription('Walmart · Cooper Home Walmart');
  const body = within(drawer);
  await expect(body.getByText('Not reported by Walmart')).toBeVisible();
  // The failed shipment, with Walmart's own words.
  const shipments = region(drawer, 'Shipments');
  await expect(shipments.getByText('Failed')).toBeVisible();
  const alert = shipments.getByRole('alert');
  await expect(alert).toHaveTextContent('Walmart refused this shipment');
  await expect(alert).toHaveTextContent(WALMART_SHIPMENT_REFUSED);
  // What happened, when and by whom.
  const timeline = region(drawer, 'Timeline');
  await expect(timeline.getByText('Received')).toBeVisible();
  await expect(timeline.getByText('Acknowledged')).toBeVisible();
  await expect(timeline.getByText('Shipment failed')).toBeVisible();
  await expect(timeline.getAllByText('by Walmart')).toHaveLength(2);
  // Where the stock went, each change linked to its SKU's history on the Listings page.
  const stock = region(drawer, 'Stock changes');
  await expect(stock.getByText('Order: Available on Walmart 16 → 14')).toBeVisible();
  await expect(stock.getByRole('link', { name: 'Change history of CH-00002' })).toHaveAttribute(
    'href',
    '/listings?sku=CH-00002',
  );
  const lines = region(drawer, 'Lines (3 units)');
  await expect(lines.getByRole('link', { name: 'Linen Throw 0002' })).toHaveAttribute('href', '/listings?sku=CH-00002');
  await expect(lines.getAllByText('0 shipped · 2 left to ship')).toHaveLength(1);

  // Sent again with the right carrier: on its way, and the drawer shows it.
  const form = within(body.getByRole('form', { name: 'Mark shipped' }));
  await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'UPS');
  await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), '1Z999AA10123456784');
  await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
  await expect(await findInToast(`Order ${shipmentFailedWalmart.orderNumber} marked shipped`)).toBeVisible();
  await waitFor(() => expect(shipments.getByText('Sending')).toBeVisible());
  await expect(body.getByText('Shipped', { selector: 'span' })).toBeVisible();
};

export const ShipmentFailedWithMarketplaceMessage: Story = {
  parameters: opened(shipmentFailedWalmart),
  play: failedShipment,
};

export const ShipmentFailedWithMarketplaceMessageOnAPhone: Story = {
  parameters: opened(shipmentFailedWalmart),
  globals: onAPhone,
  play: failedShipment,
};

const partialShipment: Story['play'] = async () => {
  const drawer = await drawerOf(partialEbay.orderNumber);
  const body = within(drawer);
  await expect(body.getByText('Partially shipped')).toBeVisible();
  await expect(body.getByText('Due today')).toBeVisible();
  // eBay reports its fees on the order.
  await expect(body.getByText('$16.52')).toBeVisible();
  const lines = region(drawer, 'Lines (6 units)');
  await expect(lines.getByText('1 shipped · 1 left to ship')).toBeVisible();
  await expect(lines.getByText('1 shipped · 0 left to ship')).toBeVisible();
  await expect(lines.getByText('0 shipped · 3 left to ship')).toBeVisible();

  // Two of the three units of the last line, in one parcel.
  const form = within(body.getByRole('form', { name: 'Mark shipped' }));
  await userEvent.click(form.getByRole('checkbox', { name: 'Only some units (a partial shipment)' }));
  const first = form.getByRole('spinbutton', { name: 'CH-00004 units' });
  const last = form.getByRole('spinbutton', { name: 'CH-00006 units' });
  // Every unit left, by default; a line with none left is not offered.
  await expect(first).toHaveValue(1);
  await expect(last).toHaveValue(3);
  await expect(form.queryByRole('spinbutton', { name: 'CH-00005 units' })).not.toBeInTheDocument();
  await userEvent.clear(first);
  await userEvent.type(first, '0');
  await userEvent.clear(last);
  await userEvent.type(last, '2');
  await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'USPS');
  await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), '9400111899223344550001');
  await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
  await expect(await findInToast(`Order ${partialEbay.orderNumber} marked shipped`)).toBeVisible();
  await expect(lastShipmentBody()).toEqual({
    dryRun: false,
    shipments: [
      {
        orderId: partialEbay.id,
        carrier: 'USPS',
        trackingNumber: '9400111899223344550001',
        lines: [{ lineId: partialEbay.lines[2]!.lineId, quantity: 2 }],
      },
    ],
  });
  // The new parcel is on its way; what is left is what the form offers now.
  await waitFor(() => expect(lines.getByText('2 shipped · 1 left to ship')).toBeVisible());
  await expect(region(drawer, 'Shipments').getByText('Sending')).toBeVisible();
};

export const PartialShipment: Story = { parameters: opened(partialEbay), play: partialShipment };

export const PartialShipmentOnAPhone: Story = {
  parameters: opened(partialEbay),
  globals: onAPhone,
  play: partialShipment,
};

export const ShipmentConfirmedWhileWatching: Story = {
  parameters: {
    ...opened(dueTodayShopify),
    msw: { handlers: { sync: [], orders: orderHandlers.shipmentsConfirmedLive } },
  },
  play: async () => {
    const drawer = await drawerOf(dueTodayShopify.orderNumber);
    const form = within(within(drawer).getByRole('form', { name: 'Mark shipped' }));
    await userEvent.selectOptions(form.getByRole('combobox', { name: 'Carrier' }), 'Canada Post');
    await userEvent.type(form.getByRole('textbox', { name: 'Tracking number' }), '7023210039414604');
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    const shipments = region(drawer, 'Shipments');
    await waitFor(() => expect(shipments.getByText('Sending')).toBeVisible());
    // Shopify confirms it; the stream says orders changed, and the drawer follows without a reload.
    await waitFor(() => expect(shipments.getByText('Confirmed')).toBeVisible(), { timeout: 6_000 });
  },
};

export const MarkShippedNeedsCarrierAndTracking: Story = {
  parameters: opened(dueTodayShopify),
  play: async () => {
    const drawer = await drawerOf(dueTodayShopify.orderNumber);
    const form = within(within(drawer).getByRole('form', { name: 'Mark shipped' }));
    await userEvent.click(form.getByRole('button', { name: 'Mark shipped' }));
    await expect(form.getByRole('combobox', { name: 'Carrier' })).toHaveAccessibleDescription('Choose the carrier.');
    await expect(form.getByRole('textbox', { name: 'Tracking number' })).toHaveAccessibleDescription(
      'Enter the tracking number.',
    );
    await expect(lastShipmentBody()).toBeUndefined();
    // A line the marketplace gave no id for ships only with the whole order.
    await userEvent.click(form.getByRole('checkbox', { name: 'Only some units (a partial shipment)' }));
    await expect(
      form.getByText('GIFT-WRAP ships only with the whole order: Shopify gave no line id for it.'),
    ).toBeVisible();
  },
};

export const AddressErasedAfterRetention: Story = {
  parameters: opened(erasedShopify),
  play: async () => {
    const drawer = await drawerOf(erasedShopify.orderNumber);
    const body = within(drawer);
    await expect(region(drawer, 'Shipping address').getByText('Erased after the retention period.')).toBeVisible();
    await expect(body.getByText('Delivered', { selector: 'span' })).toBeVisible();
    // Nothing left to ship: no form.
    await expect(body.queryByRole('form', { name: 'Mark shipped' })).not.toBeInTheDocument();
  },
};

const { lateEbay } = orderFixtures;
const withCopies = (copy: Parameters<typeof ordersWithShopifyCopies>[0]) => ({
  ...opened(lateEbay),
  msw: { handlers: { ...ordersMeta.parameters.msw.handlers, orders: ordersWithShopifyCopies(copy) } },
});

/** The eBay order was created in the main Shopify store: the seller ships it there, the tracking comes back. */
export const OrderCopiedToShopify: Story = {
  parameters: withCopies({
    status: 'created',
    shopifyOrderName: '#1042',
    message: null,
    updatedAt: '2026-11-28T09:30:00.000Z',
  }),
  play: async () => {
    const drawer = await drawerOf(lateEbay.orderNumber);
    const copy = region(drawer, 'In your Shopify store');
    await expect(copy.getByText('Shopify order #1042')).toBeVisible();
    await expect(copy.getByText('Waiting to be fulfilled')).toBeVisible();
    await expect(copy.getByText('Fulfil it in Shopify: its tracking goes to eBay on its own.')).toBeVisible();
    await expect(copy.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** Shopify refused to create the copy: its words are shown, so the seller can ship it here instead. */
export const ShopifyCopyRefused: Story = {
  parameters: withCopies({
    status: 'failed',
    shopifyOrderName: null,
    message: 'Shopify refused the order: Line items: Sku CH-00009 has no price',
    updatedAt: '2026-11-28T09:30:00.000Z',
  }),
  play: async () => {
    const drawer = await drawerOf(lateEbay.orderNumber);
    const copy = region(drawer, 'In your Shopify store');
    await expect(copy.getByText('Failed')).toBeVisible();
    const alert = copy.getByRole('alert');
    await expect(alert).toHaveTextContent('This order could not go through your Shopify store');
    await expect(alert).toHaveTextContent('Sku CH-00009 has no price');
    // It can still be shipped from here.
    await expect(within(drawer).getByRole('form', { name: 'Mark shipped' })).toBeVisible();
  },
};
