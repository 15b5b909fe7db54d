import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  AMAZON_REFUSED_PRICE,
  EBAY_REFUSED_QUANTITY,
  authHandlers,
  channelHandlers,
  pushHandlers,
  resetPushMocks,
  syncHandlers,
} from '@hub/mocks';
import { findInToast } from '../../../testing/storyToasts';
import { withRouter } from '../../../testing/storyRouter';
import { SyncActivityTab } from './SyncActivityTab';

const meta = {
  title: 'Screens/Listings/Sync activity',
  component: SyncActivityTab,
  decorators: [withRouter],
  beforeEach: () => resetPushMocks(),
  parameters: {
    route: '/listings?tab=activity',
    msw: {
      handlers: {
        auth: authHandlers.signedInClient,
        channels: channelHandlers.channelInError,
        sync: syncHandlers.idle,
        pushes: pushHandlers.allCaughtUp,
      },
    },
  },
} satisfies Meta<typeof SyncActivityTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A count shown under its name on a channel's card. */
const countOf = (card: HTMLElement, name: string) =>
  within(card).getByText(name, { selector: 'dt' }).nextElementSibling;

export const RunInProgress: Story = {
  parameters: { msw: { handlers: { sync: syncHandlers.readingAmazon, pushes: pushHandlers.sending } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = await canvas.findByRole('progressbar', {
      name: 'Reconciliation · Amazon · Cooper Home (Amazon US) progress',
    });
    // Amazon does not say how many listings it holds: the bar is busy, the count goes up live.
    await expect(bar).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuetext', '510 listings read'), { timeout: 5_000 });
    const runs = canvas.getByRole('table', { name: 'Recent runs' });
    await expect(within(runs).getByRole('row', { name: /Import · Every channel/ })).toHaveTextContent(
      '1,240 listings read',
    );
    // Values going out to Amazon: a bar per channel with its counts.
    const amazon = canvas.getByRole('article', { name: /Amazon/ });
    await expect(within(amazon).getByRole('progressbar', { name: 'Amazon pushes' })).toHaveAttribute(
      'aria-valuetext',
      '330 of 500 values confirmed',
    );
    await expect(countOf(amazon, 'Waiting')).toHaveTextContent('120');
    await expect(countOf(amazon, 'On their way')).toHaveTextContent('50');
    await expect(canvas.queryByText('All caught up')).not.toBeInTheDocument();
  },
};

export const PartialFailure: Story = {
  parameters: { msw: { handlers: { pushes: pushHandlers.partialFailure } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Refused by the marketplace (3)' })).toBeVisible();
    const refused = canvas.getByRole('table', { name: 'Values refused by the marketplace' });
    const blue = within(refused).getByRole('row', { name: /MUG-BLUE-12/ });
    await expect(blue).toHaveTextContent('Price: 4.99');
    await expect(blue).toHaveTextContent(AMAZON_REFUSED_PRICE);
    await expect(within(refused).getByRole('row', { name: /LAMP-OAK/ })).toHaveTextContent(EBAY_REFUSED_QUANTITY);
    await expect(countOf(canvas.getByRole('article', { name: /Amazon/ }), 'Refused')).toHaveTextContent('2');
    // Retry one: it goes out again and leaves the list.
    await userEvent.click(within(blue).getByRole('button', { name: 'Retry MUG-BLUE-12 on Amazon' }));
    await expect(await findInToast('1 value will be sent again.')).toBeVisible();
    await waitFor(() => expect(within(refused).queryByRole('row', { name: /MUG-BLUE-12/ })).not.toBeInTheDocument());
    await expect(canvas.getByRole('heading', { name: 'Refused by the marketplace (2)' })).toBeVisible();
    // Retry all: every channel's refused values go out again.
    await userEvent.click(canvas.getByRole('button', { name: 'Retry all failed' }));
    await expect(await findInToast('2 values will be sent again.')).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('table', { name: 'Values refused by the marketplace' })).not.toBeInTheDocument(),
    );
  },
};

export const AllCaughtUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('All caught up')).toBeVisible();
    const amazon = canvas.getByRole('article', { name: /Amazon/ });
    await expect(within(amazon).getByRole('progressbar', { name: 'Amazon pushes' })).toHaveAttribute(
      'aria-valuetext',
      '842 of 842 values confirmed',
    );
    await expect(canvas.queryByRole('button', { name: 'Retry all failed' })).not.toBeInTheDocument();
    await expect(
      within(canvas.getByRole('table', { name: 'Recent runs' })).getByRole('row', { name: /Reconciliation · Amazon/ }),
    ).toHaveTextContent('7 values repaired');
  },
};

export const Empty: Story = {
  parameters: {
    msw: { handlers: { sync: syncHandlers.none, pushes: pushHandlers.none, channels: channelHandlers.none } },
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { name: 'Nothing synced yet' })).toBeVisible();
  },
};
