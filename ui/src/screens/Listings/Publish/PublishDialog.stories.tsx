import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn, expect, userEvent, within } from 'storybook/test';
import { channelFixtures, listingEditHandlers, publishProductIds } from '@hub/mocks';
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

export const Published: Story = {
  play: async () => {
    const dialog = await choose(channelFixtures.amazonTarget.id);
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Publish 1 product' }));
    await expect(await within(dialog).findByText('Published')).toBeVisible();
    await expect(within(dialog).getByText(/1 product listed on Amazon, pending until the marketplace confirms\./)).toBeVisible();
    await expect(within(dialog).getByRole('button', { name: 'Done' })).toBeVisible();
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
