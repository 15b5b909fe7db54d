import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, expect, userEvent, within } from 'storybook/test';
import { channelFixtures, channelHandlers, listingEditHandlers, MISSING_SETTING, publishProductIds } from '@hub/mocks';
import { PublishDialog } from './PublishDialog';

const meta = {
  title: 'Screens/Listings/Publish',
  component: PublishDialog,
  args: { open: true, onOpenChange: fn(), productIds: publishProductIds },
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.default } } },
} satisfies Meta<typeof PublishDialog>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);

async function choose(channelId: string) {
  const dialog = await page().findByRole('dialog', { name: 'Publish to a channel' });
  const select = within(dialog).getByLabelText('Channel');
  await within(select).findByRole('option', { name: `Amazon · ${channelFixtures.amazonTarget.displayName}` });
  await userEvent.selectOptions(select, channelId);
  return dialog;
}

export const ChooseChannel: Story = {
  play: async () => {
    const dialog = await page().findByRole('dialog', { name: 'Publish to a channel' });
    await expect(within(dialog).getByText('List 3 products of your main channel on another channel.')).toBeVisible();
    const select = within(dialog).getByLabelText('Channel');
    await within(select).findByRole('option', { name: `Amazon · ${channelFixtures.amazonTarget.displayName}` });
    // Only target channels: the main channel is where the products come from.
    await expect(within(select).queryByRole('option', { name: /^Shopify/ })).not.toBeInTheDocument();
  },
};

export const PublishMissingFields: Story = {
  play: async () => {
    const dialog = await choose(channelFixtures.amazonTarget.id);
    const table = await within(dialog).findByRole('table', { name: 'What each product needs' });
    const missing = within(table).getByText('MUG-RED-350').closest('tr')!;
    await expect(within(missing).getByText('Missing fields')).toBeVisible();
    await expect(within(missing).getByText('A brand')).toBeVisible();
    await expect(within(table).getByText('MUG-GIFT-SET').closest('tr')).toHaveTextContent('Already listed');
    await expect(within(dialog).getByText('1 product ready to publish on Amazon.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Publish 1 product' })).toBeEnabled();
  },
};

/** A product the compliance checks find an error in stays off the channel, with the words and its fix. */
export const ProductKeptOffByItsCompliance: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.publishKeptOffByCompliance } } },
  play: async () => {
    const dialog = await choose(channelFixtures.amazonTarget.id);
    const table = await within(dialog).findByRole('table', { name: 'What each product needs' });
    const keptOff = within(table).getByText('MUG-RED-350').closest('tr')!;
    await expect(
      within(keptOff).getByText(
        'The title uses a word on your restricted list: "replica". Amazon may remove the listing. Remove "replica" from the title.',
      ),
    ).toBeVisible();
    await expect(within(dialog).getByText('1 product ready to publish on Amazon.')).toBeVisible();
  },
};

export const Published: Story = {
  play: async () => {
    const dialog = await choose(channelFixtures.amazonTarget.id);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Publish 1 product' }));
    await expect(await within(dialog).findByText('Published')).toBeVisible();
    await expect(
      within(dialog).getByText(/1 product listed on Amazon, pending until the marketplace confirms\./),
    ).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Done' })).toBeVisible();
  },
};

export const ChooseAmazonProductType: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.publishNeedsAmazonProductType } } },
  play: async () => {
    const dialog = await choose(channelFixtures.amazonTarget.id);
    const settings = await within(dialog).findByRole('region', { name: 'Amazon settings for new listings' });
    await expect(await within(settings).findByText(MISSING_SETTING.productType)).toBeVisible();
    await expect(within(settings).getByText('No product type chosen yet.')).toBeVisible();
    // Nothing is ready while the product type is missing.
    await expect(await within(dialog).findByText('0 products ready to publish on Amazon.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Publish 0 products' })).toBeDisabled();

    await userEvent.type(within(settings).getByLabelText('Search Amazon product types'), 'coffee mug');
    await userEvent.click(within(settings).getByRole('button', { name: 'Search' }));
    const types = await within(settings).findByLabelText('Product type');
    await expect(within(types).getByRole('option', { name: 'Drinking Cup (DRINKING_CUP)' })).toBeInTheDocument();
    await userEvent.selectOptions(types, 'DRINKING_CUP');
    await userEvent.click(within(settings).getByRole('button', { name: 'Use this product type' }));

    await expect(await within(settings).findByText('Product type: Drinking Cup (DRINKING_CUP)')).toBeVisible();
    await expect(within(settings).queryByText(MISSING_SETTING.productType)).not.toBeInTheDocument();
    await expect(await within(dialog).findByText('1 product ready to publish on Amazon.')).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Publish 1 product' })).toBeEnabled();
  },
};

