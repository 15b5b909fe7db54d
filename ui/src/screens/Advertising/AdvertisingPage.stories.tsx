import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { advertisingHandlers, authHandlers, resetAdvertisingMocks, WALMART_ADVERTISER_GRANTED } from '@hub/mocks';
import { findInToast } from '../../testing/storyToasts';
import { storyLocation, withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';
import { AdvertisingPage } from './AdvertisingPage';

const meta = {
  title: 'Screens/Advertising',
  component: AdvertisingPage,
  decorators: [withRouter],
  beforeEach: () => resetAdvertisingMocks(),
  parameters: {
    route: '/advertising',
    msw: { handlers: { auth: authHandlers.signedInClient, advertising: advertisingHandlers.running } },
  },
} satisfies Meta<typeof AdvertisingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** Amazon Ads connected: totals, each campaign with spend, sales, ACoS and ROAS, and each SKU's TACoS. */
export const CampaignsWithTheirFigures: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Campaigns' })).toBeVisible();
    const totals = within(canvas.getByRole('list', { name: 'Advertising totals' }));
    await expect(totals.getByText('$412.36')).toBeVisible();
    await expect(totals.getByText('$1,874.20')).toBeVisible();
    await expect(totals.getByText('22.0%')).toBeVisible();
    const [best, clearance] = rowsOf(canvas.getByRole('table', { name: 'Campaigns' }));
    await expect(best).toHaveTextContent('Best sellers');
    await expect(best).toHaveTextContent('1 ad paused by the rules');
    await expect(within(best!).getByText('Running')).toBeVisible();
    await expect(within(best!).getByRole('textbox', { name: 'Daily budget of Best sellers' })).toHaveValue('25.00');
    await expect(within(best!).getByText('4.55')).toBeVisible();
    await expect(within(clearance!).getByText('Paused')).toBeVisible();
    await expect(within(clearance!).getByRole('button', { name: 'Resume Clearance' })).toBeVisible();
    await expect(within(clearance!).getAllByText('—')).toHaveLength(2);
    const skus = await canvas.findByRole('table', { name: /SKUs with ads/ });
    const [mug, lamp] = rowsOf(skus);
    await expect(mug).toHaveTextContent('8.3%');
    await expect(mug).toHaveTextContent('Amazon: running');
    await expect(lamp).toHaveTextContent('Amazon: paused by the rules (out of stock)');
    await expect(canvas.getByRole('checkbox', { name: 'Pause the ads of a SKU that is out of stock' })).toBeChecked();
  },
};

/** eBay beside Amazon: its cost-per-sale campaign pays a share of each sale, so there is no daily budget to set. */
export const EbayCostPerSaleCampaign: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.withEbay } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Campaigns' });
    await waitFor(() => expect(rowsOf(table)).toHaveLength(4));
    const [, , general, priority] = rowsOf(table);
    await expect(general).toHaveTextContent('eBay general');
    await expect(general).toHaveTextContent('eBay Promoted Listings');
    await expect(within(general!).getByText('A share of each sale')).toBeVisible();
    await expect(within(general!).queryByRole('textbox')).not.toBeInTheDocument();
    await expect(within(priority!).getByRole('textbox', { name: 'Daily budget of eBay priority' })).toHaveValue(
      '20.00',
    );
    // The totals take eBay's spend and sales too.
    await expect(within(canvas.getByRole('list', { name: 'Advertising totals' })).getByText('$453.56')).toBeVisible();
  },
};

/** Pausing a campaign and setting its budget go to Amazon; a budget Amazon refuses says why, in its row. */
export const PauseAndBudgetACampaign: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Campaigns' });
    await userEvent.click(within(table).getByRole('button', { name: 'Pause Best sellers' }));
    await expect(await findInToast('Best sellers is paused on Amazon Ads.')).toBeVisible();
    await expect(await within(table).findByRole('button', { name: 'Resume Best sellers' })).toBeVisible();

    const budget = within(table).getByRole('textbox', { name: 'Daily budget of Best sellers' });
    await userEvent.clear(budget);
    await userEvent.type(budget, '0');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Save' })[0]!);
    await expect(
      await within(table).findByText('Enter an amount above 0 with at most two decimals, such as 25.00.'),
    ).toBeVisible();
    await userEvent.clear(budget);
    await userEvent.type(budget, '6000');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Save' })[0]!);
    await expect(await within(table).findByText(/Amazon refused the budget: BUDGET_TOO_HIGH/)).toBeVisible();
    await userEvent.clear(budget);
    await userEvent.type(budget, '40');
    await userEvent.click(within(table).getAllByRole('button', { name: 'Save' })[0]!);
    await expect(await findInToast('Best sellers may spend $40.00 a day.')).toBeVisible();
    await waitFor(() => expect(budget).toHaveValue('40.00'));
  },
};

