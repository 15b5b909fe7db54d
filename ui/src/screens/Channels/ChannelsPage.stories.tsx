import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  MARKETPLACE_DOWN_MESSAGE,
  PLAN_LIMIT_MESSAGE,
  authHandlers,
  channelFixtures,
  channelHandlers,
  http,
  syncHandlers,
} from '@hub/mocks';
import { ChannelsPage } from './ChannelsPage';
import { withRouter } from '../../testing/storyRouter';

const meta = {
  title: 'Screens/Channels',
  component: ChannelsPage,
  decorators: [withRouter],
  parameters: {
    route: '/channels',
    msw: { handlers: { auth: authHandlers.signedInClient, channels: channelHandlers.mainAndTargets } },
  },
} satisfies Meta<typeof ChannelsPage>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);
/** The value shown under a health count's name on a card. */
const healthCount = (card: HTMLElement, name: string) =>
  within(card).getByText(name, { selector: 'dt' }).nextElementSibling;

export const PageTitle: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
  },
};

export const NoneConnected: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'No channels connected yet' })).toBeVisible();
    for (const name of ['Amazon', 'Walmart', 'eBay', 'Shopify'])
      await expect(canvas.getByRole('button', { name: `Connect ${name}` })).toBeVisible();
  },
};

export const OneMainAndTargets: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = await canvas.findByRole('article', { name: /Shopify · Cooper Home/ });
    await expect(within(main).getByText('Main channel')).toBeVisible();
    await expect(within(main).queryByRole('button', { name: /^Make main/ })).not.toBeInTheDocument();
    const amazon = canvas.getByRole('article', { name: /Amazon/ });
    await expect(within(amazon).getByText('Target')).toBeVisible();
    await expect(within(amazon).getByText(/80% of stock, 2 held back/)).toBeVisible();
    await expect(healthCount(amazon, 'Listings')).toHaveTextContent('1,198');
    await expect(healthCount(amazon, 'In error')).toHaveTextContent('3');
    await expect(healthCount(amazon, 'Waiting to send')).toHaveTextContent('12');
    await expect(healthCount(amazon, 'Refused in 24 h')).toHaveTextContent('3');
    await expect(within(amazon).getByRole('button', { name: 'Sync now: Amazon' })).toBeEnabled();
    const walmart = canvas.getByRole('article', { name: /Walmart/ });
    await expect(within(walmart).getByText('Paused')).toBeVisible();
    await expect(within(walmart).getByRole('button', { name: 'Make main: Walmart' })).toBeDisabled();
    // A paused channel is not read: it offers Resume, not "Sync now".
    await expect(within(walmart).queryByRole('button', { name: 'Sync now: Walmart' })).not.toBeInTheDocument();
    await expect(healthCount(walmart, 'Waiting to send')).toHaveTextContent('38');
    await expect(within(amazon).getByRole('button', { name: 'Make main: Amazon' })).toHaveTextContent('Make main');
  },
};

const makeMainRequests: string[] = [];
export const MakeMainAsksFirst: Story = {
  parameters: {
    msw: {
      handlers: {
        channels: [
          http.post('/api/channels/{channelId}/make-main', ({ params, response }) => {
            makeMainRequests.push(params.channelId);
            return response(200).json({ ...channelFixtures.amazonTarget, role: 'main' });
          }),
          ...channelHandlers.mainAndTargets,
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    makeMainRequests.length = 0;
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Make main: Amazon' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Make Amazon your main channel?' }));
    await expect(
      dialog.getByText(
        "Amazon's stock and prices become the truth for every other channel; the catalogue is read again from Amazon; Shopify becomes a target.",
      ),
    ).toBeVisible();
    // Nothing is sent before the seller confirms; Cancel leaves everything as it was.
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
    await expect(makeMainRequests).toEqual([]);
    await userEvent.click(within(amazon).getByRole('button', { name: 'Make main: Amazon' }));
    const again = within(await page().findByRole('dialog', { name: 'Make Amazon your main channel?' }));
    await userEvent.click(again.getByRole('button', { name: 'Make Amazon main' }));
    await expect(await findInToast('Main Channel Changed')).toBeVisible();
    await expect(makeMainRequests).toEqual([channelFixtures.amazonTarget.id]);
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const ChannelFailingWithReason: Story = {
  parameters: { msw: { handlers: { channels: channelHandlers.channelInError } } },
  play: async ({ canvasElement }) => {
    const ebay = await within(canvasElement).findByRole('article', { name: /eBay/ });
    await expect(within(ebay).getByText('Error')).toBeVisible();
    // Why sync stopped comes first, as an alert, with what to do.
    await expect(within(ebay).getByRole('alert')).toHaveTextContent(channelFixtures.ebayInError.statusReason);
    await expect(within(ebay).getByText('Last failed attempt')).toBeVisible();
    await expect(
      within(ebay).getByText(/: eBay answered 500: Internal Server Error\. Sync retries on its own\.$/),
    ).toBeVisible();
    await expect(healthCount(ebay, 'Waiting to send')).toHaveTextContent('214');
    // A channel whose attempts all work says nothing of failures.
    const main = within(canvasElement).getByRole('article', { name: /Shopify/ });
    await expect(within(main).queryByText('Last failed attempt')).not.toBeInTheDocument();
    // A channel in error can still be read, to see whether it works again.
    await expect(within(ebay).getByRole('button', { name: 'Sync now: eBay' })).toBeEnabled();
  },
};

export const SyncInProgress: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.readingAmazon } } },
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    const bar = await within(amazon).findByRole('progressbar', { name: 'Amazon sync progress' });
    // The marketplace does not say how many listings there are: the bar is busy, the count goes up.
    await expect(bar).toHaveAttribute('aria-busy', 'true');
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar.getAttribute('aria-valuetext')).toMatch(/^[\d,]+ listings read$/);
    await expect(within(amazon).getByText(/^[\d,]+ values repaired$/)).toBeVisible();
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '510 listings read'), { timeout: 5_000 });
    await expect(within(amazon).getByRole('button', { name: 'Sync now: Amazon' })).toBeDisabled();
    // Only Amazon is being read.
    const shopify = within(canvasElement).getByRole('article', { name: /Shopify/ });
    await expect(within(shopify).queryByRole('progressbar')).not.toBeInTheDocument();
    await expect(within(shopify).getByRole('button', { name: 'Sync now: Shopify' })).toBeEnabled();
  },
};

