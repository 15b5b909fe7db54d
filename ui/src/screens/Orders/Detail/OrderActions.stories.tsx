import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  WALMART_CANCELLATION_REFUSED,
  WALMART_REFUND_REFUSED,
  lastCancellationBody,
  lastRefundBody,
  orderActionRules,
  orderFixtures,
} from '@hub/mocks';
import type { OrdersPage } from '../OrdersPage';
import { drawerOf, ordersMeta, page } from '../ordersStories';
import { findInToast } from '../../../testing/storyToasts';
import { onAPhone } from '../../../testing/storyViewports';

const meta = { title: 'Screens/Orders/Cancel and refund', ...ordersMeta } satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { openWalmart, openShopify, lateEbay, lateAmazon, deliveredAmazon, deliveredShopify } = orderFixtures;
const { cancellationFailedWalmart, returnedWalmart } = orderFixtures;
const opened = (order: { id: string }) => ({ route: `/orders?orderId=${order.id}` });
const region = (drawer: HTMLElement, name: string) => within(within(drawer).getByRole('region', { name }));
const dialogNamed = async (name: string) => within(await page().findByRole('dialog', { name }));

const cancelLines: Story['play'] = async () => {
  const drawer = await drawerOf(openWalmart.orderNumber);
  // Walmart cancels line by line.
  await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel lines' }));
  const dialog = await dialogNamed(`Cancel lines of order ${openWalmart.orderNumber}`);
  const first = dialog.getByRole('spinbutton', { name: 'CH-00011 units to cancel' });
  await expect(first).toHaveAccessibleDescription(/3 units not shipped/);
  // Nothing chosen yet: the dialog says what is missing.
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel these units' }));
  await expect(dialog.getByRole('combobox', { name: 'Reason' })).toHaveAccessibleDescription('Choose a reason.');
  await expect(dialog.getByText('Choose at least one unit to cancel.')).toBeVisible();
  // No more than are open.
  await userEvent.clear(first);
  await userEvent.type(first, '4');
  await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'Out of stock');
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel these units' }));
  await expect(first).toHaveAccessibleDescription(/Between 0 and 3\./);
  await expect(lastCancellationBody()).toBeUndefined();

  await userEvent.clear(first);
  await userEvent.type(first, '2');
  await userEvent.click(dialog.getByRole('button', { name: 'Cancel these units' }));
  await expect(await findInToast('Cancellation sent to Walmart')).toBeVisible();
  await expect(lastCancellationBody()).toEqual({
    reason: 'out of stock',
    lines: [{ lineId: openWalmart.lines[0]!.lineId, quantity: 2 }],
  });
  // The drawer shows it on its way, and the units it holds.
  await waitFor(() => expect(region(drawer, 'Cancellations').getByText('Sending')).toBeVisible());
  await expect(region(drawer, 'Cancellations').getByText('2 × CH-00011')).toBeVisible();
  await expect(region(drawer, 'Lines (4 units)').getByText(/2 being cancelled/)).toBeVisible();
};

export const CancelLinesOnWalmart: Story = { parameters: opened(openWalmart), play: cancelLines };

export const CancelLinesOnWalmartOnAPhone: Story = {
  parameters: opened(openWalmart),
  globals: onAPhone,
  play: cancelLines,
};

export const CancelWholeOrderOnShopify: Story = {
  parameters: opened(openShopify),
  play: async () => {
    const drawer = await drawerOf(openShopify.orderNumber);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Cancel order' }));
    const dialog = await dialogNamed(`Cancel order ${openShopify.orderNumber}`);
    // Shopify cancels whole orders only: every unit, no choice of lines.
    await expect(dialog.getByText(/Shopify cancels whole orders only/)).toBeVisible();
    await expect(dialog.getByText('Cancels 1 × CH-00015, 2 × CH-00016.')).toBeVisible();
    await expect(dialog.queryByRole('spinbutton')).not.toBeInTheDocument();
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'The buyer asked');
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    await expect(await findInToast('Cancellation sent to Shopify')).toBeVisible();
    await expect(lastCancellationBody()).toEqual({ reason: 'buyer asked' });
    await waitFor(() => expect(region(drawer, 'Cancellations').getByText('The whole order')).toBeVisible());
    // Every unit is on its way to being cancelled: nothing is left to cancel.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument());
  },
};

