import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { authHandlers, channelHandlers, dashboardFixtures, dashboardHandlers } from '@hub/mocks';
import { DashboardPage } from './DashboardPage';
import { withRouter } from '../../testing/storyRouter';
import { onAPhone } from '../../testing/storyViewports';

const meta = {
  title: 'Screens/Dashboard',
  component: DashboardPage,
  decorators: [withRouter],
  parameters: {
    route: '/',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.mainAndTargets,
        dashboard: dashboardHandlers.populated,
      },
    },
  },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The value shown under a figure's name in a card. */
const figure = (card: HTMLElement, name: string) => within(card).getByText(name, { selector: 'dt' }).nextElementSibling;

export const NewAccount: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.newAccount, channels: channelHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Set up sync: 0 of 3 steps done' })).toBeVisible();
    const steps = within(canvas.getByRole('list', { name: /Set up sync/ })).getAllByRole('listitem');
    await expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringContaining('Connect your first channel'),
      expect.stringContaining('Make it your main channel'),
      expect.stringContaining('Import its catalogue'),
    ]);
    for (const step of steps) await expect(within(step).getByText('To do')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Connect your first channel in Channels' })).toHaveAttribute(
      'href',
      '/channels',
    );
    // Nothing to show yet: no sales, no health table.
    await expect(canvas.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();
  },
};

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Days are calendar days in UTC/)).toBeVisible();
    const today = await canvas.findByRole('region', { name: 'Today' });
    await expect(figure(today, 'Revenue')).toHaveTextContent('$1,284.50+ €96.00');
    await expect(figure(today, 'Orders')).toHaveTextContent('23');
    await expect(figure(today, 'Units')).toHaveTextContent('41');
    const month = canvas.getByRole('region', { name: 'Last 30 days' });
    await expect(figure(month, 'Revenue')).toHaveTextContent('$38,120.75');
    await expect(figure(month, 'Orders')).toHaveTextContent('612');
    // The chart's figures are in a table for screen readers (and everyone).
    const byChannel = canvas.getByRole('table', { name: 'Sales by channel' });
    const amazonRow = within(byChannel).getByRole('row', { name: /Amazon · Cooper Home \(Amazon US\)/ });
    await expect(amazonRow).toHaveTextContent('$19,880.35');
    await expect(amazonRow).toHaveTextContent('318');
    // The chart: a bar per channel (drawn once its chunk has loaded), its figures in a table and a CSV.
    await waitFor(async () => {
      const bars = canvasElement.querySelectorAll('[data-testid="sales-chart"] [data-value]');
      await expect([...bars].map((b) => b.getAttribute('data-value'))).toEqual(['14210.4', '19880.35', '4030']);
    });
    const charted = canvas.getByRole('table', { name: 'Revenue by channel, last 30 days' });
    await expect(within(charted).getByRole('row', { name: /Walmart/ })).toHaveTextContent('$4,030.00');
    await expect(canvas.getByRole('button', { name: 'Download by channel (CSV)' })).toBeVisible();
    // Sync health: lag, waiting and refused values per channel.
    const health = canvas.getByRole('table', { name: 'Sync health by channel' });
    await expect(within(health).getByRole('row', { name: /Amazon/ })).toHaveTextContent('42 s');
    await expect(within(health).getByRole('row', { name: /Walmart/ })).toHaveTextContent('Paused');
    await expect(within(health).getByRole('row', { name: /Walmart/ })).toHaveTextContent('16 h');
    await expect(within(health).getByRole('row', { name: /Shopify/ })).toHaveTextContent('Up to date');
    // Alerts lead to what needs doing.
    await expect(canvas.getByRole('link', { name: 'See sync activity' })).toHaveAttribute(
      'href',
      '/listings?tab=activity',
    );
    await expect(canvas.getByRole('link', { name: 'Accept or overwrite' })).toHaveAttribute(
      'href',
      '/listings?tab=drift',
    );
    await expect(canvas.getByText('14 products have 5 units or fewer available')).toBeVisible();
    // Recent activity.
    await expect(
      within(canvas.getByRole('table', { name: 'Recent orders' })).getByText('Amazon 114-3941689-8772232'),
    ).toBeVisible();
    // A Shopify order by its name, never its GID.
    const recent = within(canvas.getByRole('table', { name: 'Recent orders' }));
    await expect(recent.getByText('Shopify #1042')).toBeVisible();
    await expect(recent.queryByText(/gid:\/\//)).not.toBeInTheDocument();
    await expect(
      within(canvas.getByRole('table', { name: 'Recent changes' })).getByText('79.99 → 74.99'),
    ).toBeVisible();
    // Set up already: no steps.
    await expect(canvas.queryByText(/Set up sync/)).not.toBeInTheDocument();
  },
};

/** On a phone: the chart takes the screen's width, its figures in the table under it. */
export const PopulatedOnAPhone: Story = {
  globals: onAPhone,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Last 30 days by channel' })).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelectorAll('[data-testid="sales-chart"] [data-value]')).toHaveLength(3),
    );
    await expect(canvas.getByRole('table', { name: 'Sales by channel' })).toBeVisible();
  },
};

