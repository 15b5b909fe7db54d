import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { lastShipmentBody, orderFixtures } from '@hub/mocks';
import type { OrdersPage } from '../OrdersPage';
import { ordersMeta, page, rowOf } from '../ordersStories';
import { findInToast } from '../../../testing/storyToasts';
import { onAPhone } from '../../../testing/storyViewports';

const meta = { title: 'Screens/Orders/Shipping', ...ordersMeta } satisfies Meta<typeof OrdersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const { lateAmazon, lateEbay, partialEbay, dueTodayShopify, erasedShopify } = orderFixtures;
/** The SKU of partialEbay's line with nothing shipped yet. */
const partialSku = partialEbay.lines.find((line) => line.shippedQuantity === 0)!.sku;

const select = async (canvasElement: HTMLElement, orderNumber: string) =>
  userEvent.click(
    within(await rowOf(canvasElement, orderNumber)).getByRole('checkbox', { name: `Select order ${orderNumber}` }),
  );

export const MarkShippedUnknownCarrierRefused: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await select(canvasElement, lateAmazon.orderNumber);
    await select(canvasElement, partialEbay.orderNumber);
    await expect(canvas.getByText('2 selected.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Mark 2 shipped' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Mark orders shipped' }));

    // Each marketplace has its own carriers: Royal Mail is eBay's only.
    const carrier = await dialog.findByRole('combobox', { name: 'Carrier' });
    await expect(carrier).toHaveAccessibleDescription(/one marked "only" is refused for the other orders/);
    await userEvent.selectOptions(carrier, 'Royal Mail (eBay only)');
    await userEvent.type(
      dialog.getByRole('textbox', { name: `Tracking number for ${lateAmazon.orderNumber}` }),
      'RM123456785GB',
    );
    await userEvent.type(
      dialog.getByRole('textbox', { name: `Tracking number for ${partialEbay.orderNumber}` }),
      'RM123456799GB',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Mark 2 orders shipped' }));

    // eBay's is on its way; Amazon refused the carrier, in the server's words, and stays to be fixed.
    await expect(await findInToast('1 order marked shipped')).toBeVisible();
    const refusal = await dialog.findByRole('alert');
    await expect(refusal).toHaveTextContent('1 order was not marked shipped');
    await expect(refusal).toHaveTextContent(
      `${lateAmazon.orderNumber}: Amazon does not take the carrier "RoyalMail". Choose one of: UPS, USPS, FedEx, DHL, OnTrac, Amazon Shipping.`,
    );
    await waitFor(() =>
      expect(
        dialog.queryByRole('textbox', { name: `Tracking number for ${partialEbay.orderNumber}` }),
      ).not.toBeInTheDocument(),
    );
    await expect(dialog.getByRole('button', { name: 'Mark 1 order shipped' })).toBeVisible();
    await expect(canvas.getByText('1 selected.')).toBeVisible();
    await expect(lastShipmentBody()).toEqual({
      dryRun: false,
      shipments: [
        { orderId: lateAmazon.id, carrier: 'RoyalMail', trackingNumber: 'RM123456785GB' },
        { orderId: partialEbay.id, carrier: 'RoyalMail', trackingNumber: 'RM123456799GB' },
      ],
    });
  },
};

const trackingCsv = [
  'order_number,carrier,tracking',
  `${lateAmazon.orderNumber},UPS,1Z999AA10000000001`,
  `${dueTodayShopify.orderNumber},Canada Post,7023210039414604`,
  `${lateEbay.orderNumber},Pony Express,PX-1`,
  `${erasedShopify.orderNumber},UPS,1Z999AA10000000002`,
  '999-0000000-0000000,UPS,1Z999AA10000000003',
].join('\n');

const csvPreview: Story['play'] = async ({ canvasElement }) => {
  const canvas = within(canvasElement);
  await rowOf(canvasElement, lateAmazon.orderNumber);
  await userEvent.click(canvas.getByRole('button', { name: 'Tracking by CSV' }));
  const dialog = within(await page().findByRole('dialog', { name: 'Tracking by CSV' }));
  await userEvent.click(dialog.getByRole('textbox', { name: 'CSV rows' }));
  await userEvent.paste(trackingCsv);
  await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));

  // Every row's outcome; nothing is sent yet.
  const preview = within(await dialog.findByRole('table', { name: 'Preview of 5 rows' }));
  await expect(dialog.getByText('2 rows ready (2 orders), 3 refused. Nothing is sent yet.')).toBeVisible();
  await expect(preview.getAllByText('Ready')).toHaveLength(2);
  await expect(preview.getAllByText('Refused')).toHaveLength(3);
  await expect(preview.getByText(/eBay does not take the carrier "Pony Express"/)).toBeVisible();
  await expect(
    preview.getByText(`Order ${erasedShopify.orderNumber} is delivered: there is nothing left to ship.`),
  ).toBeVisible();
  await expect(preview.getByText('No order 999-0000000-0000000 in this account.')).toBeVisible();

  // Then the good rows are shipped, and the bad ones listed.
  await userEvent.click(dialog.getByRole('button', { name: 'Ship 2 orders' }));
  await expect(await findInToast('2 orders marked shipped')).toBeVisible();
  const bad = within(await dialog.findByRole('table', { name: 'Rows not shipped' }));
  await expect(bad.getAllByRole('row')).toHaveLength(4);
  await expect(bad.getByText(lateEbay.orderNumber)).toBeVisible();
  await userEvent.click(dialog.getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  // The list shows the shipped orders as they are now.
  await waitFor(async () =>
    expect(within(await rowOf(canvasElement, lateAmazon.orderNumber)).getByText('Shipped')).toBeVisible(),
  );
};

export const TrackingCsvPreview: Story = { play: csvPreview };

export const TrackingCsvPartialShipmentPreview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rowOf(canvasElement, lateAmazon.orderNumber);
    await userEvent.click(canvas.getByRole('button', { name: 'Tracking by CSV' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Tracking by CSV' }));
    await userEvent.click(dialog.getByRole('textbox', { name: 'CSV rows' }));
    await userEvent.paste(
      [
        'order_number,carrier,tracking,sku,quantity',
        `${partialEbay.orderNumber},USPS,9400111,${partialSku},1`,
        `${lateAmazon.orderNumber},UPS,1Z999AA10000000001,,`,
      ].join('\n'),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Preview' }));
    // Each row says what it ships: units of one SKU, or every unit left of the order.
    const preview = within(await dialog.findByRole('table', { name: 'Preview of 2 rows' }));
    await expect(preview.getByRole('columnheader', { name: 'Ships' })).toBeVisible();
    await expect(preview.getByText(`1 × ${partialSku}`)).toBeVisible();
    await expect(preview.getByText('All units left')).toBeVisible();
  },
};

export const TrackingCsvPreviewOnAPhone: Story = { globals: onAPhone, play: csvPreview };