export const SyncInProgressOfKnownSize: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.readingAmazonOfKnownSize } } },
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    const bar = await within(amazon).findByRole('progressbar', { name: 'Amazon sync progress' });
    await expect(bar).toHaveAttribute('aria-valuemax', '1198');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '420'), { timeout: 5_000 });
    await expect(bar).toHaveAttribute('aria-valuetext', '420 of 1,198 listings read');
    await expect(within(amazon).getByText('420 of 1,198 listings read', { selector: 'span' })).toBeVisible();
  },
};

export const SyncFinishedWithRepairs: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.finishesWithRepairs } } },
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Sync now: Amazon' }));
    await expect(await within(amazon).findByRole('progressbar', { name: 'Amazon sync progress' })).toBeVisible();
    await expect(within(amazon).getByRole('button', { name: 'Sync now: Amazon' })).toBeDisabled();
    await expect(await findInToast('Amazon Synced')).toBeVisible();
    await expect(await findInToast('1,198 listings read, 4 values repaired.')).toBeVisible();
    // The card says it too, in a polite live region, and the bar is gone.
    await expect(within(amazon).getByRole('status')).toHaveTextContent(
      'Synced: 1,198 listings read, 4 values repaired.',
    );
    await expect(within(amazon).queryByRole('progressbar')).not.toBeInTheDocument();
    await waitFor(() => expect(within(amazon).getByRole('button', { name: 'Sync now: Amazon' })).toBeEnabled());
  },
};

export const SyncStoppedAtPlanLimit: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.stopsAtPlanLimit } } },
  play: async ({ canvasElement }) => {
    const shopify = await within(canvasElement).findByRole('article', { name: /Shopify/ });
    await userEvent.click(within(shopify).getByRole('button', { name: 'Sync now: Shopify' }));
    // "Sync now" on the main channel reads every channel.
    await expect(await within(shopify).findByText('Syncing every channel')).toBeVisible();
    await expect(await findInToast('Shopify Partly Synced')).toBeVisible();
    await expect(await findInToast(PLAN_LIMIT_MESSAGE)).toBeVisible();
    const alert = within(shopify).getByRole('alert');
    await expect(alert).toHaveTextContent('Last sync stopped short');
    await expect(alert).toHaveTextContent('nothing was deleted');
    await expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
  },
};

export const LastSyncStoppedAtPlanLimit: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.stoppedAtPlanLimit } } },
  play: async ({ canvasElement }) => {
    const shopify = await within(canvasElement).findByRole('article', { name: /Shopify/ });
    const alert = await within(shopify).findByRole('alert');
    await expect(alert).toHaveTextContent(PLAN_LIMIT_MESSAGE);
    await expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/billing');
    // A run that ended before the page opened is no news: no toast.
    await expect(document.body.querySelector('li[data-state="open"]')).toBeNull();
  },
};

export const SyncFailed: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.fails } } },
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Sync now: Amazon' }));
    await expect(await findInToast('Amazon Sync Failed')).toBeVisible();
    await expect(await findInToast(MARKETPLACE_DOWN_MESSAGE)).toBeVisible();
    const alert = within(amazon).getByRole('alert');
    await expect(alert).toHaveTextContent('Last sync failed');
    await expect(alert).toHaveTextContent(MARKETPLACE_DOWN_MESSAGE);
    await waitFor(() => expect(within(amazon).getByRole('button', { name: 'Sync now: Amazon' })).toBeEnabled());
  },
};