const noCancelOnEbay: Story['play'] = async () => {
  const drawer = await drawerOf(lateEbay.orderNumber);
  const body = within(drawer);
  // eBay has no cancellation API: the button says so, and what to do instead.
  const cancel = body.getByRole('button', { name: 'Cancel order' });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toHaveAccessibleDescription(orderActionRules.ebay.cancel.why);
  await expect(body.getByText(orderActionRules.ebay.cancel.why)).toBeVisible();
  // It takes refunds, and reports no returns.
  await expect(body.getByRole('button', { name: 'Refund' })).toBeEnabled();
  await expect(region(drawer, 'Returns').getByText(orderActionRules.ebay.returns.why)).toBeVisible();
};

export const CancelNotAvailableOnEbay: Story = { parameters: opened(lateEbay), play: noCancelOnEbay };

export const CancelNotAvailableOnEbayOnAPhone: Story = {
  parameters: opened(lateEbay),
  globals: onAPhone,
  play: noCancelOnEbay,
};

export const CancelAndRefundNotAvailableOnAmazon: Story = {
  parameters: opened(lateAmazon),
  play: async () => {
    const drawer = await drawerOf(lateAmazon.orderNumber);
    const body = within(drawer);
    const cancel = body.getByRole('button', { name: 'Cancel order' });
    await expect(cancel).toBeDisabled();
    await expect(cancel).toHaveAccessibleDescription(orderActionRules.amazon.cancel.why);
    await expect(body.getByRole('button', { name: 'Record refund' })).toHaveAccessibleDescription(
      'Amazon takes no refunds from us: refund the buyer there, then record it here.',
    );
  },
};

export const RefundRecordedOnAmazon: Story = {
  parameters: opened(deliveredAmazon),
  play: async () => {
    const drawer = await drawerOf(deliveredAmazon.orderNumber);
    // Amazon's fees, read again after they were posted, changed: the timeline says so, before and after.
    await expect(region(drawer, 'Timeline').getByText('Fees adjusted')).toBeVisible();
    await expect(region(drawer, 'Timeline').getByText('8.25 USD → 8.10 USD')).toBeVisible();
    // Delivered: nothing to cancel, the refund is recorded only.
    await expect(within(drawer).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Record refund' }));
    const dialog = await dialogNamed(`Record a refund for order ${deliveredAmazon.orderNumber}`);
    const notice = dialog.getByRole('alert');
    await expect(notice).toHaveTextContent('Recorded only: refund it on Amazon');
    await expect(notice).toHaveTextContent(orderActionRules.amazon.refund.why);
    await expect(dialog.getByRole('radio', { name: 'The whole order ($54.99)' })).toBeChecked();
    await expect(dialog.getByRole('status')).toHaveTextContent('Total to refund$54.99');
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'Arrived damaged');
    await userEvent.click(dialog.getByRole('button', { name: 'Record refund' }));
    await expect(await findInToast('Refund recorded')).toBeVisible();
    await expect(await findInToast(/Give it to the buyer on Amazon if you have not yet/)).toBeVisible();
    await expect(lastRefundBody()).toEqual({ reason: 'damaged' });
    const refunds = await waitFor(() => region(drawer, 'Refunds'));
    await expect(refunds.getByText('Recorded')).toBeVisible();
    await expect(refunds.getByText('Recorded here only: Amazon takes no refunds from us.')).toBeVisible();
    // Refunded in full: no refund is left to give.
    await waitFor(() =>
      expect(within(drawer).queryByRole('button', { name: 'Record refund' })).not.toBeInTheDocument(),
    );
  },
};

