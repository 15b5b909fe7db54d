import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { analyticsHandlers, authHandlers, channelFixtures, http } from '@hub/mocks';
import type { AnalyticsPage } from './AnalyticsPage';
import { analyticsMeta } from './analyticsStories';
import { onAPhone } from '../../testing/storyViewports';
import { profitNotes } from './profitTexts';

const meta = { title: 'Screens/Analytics', ...analyticsMeta } satisfies Meta<typeof AnalyticsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value shown under a figure's name. */
const figure = (canvas: ReturnType<typeof within>, name: string) =>
  canvas.getByText(name, { selector: 'dt' }).nextElementSibling;

/** The values a chart draws for a series, once its drawing (a chunk of its own) has arrived. */
async function drawn(canvasElement: HTMLElement, chart: string, series: 'current' | 'previous') {
  let values: string[] = [];
  await waitFor(() => {
    values = [...canvasElement.querySelectorAll(`[data-testid="${chart}"] [data-series="${series}"] [data-value]`)].map(
      (mark) => mark.getAttribute('data-value') ?? '',
    );
    expect(values.length).toBeGreaterThan(0);
  });
  return values;
}

/** A week of sales: the four figures against the week before, each day, each channel, the best and slowest SKUs. */
export const SalesForAWeek: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { name: '15 Nov to 21 Nov, against 8 Nov to 14 Nov' }),
    ).toBeVisible();
    await expect(figure(canvas, 'Revenue')).toHaveTextContent('$7,441.75+9.1% on the previous period');
    await expect(figure(canvas, 'Orders')).toHaveTextContent('121+8.0% on the previous period');
    await expect(figure(canvas, 'Units')).toHaveTextContent('220');
    await expect(figure(canvas, 'Average order value')).toHaveTextContent('$61.50');
    const days = within(canvas.getByRole('table', { name: 'Sales by day' }));
    await expect(days.getAllByRole('row')).toHaveLength(8);
    await expect(days.getByRole('row', { name: /17 Nov/ })).toHaveTextContent('17 Nov00$0.00');
    const channels = within(canvas.getByRole('table', { name: 'Sales by channel' }));
    await expect(channels.getByRole('row', { name: /Amazon/ })).toHaveTextContent('62117$3,931.35');
    await expect(canvas.getByRole('table', { name: 'Best sellers' })).toHaveTextContent('MUG-BLUE-12');
    await expect(canvas.getByRole('table', { name: 'Slowest sellers' })).toHaveTextContent('VASE-TALL');
    await expect(figure(canvas, 'Refunded')).toHaveTextContent('$86.40');
    for (const name of ['by day', 'by channel', 'best sellers', 'slowest sellers'])
      await expect(canvas.getByRole('button', { name: `Download ${name} (CSV)` })).toBeVisible();
  },
};

/** Revenue and orders by day against the same days of the week before, and revenue by channel against it. */
/** Each best and slowest seller with its sell-through and the days of the range it had none to sell. */
export const SellThroughAndDaysOutOfStock: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const best = within(await canvas.findByRole('table', { name: 'Best sellers' }));
    const headers = best.getAllByRole('columnheader').map((cell) => cell.textContent);
    await expect(headers).toEqual(['SKU', 'Units', 'Revenue', 'Sell-through', 'Days out of stock']);
    await expect(best.getByRole('row', { name: /MUG-BLUE-12/ })).toHaveTextContent('64$1,146.6080%1.5');
    await expect(best.getByRole('row', { name: /LAMP-OAK/ })).toHaveTextContent('21$1,574.7935%0');
    // Sold on a target only: no stock of ours to speak of.
    await expect(best.getByRole('row', { name: /BOWL-SET-4/ })).toHaveTextContent('18$809.10——');
    const slowest = within(canvas.getByRole('table', { name: 'Slowest sellers' }));
    await expect(slowest.getByRole('row', { name: /PLATE-RIM/ })).toHaveTextContent('11200.8%2');
    await expect(slowest.getByRole('row', { name: /VASE-TALL/ })).toHaveTextContent('0420%0');
  },
};

