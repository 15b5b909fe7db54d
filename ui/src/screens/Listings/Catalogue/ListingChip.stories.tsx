import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { channelFixtures } from '@hub/mocks';
import type { ListingChip as Chip } from '../../../api';
import { ListingChip } from './ListingChip';

const chip = (overrides: Partial<Chip>): Chip => ({
  channelId: channelFixtures.amazonTarget.id,
  channelKind: 'amazon',
  channelRole: 'target',
  listingId: 'a11c0000-0000-4000-8000-000000000001',
  status: 'active',
  price: '24.00',
  quantity: 0,
  desiredPrice: null,
  desiredQuantity: null,
  pushPending: false,
  lastError: null,
  takenOffSale: false,
  currency: 'USD',
  ...overrides,
});

const meta = {
  title: 'Screens/Listings/Listing chip',
  component: ListingChip,
  args: { chip: chip({ marketplaceQuantity: 14 }) },
} satisfies Meta<typeof ListingChip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An offer Amazon fulfils (FBA): the chip shows Amazon's own quantity, marked FBA, never ours on its way. */
export const FulfilledByAmazon: Story = {
  play: async ({ canvasElement }) => {
    const shown = within(canvasElement).getByRole('img', { name: /^Amazon/ });
    await expect(shown).toHaveAccessibleName('Amazon · Active · Price $24.00 · FBA Qty 14');
    await expect(within(shown).getByText('FBA')).toBeVisible();
  },
};

/** A Walmart item Walmart fulfils (WFS) says WFS. */
export const FulfilledByWalmart: Story = {
  args: { chip: chip({ channelKind: 'walmart', marketplaceQuantity: 9, price: '22.00' }) },
  play: async ({ canvasElement }) => {
    const shown = within(canvasElement).getByRole('img', { name: /^Walmart/ });
    await expect(shown).toHaveAccessibleName('Walmart · Active · Price $22.00 · WFS Qty 9');
  },
};

/** The seller's own offer: its confirmed quantity, and ours on its way. */
export const FulfilledBySeller: Story = {
  args: { chip: chip({ quantity: 4, desiredQuantity: 6, pushPending: true }) },
  play: async ({ canvasElement }) => {
    const shown = within(canvasElement).getByRole('img', { name: /^Amazon/ });
    await expect(shown).toHaveAccessibleName('Amazon · Active · Price $24.00 · Qty 4 → 6 · sending');
    await expect(within(shown).queryByText('FBA')).not.toBeInTheDocument();
  },
};