const refundByLine: Story['play'] = async () => {
  const drawer = await drawerOf(deliveredShopify.orderNumber);
  await userEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
  const dialog = await dialogNamed(`Refund order ${deliveredShopify.orderNumber}`);
  await expect(dialog.getByRole('status')).toHaveTextContent('Total to refund$148.50');
  await userEvent.click(dialog.getByRole('radio', { name: 'Some lines' }));
  await expect(dialog.getByRole('status')).toHaveTextContent('Total to refund$0.00');
  // The amount follows the units: price × units, until one is typed.
  const firstUnits = dialog.getByRole('spinbutton', { name: 'CH-00017 units to refund' });
  await userEvent.clear(firstUnits);
  await userEvent.type(firstUnits, '1');
  await expect(dialog.getByRole('textbox', { name: 'CH-00017 amount' })).toHaveValue('28.00');
  const secondUnits = dialog.getByRole('spinbutton', { name: 'CH-00018 units to refund' });
  await userEvent.clear(secondUnits);
  await userEvent.type(secondUnits, '1');
  const secondAmount = dialog.getByRole('textbox', { name: 'CH-00018 amount' });
  await expect(secondAmount).toHaveValue('64.00');
  await expect(dialog.getByRole('status')).toHaveTextContent('Total to refund$92.00');
  // Never more than was paid for those units.
  await userEvent.clear(secondAmount);
  await userEvent.type(secondAmount, '70');
  await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Reason' }), 'Not as described');
  await userEvent.click(dialog.getByRole('button', { name: 'Refund $98.00' }));
  await expect(secondAmount).toHaveAccessibleDescription(/At most \$64\.00 for 1 unit\./);
  await expect(lastRefundBody()).toBeUndefined();
  // Half of it, then.
  await userEvent.clear(secondAmount);
  await userEvent.type(secondAmount, '32');
  await userEvent.type(dialog.getByRole('textbox', { name: 'Note' }), 'Half back for the scratch.');
  await userEvent.click(dialog.getByRole('button', { name: 'Refund $60.00' }));
  await expect(await findInToast('Refund sent to Shopify')).toBeVisible();
  await expect(await findInToast(`$60.00 back to the buyer of order ${deliveredShopify.orderNumber}.`)).toBeVisible();
  await expect(lastRefundBody()).toEqual({
    reason: 'not as described',
    note: 'Half back for the scratch.',
    lines: [
      { lineId: deliveredShopify.lines[0]!.lineId, quantity: 1 },
      { lineId: deliveredShopify.lines[1]!.lineId, quantity: 1, amount: '32.00' },
    ],
  });
  const refunds = await waitFor(() => region(drawer, 'Refunds'));
  await expect(refunds.getByText('$60.00 · 1 × CH-00017, 1 × CH-00018')).toBeVisible();
  await expect(refunds.getByText('Sending')).toBeVisible();
};

export const RefundByLine: Story = { parameters: opened(deliveredShopify), play: refundByLine };

export const RefundByLineOnAPhone: Story = {
  parameters: opened(deliveredShopify),
  globals: onAPhone,
  play: refundByLine,
};

export const CancellationFailed: Story = {
  parameters: opened(cancellationFailedWalmart),
  play: async () => {
    const drawer = await drawerOf(cancellationFailedWalmart.orderNumber);
    const cancellations = region(drawer, 'Cancellations');
    await expect(cancellations.getByText('Failed')).toBeVisible();
    const alert = cancellations.getByRole('alert');
    await expect(alert).toHaveTextContent('Walmart refused this cancellation');
    await expect(alert).toHaveTextContent(WALMART_CANCELLATION_REFUSED);
    await expect(region(drawer, 'Timeline').getByText('Cancellation failed')).toBeVisible();
    // The units are still open: the seller can try again.
    await expect(within(drawer).getByRole('button', { name: 'Cancel lines' })).toBeEnabled();
  },
};

export const CancellationsRefundsAndReturnsOfAnOrder: Story = {
  parameters: opened(returnedWalmart),
  play: async () => {
    const drawer = await drawerOf(returnedWalmart.orderNumber);
    await expect(region(drawer, 'Lines (4 units)').getByText('1 shipped · 1 cancelled · 0 left to ship')).toBeVisible();
    const cancellations = region(drawer, 'Cancellations');
    await expect(cancellations.getByText('1 × CH-00022')).toBeVisible();
    await expect(cancellations.getByText('Confirmed')).toBeVisible();
    const refunds = region(drawer, 'Refunds');
    await expect(refunds.getByText('Confirmed')).toBeVisible();
    await expect(refunds.getByText('Failed')).toBeVisible();
    await expect(refunds.getByRole('alert')).toHaveTextContent(WALMART_REFUND_REFUSED);
    await expect(refunds.getByText('“Sorry the mug arrived chipped.”')).toBeVisible();
    const returns = region(drawer, 'Returns');
    await expect(returns.getByText('Refunded', { selector: 'span' })).toBeVisible();
    await expect(returns.getByText(/\$36\.00 refunded · Restocked .* by Walmart's report/)).toBeVisible();
    // Part of it is refunded: the rest goes by line.
    await userEvent.click(within(drawer).getByRole('button', { name: 'Refund' }));
    const dialog = await dialogNamed(`Refund order ${returnedWalmart.orderNumber}`);
    await expect(dialog.getByRole('radio', { name: /The whole order/ })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: 'Some lines' })).toBeChecked();
    await expect(dialog.getByText('Part of this order is refunded already: refund the rest by line.')).toBeVisible();
    await expect(dialog.queryByRole('spinbutton', { name: 'CH-00021 units to refund' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Back' }));
    await waitFor(() =>
      expect(
        page().queryByRole('dialog', { name: `Refund order ${returnedWalmart.orderNumber}` }),
      ).not.toBeInTheDocument(),
    );
  },
};