export const SyncNowRefusedOnPausedChannel: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.refusedWhilePaused } } },
  play: async ({ canvasElement }) => {
    const walmart = await within(canvasElement).findByRole('article', { name: /Walmart/ });
    await expect(within(walmart).queryByRole('button', { name: 'Sync now: Walmart' })).not.toBeInTheDocument();
    // Amazon was paused in another tab after this page was loaded: the server refuses.
    const amazon = within(canvasElement).getByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Sync now: Amazon' }));
    await expect(await findInToast('Sync Not Started')).toBeVisible();
    await expect(await findInToast('This channel is paused. Resume it to sync it.')).toBeVisible();
    await expect(within(amazon).queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

export const SyncNowRefusedAfterPlanEnded: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.refusedPlanEnded } } },
  play: async ({ canvasElement }) => {
    const amazon = await within(canvasElement).findByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Sync now: Amazon' }));
    await expect(await findInToast('Sync Not Started')).toBeVisible();
    await expect(await findInToast(/nothing is sent to your marketplaces until you choose a plan/)).toBeVisible();
    await expect(await findInToast('See plans')).toBeVisible();
    await expect(within(amazon).queryByRole('progressbar')).not.toBeInTheDocument();
  },
};

export const ConnectingAmazonWithASandboxSeller: Story = {
  args: { initialConnect: 'amazon' },
  parameters: { msw: { handlers: { channels: channelHandlers.none } } },
  play: async () => {
    const dialog = within(await page().findByRole('dialog', { name: 'Connect Amazon' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Use a sandbox seller' }));
    await waitFor(() =>
      expect(dialog.getByLabelText('LWA Client ID')).toHaveValue('amzn1.application-oa2-client.sandbox01'),
    );
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
    for (const label of ['LWA Client ID', 'Client Secret', 'Refresh Token', 'Seller ID (merchant token)'])
      await userEvent.type(dialog.getByLabelText(label), 'x');
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
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: 'marketplace-consent-result', outcome: 'declined' },
        origin: window.location.origin,
      }),
    );
    await expect(await findInToast('eBay Not Connected')).toBeVisible();
  },
};

/** Shopify's install comes back to /channels with a code; the page says its own words for it. */
export const ShopifyInstallRefusedAtPlanLimit: Story = {
  parameters: { route: '/channels?error=plan_limit', msw: { handlers: { channels: channelHandlers.none } } },
  play: async () => {
    await expect(await findInToast('Channel Not Connected')).toBeVisible();
    await expect(await findInToast(/marketplace connections are all in use/)).toBeVisible();
  },
};

/** A crafted link's words are never shown: an unknown code gets the generic text. */
export const ShopifyReturnWithAnUnknownCode: Story = {
  parameters: {
    route: '/channels?error=Call%200800%20FAKE&message=Call%200800%20FAKE',
    msw: { handlers: { channels: channelHandlers.none } },
  },
  play: async () => {
    await expect(await findInToast('The marketplace did not grant access.')).toBeVisible();
    await expect(page().queryByText(/0800/)).not.toBeInTheDocument();
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
    // Titles edited in the hub reach the channel unless the seller keeps its own.
    await expect(dialog.getByRole('checkbox', { name: 'Sync titles edited here' })).toBeChecked();
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Sync titles edited here' }));
    await expect(dialog.getByRole('checkbox', { name: 'Sync titles edited here' })).not.toBeChecked();
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

/** A target of a Shopify main may have its orders created in the Shopify store; the main itself may not. */
export const CreatingOrdersInShopify: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const main = await canvas.findByRole('article', { name: /Shopify · Cooper Home/ });
    await userEvent.click(within(main).getByRole('button', { name: 'Rules' }));
    let dialog = within(await page().findByRole('dialog', { name: /Rules for/ }));
    await expect(dialog.queryByLabelText(/orders in your Shopify store/)).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page().queryByRole('dialog')).not.toBeInTheDocument());

    const amazon = canvas.getByRole('article', { name: /Amazon/ });
    await userEvent.click(within(amazon).getByRole('button', { name: 'Rules' }));
    dialog = within(await page().findByRole('dialog', { name: /Rules for/ }));
    const option = dialog.getByLabelText('Create this channel’s orders in your Shopify store');
    await expect(option).not.toBeChecked();
    await expect(dialog.getByText(/without charging the buyer or taking stock off twice/)).toBeVisible();
    await userEvent.click(option);
    await expect(option).toBeChecked();
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
    await expect(
      await within(canvasElement).findByRole('heading', { name: 'Channels could not be loaded' }),
    ).toBeVisible();
  },
};
