import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { authHandlers, channelFixtures, channelHandlers } from '@hub/mocks';
import { ChannelsPage } from './ChannelsPage';
import { withRouter } from '../storyRouter';

const meta = {
  title: 'Screens/Channels',
  component: ChannelsPage,
  decorators: [withRouter],
  parameters: { route: '/channels', msw: { handlers: { auth: authHandlers.signedInClient, channels: channelHandlers.mainAndTargets } } },
} satisfies Meta<typeof ChannelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);

export const NoneConnected: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No channels connected yet' })).toBeVisible();
    for (const name of ['Amazon', 'Walmart', 'eBay', 'Shopify']) await expect(canvas.getByRole('button', { name: `Connect ${name}` })).toBeVisible();
  },
};

export const OneMainAndTargets: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = await canvas.findByRole('article', { name: /Shopify · Cooper Home/ });
    await expect(within(main).getByText('Main channel')).toBeVisible();
    await expect(within(main).queryByRole('button', { name: 'Make main' })).not.toBeInTheDocument();
    const amazon = canvas.getByRole('article', { name: /Amazon/ });
    await expect(within(amazon).getByText('Target')).toBeVisible();
    await expect(within(amazon).getByText(/80% of stock, 2 held back/)).toBeVisible();
    const walmart = canvas.getByRole('article', { name: /Walmart/ });
    await expect(within(walmart).getByText('Paused')).toBeVisible();
    await expect(within(walmart).getByRole('button', { name: 'Make main' })).toBeDisabled();
    await userEvent.click(within(amazon).getByRole('button', { name: 'Make main' }));
    await expect(await findInToast('Main Channel Changed')).toBeVisible();
  },
};

export const ChannelInError: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.channelInError } } },
  play: async ({ canvasElement }) => {
    const ebay = await within(canvasElement).findByRole('article', { name: /eBay/ });
    await expect(within(ebay).getByText('Error')).toBeVisible();
    await expect(within(ebay).getByText(channelFixtures.ebayInError.statusReason)).toBeVisible();
  },
};

export const ConnectingAmazonWithASandboxSeller: Story = {
  args: { initialConnect: 'amazon' },
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect Amazon' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Use a sandbox seller' }));
    await waitFor(() => expect(dialog.getByLabelText('LWA Client ID')).toHaveValue('amzn1.application-oa2-client.sandbox01'));
    await expect(dialog.getByLabelText('Seller ID (merchant token)')).toHaveValue('A1SANDBOX01');
    await userEvent.click(dialog.getByRole('button', { name: 'Connect Amazon' }));
    await expect(await findInToast('Amazon Connected')).toBeVisible();
  },
};

export const CheckingCredentials: Story = {
  args: { initialConnect: 'walmart' },
  parameters: { msw: { handlers: { channels: channelHandlers.connecting } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect Walmart' }));
    await userEvent.type(dialog.getByLabelText('Client ID'), 'my-client');
    await userEvent.type(dialog.getByLabelText('Client Secret'), 'my-secret');
    const button = dialog.getByRole('button', { name: 'Connect Walmart' });
    await userEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
  },
};

export const RejectedCredentials: Story = {
  args: { initialConnect: 'amazon' },
  parameters: { msw: { handlers: { channels: channelHandlers.credentialsRejected } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect Amazon' }));
    for (const label of ['LWA Client ID', 'Client Secret', 'Refresh Token', 'Seller ID (merchant token)']) await userEvent.type(dialog.getByLabelText(label), 'x');
    await userEvent.click(dialog.getByRole('button', { name: 'Connect Amazon' }));
    await expect(await dialog.findByText('Amazon did not connect')).toBeVisible();
    await expect(dialog.getByText(/Amazon refused these credentials/)).toBeVisible();
  },
};

export const EbayConsentOpensAPopup: Story = {
  args: { initialConnect: 'ebay' },
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect eBay' }));
    await expect(dialog.getByRole('button', { name: 'Continue to eBay' })).toBeVisible();
    await expect(dialog.getByText(/eBay opens in a small window/)).toBeVisible();
  },
};

export const EbayConsentDeclined: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('heading', { name: 'No channels connected yet' });
    // What the /auth-declined popup posts to the page that opened it.
    window.dispatchEvent(new MessageEvent('message', { data: { type: 'marketplace-consent-result', outcome: 'declined' }, origin: window.location.origin }));
    await expect(await findInToast('eBay Not Connected')).toBeVisible();
  },
};

export const ShopifyNeedsTheShopDomain: Story = {
  args: { initialConnect: 'shopify' },
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect Shopify' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Use a sandbox seller' }));
    await waitFor(() => expect(dialog.getByLabelText('Shop domain')).toHaveValue('hub-demo-0001.myshopify.com'));
  },
};

export const EditingRules: Story = {
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Rules' }));
    const dialog = within(await page().findByRole('dialog', { name: /Rules for/ }));
    await expect(dialog.getByLabelText('Share of stock (%)')).toHaveValue('80');
    await userEvent.clear(dialog.getByLabelText('Share of stock (%)'));
    await userEvent.type(dialog.getByLabelText('Share of stock (%)'), '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Rules' }));
    await expect(await dialog.findByText(/a share from 0 to 100/)).toBeVisible();
    await userEvent.clear(dialog.getByLabelText('Share of stock (%)'));
    await userEvent.type(dialog.getByLabelText('Share of stock (%)'), '50');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Rules' }));
    await expect(await findInToast('Rules Saved')).toBeVisible();
  },
};

export const ConfirmingDisconnect: Story = {
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Disconnect' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Disconnect Amazon?' }));
    await expect(dialog.getByText(/credentials are deleted/)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
    await expect(await findInToast('Channel Disconnected')).toBeVisible();
  },
};

export const ChannelsFailToLoad: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.failsToLoad } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Channels could not be loaded' })).toBeVisible();
  },
};