export const EbaySettingsMissing: Story = {
  parameters: {
    msw: {
      handlers: {
        channels: channelHandlers.channelInError,
        listingEdits: listingEditHandlers.publishNeedsEbaySettings,
      },
    },
  },
  play: async () => {
    const dialog = await choose(channelFixtures.ebayInError.id);
    const settings = await within(dialog).findByRole('region', { name: 'eBay settings for new listings' });
    const missing = await within(settings).findByRole('alert');
    for (const setting of [
      MISSING_SETTING.categoryId,
      MISSING_SETTING.merchantLocation,
      MISSING_SETTING.fulfillmentPolicy,
      MISSING_SETTING.paymentPolicy,
      MISSING_SETTING.returnPolicy,
    ]) {
      await expect(within(missing).getByText(setting)).toBeVisible();
    }
    // The table names, per product, what is missing too.
    const table = await within(dialog).findByRole('table', { name: 'What each product needs' });
    await expect(
      within(within(table).getByText('MUG-BLUE-350').closest('tr')!).getByText(MISSING_SETTING.categoryId),
    ).toBeVisible();

    // A category is a number: the form says so before anything is sent.
    const category = within(settings).getByLabelText('eBay category number');
    await userEvent.type(category, 'mugs');
    await userEvent.selectOptions(await within(settings).findByLabelText('Inventory location'), 'wh-columbus-1');
    await userEvent.click(within(settings).getByRole('button', { name: 'Save eBay settings' }));
    await expect(
      await within(settings).findByText('An eBay category is a number, digits only (e.g. 20625).'),
    ).toBeVisible();

    await userEvent.clear(category);
    await userEvent.type(category, '20625');
    await userEvent.selectOptions(within(settings).getByLabelText('Shipping policy'), '6196932000');
    await userEvent.selectOptions(within(settings).getByLabelText('Payment policy'), '6196933000');
    await userEvent.selectOptions(within(settings).getByLabelText('Return policy'), '6196934000');
    await userEvent.click(within(settings).getByRole('button', { name: 'Save eBay settings' }));
    await expect(await within(dialog).findByText('1 product ready to publish on eBay.')).toBeVisible();
    await expect(within(settings).queryByText('Choose these before publishing')).not.toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Publish 1 product' })).toBeEnabled();
  },
};

export const EbayOptionsLoading: Story = {
  parameters: {
    msw: {
      handlers: { channels: channelHandlers.channelInError, listingEdits: listingEditHandlers.ebayOptionsLoading },
    },
  },
  play: async () => {
    const dialog = await choose(channelFixtures.ebayInError.id);
    const settings = await within(dialog).findByRole('region', { name: 'eBay settings for new listings' });
    await expect(await within(settings).findByText('Loading your eBay locations and policies…')).toBeInTheDocument();
    await expect(within(settings).getByRole('button', { name: 'Save eBay settings' })).toBeDisabled();
  },
};

export const EbayOptionsUnavailable: Story = {
  parameters: {
    msw: {
      handlers: { channels: channelHandlers.channelInError, listingEdits: listingEditHandlers.ebayOptionsUnavailable },
    },
  },
  play: async () => {
    const dialog = await choose(channelFixtures.ebayInError.id);
    const settings = await within(dialog).findByRole('region', { name: 'eBay settings for new listings' });
    await expect(
      await within(settings).findByText('Your eBay locations and policies could not be loaded'),
    ).toBeVisible();
    await expect(
      within(settings).getByText('eBay did not answer (eBay answered HTTP 503). Try again in a moment.'),
    ).toBeVisible();
    await userEvent.click(within(settings).getByRole('button', { name: 'Try Again' }));
    await expect(await within(settings).findByLabelText('Inventory location')).toBeVisible();
    await expect(
      within(settings).queryByText('Your eBay locations and policies could not be loaded'),
    ).not.toBeInTheDocument();
  },
};

export const PausedChannel: Story = {
  parameters: { msw: { handlers: { listingEdits: listingEditHandlers.publishToPausedChannel } } },
  play: async () => {
    const dialog = await choose(channelFixtures.walmartPaused.id);
    await expect(await within(dialog).findByText('This channel is paused. Resume it to publish to it.')).toBeVisible();
    await expect(within(dialog).queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
  },
};
