import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, expect, userEvent, within } from 'storybook/test';
import {
  PRICE_BELOW_ZERO,
  bulkEditRows,
  channelFixtures,
  channelHandlers,
  http,
  listingEditHandlers,
} from '@hub/mocks';
import { BulkEditDialog } from './BulkEditDialog';

const meta = {
  title: 'Screens/Listings/Bulk edit',
  component: BulkEditDialog,
  args: { open: true, onOpenChange: fn(), selection: { productIds: bulkEditRows.map((r) => r.productId) } },
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.default } } },
} satisfies Meta<typeof BulkEditDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
const tagEditsSeen: Array<{ cost?: { value: number | null }; tags?: unknown }> = [];
const page = () => within(document.body);

/** +10% on the price and +5 on hand, then "Preview changes". */
async function previewTenPercentAndFive() {
  const dialog = await page().findByRole('dialog', { name: 'Bulk edit' });
  await userEvent.selectOptions(within(dialog).getByLabelText('Price change'), 'percent');
  await userEvent.type(within(dialog).getByLabelText('Percent'), '10');
  await userEvent.selectOptions(within(dialog).getByLabelText('On hand change'), 'amount');
  await userEvent.type(within(dialog).getByLabelText('Units'), '5');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
  return dialog;
}

async function apply() {
  const dialog = await previewTenPercentAndFive();
  await userEvent.click(await within(dialog).findByRole('button', { name: 'Apply to 3 SKUs' }));
  return dialog;
}

export const BulkEditForm: Story = {
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Bulk edit' });
    await expect(within(dialog).getByRole('group', { name: 'Price' })).toBeVisible();
    await expect(within(dialog).getByLabelText('Price')).toBeDisabled();
    // Status is set per channel: the target channels are offered, never the main one.
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    const channels = within(dialog).getByRole('group', { name: 'Channels' });
    await expect(
      await within(channels).findByLabelText(`Amazon · ${channelFixtures.amazonTarget.displayName}`),
    ).toBeVisible();
    await expect(
      within(channels).queryByLabelText(`Shopify · ${channelFixtures.shopifyMain.displayName}`),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
    await expect(within(dialog).getByText('Choose the channels to set the status on.')).toBeVisible();
  },
};

export const ShopifyVariantOffSale: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.withShopifyTarget } } },
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Bulk edit' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Status'), 'inactive');
    const channels = within(dialog).getByRole('group', { name: 'Channels' });
    const note = /^Shopify has no status per variant: a SKU taken off sale there is offered 0 units/;
    await userEvent.click(
      await within(channels).findByLabelText(`Amazon · ${channelFixtures.amazonTarget.displayName}`),
    );
    await expect(within(dialog).queryByText(note)).not.toBeInTheDocument();
    await userEvent.click(within(channels).getByLabelText(`Shopify · ${channelFixtures.shopifyOutlet.displayName}`));
    await expect(within(dialog).getByText(note)).toBeVisible();
  },
};

export const InvalidPrice: Story = {
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Bulk edit' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Price change'), 'set');
    await userEvent.type(within(dialog).getByLabelText('Price'), '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
    await expect(within(dialog).getByText('Prices have at most two decimals.')).toBeVisible();
  },
};

export const BulkEditPreview: Story = {
  play: async () => {
    const dialog = await previewTenPercentAndFive();
    const table = await within(dialog).findByRole('table', { name: 'Changes to make' });
    const row = within(table).getByText('MUG-BLUE-350').closest('tr')!;
    await expect(row).toHaveTextContent('12.00→ to 13.20');
    await expect(row).toHaveTextContent('40→ to 45');
    await expect(within(dialog).getByText('3 SKUs will change.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Apply to 3 SKUs' })).toBeEnabled();
    // Back to the form, values kept.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await expect(within(dialog).getByLabelText('Percent')).toHaveValue('10');
  },
};

export const SkuInError: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.previewWithError } } },
  play: async () => {
    const dialog = await previewTenPercentAndFive();
    await expect(await within(dialog).findByText('1 SKU cannot take this edit')).toBeVisible();
    await expect(within(dialog).getByText(PRICE_BELOW_ZERO)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Apply to 3 SKUs' })).toBeDisabled();
  },
};