export const ChartsAgainstTheWeekBefore: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await drawn(canvasElement, 'revenue-by-day-chart', 'previous')).toEqual([
      '1010',
      '1120.5',
      '870.2',
      '990',
      '1005.4',
      '880',
      '944',
    ]);
    await expect(await drawn(canvasElement, 'revenue-by-day-chart', 'current')).toEqual([
      '1210.4',
      '980',
      '0',
      '1544.75',
      '1302.1',
      '1120',
      '1284.5',
    ]);
    await expect(await drawn(canvasElement, 'orders-by-day-chart', 'current')).toEqual([
      '19',
      '16',
      '0',
      '24',
      '21',
      '18',
      '23',
    ]);
    await expect(await drawn(canvasElement, 'revenue-by-channel-chart', 'previous')).toEqual(['2510.1', '3650', '660']);
    // Each chart's figures in a table, for screen readers.
    const revenue = within(canvas.getByRole('table', { name: 'Revenue by day, against the previous period' }));
    await expect(revenue.getByRole('columnheader', { name: 'Previous period (8 Nov to 14 Nov)' })).toBeInTheDocument();
    await expect(revenue.getByRole('row', { name: /18 Nov/ })).toHaveTextContent('18 Nov$1,544.75$990.00');
    const orders = within(canvas.getByRole('table', { name: 'Orders by day, against the previous period' }));
    await expect(orders.getByRole('row', { name: /21 Nov/ })).toHaveTextContent('21 Nov2315');
    const channels = within(canvas.getByRole('table', { name: 'Revenue by channel, against the previous period' }));
    await expect(channels.getByRole('row', { name: /Amazon/ })).toHaveTextContent('$3,931.35$3,650.00');
    for (const name of ['revenue by day', 'orders by day', 'revenue by channel'])
      await expect(canvas.getByRole('button', { name: `Download ${name} (CSV)` })).toBeVisible();
  },
};

/** A first week of sales: the figures say nothing sold before, the charts draw the week before at zero. */
export const FirstWeekOfSales: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.firstWeek } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await drawn(canvasElement, 'revenue-by-day-chart', 'previous')).toEqual([
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
      '0',
    ]);
    await expect(figure(canvas, 'Revenue')).toHaveTextContent('$7,441.75No sales in the previous period');
    const revenue = within(canvas.getByRole('table', { name: 'Revenue by day, against the previous period' }));
    await expect(revenue.getAllByRole('columnheader')).toHaveLength(3);
  },
};

/** On a phone: the figures two by two, the charts and tables one under another. */
export const SalesOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await drawn(canvasElement, 'revenue-by-channel-chart', 'current')).toEqual([
      '2790.4',
      '3931.35',
      '720',
    ]);
    await expect(canvas.getByRole('table', { name: 'Sales by day' })).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: 'Range' })).toBeVisible();
  },
};

/** Ticking one channel asks for that channel's figures only. */
export const NarrowedToOneChannel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Sales by channel' });
    await userEvent.click(
      canvas.getByRole('checkbox', { name: (name) => name.includes(channelFixtures.amazonTarget.displayName) }),
    );
    await waitFor(() =>
      expect(within(canvas.getByRole('table', { name: 'Sales by channel' })).getAllByRole('row')).toHaveLength(2),
    );
    await expect(canvas.getByRole('table', { name: 'Sales by channel' })).toHaveTextContent('Amazon');
  },
};

/** A custom range that ends before it starts is named, and not asked for. */
export const CustomRangeBackwards: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Sales by day' });
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Range' }), 'custom');
    const from = canvas.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    await expect(await canvas.findByText('Choose a start on or before the end.')).toBeVisible();
    await expect(canvas.queryByRole('table', { name: 'Sales by day' })).toBeNull();
  },
};

