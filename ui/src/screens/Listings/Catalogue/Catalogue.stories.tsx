import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, channelHandlers, listingHandlers, resetListingMocks } from '@hub/mocks';
import { mediaQuery } from '../../../theme';
import { ListingsPage } from '../ListingsPage';
import { storyLocation, withRouter } from '../../../testing/storyRouter';
import { onAPhone } from '../../../testing/storyViewports';

// The catalogue's states as a seller sees them: chips of paused channels, live main chips, prices with
// their currency, a page past the last, and the cards a phone shows.
const meta = {
  title: 'Screens/Listings/Catalogue',
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

const rowOf = async (canvasElement: HTMLElement, sku: string) => {
  const table = await within(canvasElement).findByRole('table', { name: 'Catalogue' });
  const button = await within(table).findByRole('button', { name: `Open ${sku}` });
  return button.closest('tr') as HTMLElement;
};
const params = () => new URLSearchParams(storyLocation.current.path.split('?')[1] ?? '');

/** The page as a phone lays it out: the media query below the tablet breakpoint matches (jsdom has no layout). */
function asOnAPhone() {
  const original = window.matchMedia;
  window.matchMedia = (query: string) => ({
    ...original(query),
    matches: query === mediaQuery.belowTablet,
    media: query,
  });
  return () => {
    window.matchMedia = original;
  };
}

export const PausedChannelChip: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.walmartPaused } } },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    // Paused: neither read nor sent to, so the chip does not claim its quantity is current, and is not green.
    const walmart = within(first).getByRole('img', {
      name: 'Walmart · Paused · Last known price $11.36 · Qty 60 · not updated while paused',
    });
    await expect(walmart).toHaveTextContent('last known $11.36 × 60');
    await expect(walmart).not.toHaveTextContent('Active');
    // The other channels' chips are as they were.
    await expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 7' })).toBeVisible();
  },
};

export const PricesInTheirCurrency: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.inEuros } } },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    await expect(within(first).getByRole('img', { name: 'Amazon · Active · Price €12.36 · Qty 3' })).toHaveTextContent(
      '€12.36',
    );
  },
};

export const MainChipUpdatesLive: Story = {
  beforeEach: () => resetListingMocks(),
  parameters: { msw: { handlers: { sync: [], listings: listingHandlers.mainSaleLive } } },
  play: async ({ canvasElement }) => {
    const first = await rowOf(canvasElement, 'CH-00001');
    await expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 7' })).toBeVisible();
    // A unit sold on the main channel: the stream says so, and the main chip follows without a reload.
    await waitFor(
      () => expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 6' })).toBeVisible(),
      { timeout: 4_000 },
    );
  },
};

export const PageBeyondLast: Story = {
  parameters: { route: '/listings?page=999' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No SKUs on page 999' })).toBeVisible();
    await expect(canvas.getByText('Your catalogue has 1,240 SKUs, on 25 pages.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to page 25' }));
    await waitFor(() => expect(canvas.getByText('Showing 1,201–1,240 of 1,240')).toBeVisible());
    await expect(params().get('page')).toBe('25');
  },
};

export const PhoneCatalogueCards: Story = {
  globals: onAPhone,
  beforeEach: asOnAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findByRole('list', { name: 'Catalogue' });
    await expect(canvas.queryByRole('table', { name: 'Catalogue' })).not.toBeInTheDocument();
    const first = within(cards).getAllByRole('listitem')[0]!;
    // SKU, title, stock, the price with its currency, and every channel's chip.
    await expect(within(first).getByRole('button', { name: 'Open CH-00001' })).toBeVisible();
    await expect(within(first).getByText('Oak Candle 0001')).toBeVisible();
    await expect(within(first).getByText('On hand')).toBeVisible();
    await expect(within(first).getByText('On hand').closest('div')).toHaveTextContent('On hand8');
    await expect(within(first).getByText('Price').closest('div')).toHaveTextContent('Price$11.36');
    await expect(within(first).getByRole('img', { name: 'Shopify · Active · Price $11.36 · Qty 7' })).toBeVisible();
    await expect(within(first).getByRole('img', { name: 'Amazon · Active · Price $12.36 · Qty 3' })).toBeVisible();
    await expect(within(first).getByRole('img', { name: /^Walmart · / })).toBeVisible();
    // A card opens its SKU.
    await userEvent.click(within(first).getByRole('button', { name: 'Open CH-00001' }));
    await waitFor(() => expect(params().get('sku')).toBe('CH-00001'));
  },
};

export const SkuLimitReached: Story = {
  parameters: { msw: { handlers: { listings: listingHandlers.skuLimitReached } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Showing 1,000 of 1,500 SKUs: your plan syncs up to 1,000')).toBeVisible();
    await expect(
      canvas.getByText(/The other 500 on your main channel are not imported or synced; nothing is deleted/),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/billing');
  },
};