/** An Amazon channel whose Ads account is not connected: one press connects it through the channel. */
export const ConnectAmazonAds: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.toConnect } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const connect = await canvas.findByRole('button', {
      name: 'Connect Amazon Ads for Cooper Home (Amazon US)',
    });
    await expect(canvas.getByText(/Run your Amazon Sponsored Products from here/)).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Campaigns' })).toBeNull();
    await userEvent.click(connect);
    await expect(await findInToast('Its campaigns are being read; they show here within a minute.')).toBeVisible();
  },
};

/**
 * A Walmart channel in production: Walmart Connect lists no advertisers, so the seller names the one it gave our
 * partner access to; an advertiser it did not is refused in Walmart Connect's terms.
 */
export const ConnectWalmartConnectByAdvertiserId: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.walmartToConnect } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const connect = await canvas.findByRole('button', { name: /^Connect Walmart Connect for / });
    const advertiserId = canvas.getByRole('textbox', { name: 'Advertiser id' });
    await userEvent.click(connect);
    await expect(await canvas.findByText('Enter the advertiser id Walmart Connect shows.')).toBeVisible();
    await expect(advertiserId).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(advertiserId, '1234');
    await userEvent.click(connect);
    await expect(await findInToast(/does not let us act on advertiser 1234/)).toBeVisible();
    await userEvent.clear(advertiserId);
    await userEvent.type(advertiserId, WALMART_ADVERTISER_GRANTED);
    await userEvent.click(connect);
    await expect(await findInToast('Its campaigns are being read; they show here within a minute.')).toBeVisible();
  },
};

/** A seller without a marketplace that sells ads: where to go, and what is on its way. */
export const NothingToAdvertiseOn: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.nothingToConnect } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No marketplace to advertise on yet' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Go to Channels' })).toHaveAttribute('href', '/channels');
    // The rules can be set before any ad runs.
    await expect(canvas.getByRole('button', { name: 'Save ad rules' })).toBeVisible();
  },
};

/** Amazon refused the last read: the marketplace's words, and the figures read before stay. */
export const LastReadFailed: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.readFailed } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('The last read failed')).toBeVisible();
    await expect(canvas.getByText(/the seller withdrew the grant/)).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Campaigns' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Read now' }));
    await expect(await findInToast('Campaigns, ads and their figures show here within a minute.')).toBeVisible();
  },
};

/** The rules: days of cover checked before saving, then saved. */
export const SaveStockRules: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const form = within(await canvas.findByRole('form', { name: 'Ad rules' }));
    const days = form.getByRole('textbox', { name: 'Days of stock' });
    await expect(days).toBeDisabled();
    await userEvent.click(form.getByRole('checkbox', { name: 'Pause them when stock covers fewer days than' }));
    await userEvent.clear(days);
    await userEvent.type(days, '0');
    await userEvent.click(form.getByRole('button', { name: 'Save ad rules' }));
    await expect(await form.findByText('Enter a whole number of days from 1 to 365.')).toBeVisible();
    await userEvent.clear(days);
    await userEvent.type(days, '10');
    await userEvent.click(form.getByRole('button', { name: 'Save ad rules' }));
    await expect(await findInToast(/Every ad was looked at again/)).toBeVisible();
  },
};

/** A range is chosen from the address's own words, kept for a link. */
export const LastSevenDays: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'Campaigns' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Range' }), '7');
    await expect(storyLocation.current.path).toBe('/advertising?days=7');
  },
};

export const CampaignsOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Campaigns' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save ad rules' })).toBeVisible();
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth + 1);
  },
};

export const LoadingCampaigns: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading your campaigns...')).toBeVisible();
  },
};

export const CampaignsCouldNotLoad: Story = {
  parameters: { msw: { handlers: { advertising: advertisingHandlers.failing } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Advertising could not be loaded' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /try again/i })).toBeVisible();
  },
};