export const BulkEditApplied: Story = {
  play: async () => {
    const dialog = await apply();
    await expect(await within(dialog).findByText('Changes saved')).toBeVisible();
    await expect(within(dialog).getByText('6 values changed on 3 SKUs.')).toBeVisible();
    // The run answered with values on their way; the next read has them all confirmed.
    await expect(
      await within(dialog).findByText('All 12 values sent: 12 confirmed.', {}, { timeout: 3_000 }),
    ).toBeVisible();
    await expect(within(dialog).getByRole('progressbar', { name: 'Sending to channels' })).toHaveAttribute(
      'aria-valuenow',
      '12',
    );
    await expect(within(dialog).getByRole('button', { name: 'Undo' })).toBeEnabled();
  },
};

export const PushInProgress: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.pushing } } },
  play: async () => {
    const dialog = await apply();
    await expect(await within(dialog).findByText('5 of 12 values confirmed, 7 on their way.')).toBeVisible();
    await expect(within(dialog).getByRole('progressbar', { name: 'Sending to channels' })).toHaveAttribute(
      'aria-valuetext',
      '5 of 12 values sent',
    );
  },
};

export const BulkEditUndone: Story = {
  play: async () => {
    const dialog = await apply();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Undo' }));
    await expect(await within(dialog).findByText('5 values put back.')).toBeVisible();
    // A value that moved since the edit is left as it is, and named.
    await expect(within(dialog).getByText('MUG-GIFT-SET: on hand is now 15')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  },
};

export const NoAccess: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.noAccess } } },
  play: async () => {
    const dialog = await previewTenPercentAndFive();
    await expect(await within(dialog).findByText('You do not have access to this account.')).toBeVisible();
  },
};

/** "Select all 1,240 matching": the edit targets the catalogue's filter, and the server counts its SKUs. */
/** A tag added to every selected SKU and one taken off, with a cost for all: the preview shows each SKU's tags before → after. */
export const TagsAndCostForMany: Story = {
  parameters: {
    msw: {
      handlers: {
        listingEdits: [
          http.post('/api/listings/bulk-edit/preview', async ({ request, response }) => {
            const body = await request.json();
            tagEditsSeen.push(body);
            const items = bulkEditRows.map((row) => ({
              ...row,
              price: null,
              onHand: null,
              costChange: { before: null, after: body.cost?.value?.toFixed(2) ?? null },
              tagsChange: { before: ['Kitchen'], after: ['Summer'] },
            }));
            return response(200).json({ items, total: items.length, errors: 0 });
          }),
          ...listingEditHandlers.default,
        ],
      },
    },
  },
  play: async () => {
    tagEditsSeen.length = 0;
    const dialog = await page().findByRole('dialog', { name: 'Bulk edit' });
    await expect(within(dialog).getByLabelText('Cost of one unit')).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Cost change'), 'set');
    await userEvent.type(within(dialog).getByLabelText('Cost of one unit'), '3.5');
    await userEvent.type(within(dialog).getByLabelText('Add tags'), 'Summer, ');
    await userEvent.type(within(dialog).getByLabelText('Remove tags'), 'Kitchen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview changes' }));
    const table = await within(dialog).findByRole('table', { name: 'Changes to make' });
    await expect(within(table).getByRole('columnheader', { name: 'Cost and tags' })).toBeVisible();
    const row = within(table).getByText('MUG-BLUE-350').closest('tr')!;
    await expect(row).toHaveTextContent('Cost: not known→ to 3.50');
    await expect(row).toHaveTextContent('Tags: Kitchen→ to Summer');
    await expect(tagEditsSeen.at(-1)).toMatchObject({
      cost: { value: 3.5 },
      tags: { add: ['Summer'], remove: ['Kitchen'] },
    });
  },
};

export const SelectAllMatching: Story = {
  args: { selection: { filter: { q: 'mug' } } },
  parameters: {
    msw: {
      handlers: {
        listingEdits: [
          http.post('/api/listings/bulk-edit/preview', async ({ request, response }) => {
            const body = await request.json();
            // Only a selection by filter is counted as the whole catalogue match.
            const total = 'filter' in body.selection && body.selection.filter.q === 'mug' ? 1240 : 0;
            return response(200).json({ items: bulkEditRows, total, errors: 0 });
          }),
          ...listingEditHandlers.default,
        ],
      },
    },
  },
  play: async () => {
    const dialog = await previewTenPercentAndFive();
    await expect(await within(dialog).findByText(/1,240 SKUs will change\./)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Apply to 1,240 SKUs' })).toBeEnabled();
  },
};