export const NearRateLimit: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.nearRateLimit } } },
  play: async ({ canvasElement }) => {
    const table = within(await within(canvasElement).findByRole('table', { name: 'Sync health by channel' }));
    await expect(table.getByRole('columnheader', { name: 'Rate-limit use' })).toBeVisible();
    const amazon = table.getByRole('row', { name: /Amazon/ });
    await expect(amazon).toHaveTextContent('97%');
    // The limit in the seller's words, not the API's operation name.
    await expect(amazon).toHaveTextContent('Listing updates');
    await expect(amazon).not.toHaveTextContent('patchListingsItem');
    await expect(amazon).toHaveTextContent('4 calls slowed down by the marketplace');
    await expect(amazon).toHaveTextContent('1,840');
    // The main channel, barely using its limit, shows no warning.
    const shopify = table.getByRole('row', { name: /Shopify/ });
    await expect(shopify).toHaveTextContent('6%');
    await expect(shopify).not.toHaveTextContent('slowed down');
  },
};

export const ChannelInError: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.channelInError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = (await canvas.findByText('1 channel has stopped syncing')).closest('[role="alert"]') as HTMLElement;
    await expect(within(alert).getByRole('link', { name: 'See channels' })).toHaveAttribute('href', '/channels');
    const ebay = within(canvas.getByRole('table', { name: 'Sync health by channel' })).getByRole('row', {
      name: /eBay/,
    });
    await expect(ebay).toHaveTextContent('Error');
    await expect(ebay).toHaveTextContent(dashboardFixtures.channelInError.health[2]!.statusReason!);
    await expect(ebay).toHaveTextContent('2 h 3 min');
    await expect(ebay).toHaveTextContent('214');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.loading } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('Loading dashboard...')).toBeVisible();
  },
};

export const LoadError: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.failsToLoad } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'The dashboard could not be loaded' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /try again|retry/i })).toBeVisible();
  },
};

export const NoAccess: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.forbidden } } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('heading', { name: "You don't have access to this page" }),
    ).toBeVisible();
  },
};

export const SkuLimitAlert: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.skuLimitReached } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByText(
      "500 SKUs on your main channel are beyond your plan's limit: not imported or synced",
    );
    await expect(alert).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute('href', '/billing');
  },
};

/** Three marketplaces took the last units at the same instant: the orders are named, each opening its drawer. */
export const OversoldAlertNamesTheOrders: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.oversold } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('1 SKU was sold beyond your stock: cancel an order before you ship'),
    ).toBeVisible();
    await expect(canvas.getByText(/^CH-00007: 2 units short\. Open orders:/)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Amazon 113-4471902-6650212' })).toHaveAttribute(
      'href',
      '/orders?orderId=0e0d0000-0000-4000-8000-000000000003',
    );
    await expect(canvas.getByRole('link', { name: 'eBay 27-11843-90215' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Walmart 108812345570212' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See unshipped orders' })).toHaveAttribute(
      'href',
      '/orders?status=unshipped',
    );
  },
};

/** Listings a marketplace would refuse or remove: the count, and the way to the Compliance page's errors. */
export const ComplianceErrorsAlert: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.complianceErrors } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('4 listing problems can get listings refused or removed')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'See compliance issues' })).toHaveAttribute(
      'href',
      '/compliance?severity=error',
    );
  },
};

export const NoSalesYetInTheCurrency: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.noSalesYet } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('region', { name: 'Today' });
    // Nothing sold is zero in the account's currency, as the chart says, not "None".
    await expect(figure(canvas.getByRole('region', { name: 'Today' }), 'Revenue')).toHaveTextContent('$0.00');
    await expect(figure(canvas.getByRole('region', { name: 'Last 30 days' }), 'Revenue')).toHaveTextContent('$0.00');
    const byChannel = canvas.getByRole('table', { name: 'Sales by channel' });
    await expect(within(byChannel).getByRole('row', { name: /Amazon · Cooper Home/ })).toHaveTextContent('$0.00');
    await expect(canvas.queryByText('None')).not.toBeInTheDocument();
  },
};

export const RuleChangeAsOneRow: Story = {
  parameters: { msw: { handlers: { dashboard: dashboardHandlers.groupedChanges } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const changes = await canvas.findByRole('table', { name: 'Recent changes' });
    const rule = within(changes).getByRole('row', { name: /240 SKUs/ });
    await expect(rule).toHaveTextContent('Quantity on Amazon · Channel rules');
    await expect(rule).toHaveTextContent('Various values');
    await expect(within(changes).getByRole('row', { name: /12 SKUs/ })).toHaveTextContent('Price');
    // One row each, and the single changes after them as before.
    await expect(within(changes).getByRole('row', { name: /MUG-BLUE-12/ })).toHaveTextContent('14 → 12');
  },
};