export const NoSalesInRange: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.noSales } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No sales in this range' })).toBeVisible();
    await expect(figure(canvas, 'Revenue')).toHaveTextContent('$0.00Same as the previous period');
    await expect(figure(canvas, 'Average order value')).toHaveTextContent('—');
    await expect(canvas.getByText('Nothing sold in this range.')).toBeVisible();
    // Nothing to draw: no charts, the tables still there to download.
    await expect(canvasElement.querySelector('[data-chart]')).toBeNull();
    await expect(canvas.getByRole('table', { name: 'Sales by day' })).toBeVisible();
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading the report...')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.failsToLoad } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'The report could not be loaded' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /try again|retry/i })).toBeVisible();
  },
};

/** Platform staff not viewing as a seller. */
export const NoAccess: Story = {
  parameters: {
    msw: {
      handlers: {
        analytics: [
          http.get('/api/analytics/sales', ({ response }) =>
            response(403).json({ message: "You don't have access to this account's data." }),
          ),
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};

/** The user chose a time zone in Profile Settings: the report's days are that zone's, not the browser's. */
export const DaysInTheTimeZoneChosenInProfile: Story = {
  parameters: { msw: { handlers: { auth: authHandlers.signedInClientWithPhotoAndZone } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Days are calendar days in your time zone \(Asia\/Tokyo\)\./)).toBeVisible();
  },
};

/** The profit tables' row of a channel or SKU. */
const profitRow = (canvas: ReturnType<typeof within>, table: string, name: RegExp) =>
  within(canvas.getByRole('table', { name: table })).getByRole('row', { name });

/** Amazon's fees read from Amazon; Walmart's and Shopify's (paid through another gateway) estimated from the fee table, and marked so. */
export const ProfitWithMarketplaceFees: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Profit: $3,443.55' })).toBeVisible();
    const amazon = profitRow(canvas, 'Profit by channel', /Amazon/);
    await expect(amazon).toHaveTextContent('117$3,931.35$1,570.00$644.48$46.40$84.60$1,585.87');
    await expect(within(amazon).queryByText('Estimate')).toBeNull();
    await expect(within(profitRow(canvas, 'Profit by channel', /Shopify/)).getByText('Estimate')).toBeVisible();
    await expect(profitRow(canvas, 'Profit by SKU', /LAMP-OAK/)).toHaveTextContent(
      '$1,574.79$630.00$220.47$74.99$31.20$618.13',
    );
    await expect(canvas.getByText(/they come from your fee table/)).toBeVisible();
    await expect(canvas.getByText(/fees are not read from the marketplace yet/)).toBeVisible();
    await expect(canvas.getByText(profitNotes.adSpend)).toBeVisible();
    for (const name of ['Profit by channel', 'Profit by SKU'])
      await expect(canvas.getByRole('button', { name: `${name} (CSV)` })).toBeVisible();
  },
};

/** Only Shopify and Walmart sold: every fee is the fee table's estimate. */
export const ProfitFromEstimatesOnly: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.estimateOnly } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Profit: $1,857.68' })).toBeVisible();
    const rows = within(canvas.getByRole('table', { name: 'Profit by channel' }))
      .getAllByRole('row')
      .slice(1);
    await expect(rows).toHaveLength(2);
    for (const row of rows) await expect(within(row).getByText('Estimate')).toBeVisible();
    await expect(canvas.getByText(/they come from your fee table/)).toBeVisible();
  },
};

/** Products without a cost count at none: the SKUs say so, and the note says profit shows higher than it is. */
export const ProfitWithProductsWithoutCost: Story = {
  parameters: { msw: { handlers: { analytics: analyticsHandlers.noCostProducts } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Profit: $6,508.15' })).toBeVisible();
    await expect(within(profitRow(canvas, 'Profit by SKU', /MUG-BLUE-12/)).getByText('No cost')).toBeVisible();
    await expect(canvas.getByText(/Some products have no cost yet/)).toBeVisible();
  },
};

/** On a phone: the profit tables one under the other, scrolling sideways. */
export const ProfitOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('table', { name: 'Profit by channel' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Profit by SKU' })).toBeVisible();
  },
};
