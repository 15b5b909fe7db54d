import { fixtures } from '@hub/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { ImpersonationBanner, TopBar } from './TopBar';
import { topBarTones } from './TopBar.variants';

const meta = {
  title: 'Navigation/TopBar',
  component: TopBar,
  args: { label: 'Free trial', children: 'Free trial: 6 days left', tone: 'brand' },
  argTypes: { tone: { control: 'inline-radio', options: topBarTones } },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TrialTimer: Story = {
  args: {
    actions: (
      <Button size="small" variant="secondary" href="/billing">
        Upgrade
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('region', { name: 'Free trial' });
    await expect(bar).toHaveTextContent('Free trial: 6 days left');
    await expect(within(bar).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/billing');
  },
};

const client = fixtures.users.client;

export const ViewingAsClient: Story = {
  render: () => <ImpersonationBanner {...client} onExit={fn()} />,
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('region', { name: 'Impersonation' });
    await expect(banner).toHaveTextContent('Viewing as: Jane Cooper (Cooper Home Goods)');
    await expect(within(banner).getByRole('button', { name: 'Exit Impersonation' })).toBeEnabled();
  },
};

const onExit = fn();

export const ExitingImpersonation: Story = {
  render: () => <ImpersonationBanner {...client} onExit={onExit} exiting />,
  play: async ({ canvasElement }) => {
    const exit = within(canvasElement).getByRole('button', { name: 'Exit Impersonation' });
    await expect(exit).toBeDisabled();
    await userEvent.click(exit);
    await expect(onExit).not.toHaveBeenCalled();
  },
};

/** A seller whose company carries their own name: the name once, not "Ben Bulk (Ben Bulk)". */
export const ViewingAsSellerNamedLikeTheirCompany: Story = {
  render: () => (
    <ImpersonationBanner {...client} firstName="Ben" lastName="Bulk" companyName="Ben Bulk" onExit={fn()} />
  ),
  play: async ({ canvasElement }) => {
    const banner = within(canvasElement).getByRole('region', { name: 'Impersonation' });
    await expect(banner).toHaveTextContent(/^Viewing as: Ben Bulk\s*Exit Impersonation$/);
  },
};

export const ViewingAsUserWithoutCompany: Story = {
  render: () => <ImpersonationBanner {...fixtures.users.clientWithoutName} onExit={fn()} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Impersonation' })).toHaveTextContent(
      'Viewing as: orders@solo-seller.example',
    );
  },
};
