import type { Meta, StoryObj } from '@storybook/react-vite';
import type { MouseEvent, ReactNode } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Card } from '../Card/Card';
import { LinkProvider, type LinkComponentProps } from '../LinkProvider/LinkProvider';
import { Text } from '../Text/Text';
import { Sidebar, type SidebarGroup } from './Sidebar';

const operations: SidebarGroup = {
  label: 'Operations',
  items: [
    { label: 'Dashboard', href: '/' },
    { label: 'Channels', href: '/channels' },
    { label: 'Listings', href: '/listings' },
    { label: 'Analytics', href: '/analytics' },
    { label: 'Advertising', href: '/advertising' },
    { label: 'Compliance', href: '/compliance' },
    { label: 'Support', href: '/support' },
    { label: 'Billing', href: '/billing' },
  ],
};

const operationsWithoutBilling: SidebarGroup = {
  ...operations,
  items: operations.items.filter((item) => item.href !== '/billing'),
};

const administration: SidebarGroup = {
  label: 'Administration',
  items: [
    { label: 'User Management', href: '/admin/users' },
    { label: 'System Settings', href: '/admin/settings' },
    { label: 'Audit Logs', href: '/audit-logs' },
  ],
};

// Stories never leave the page: links only log the navigation.
function StoryLink({ onClick, ...props }: LinkComponentProps) {
  return (
    <a
      {...props}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        onClick?.(event);
      }}
    />
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <LinkProvider component={StoryLink}>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignContent: 'flex-start', minHeight: '100vh' }}>
        {children}
      </div>
    </LinkProvider>
  );
}

const meta = {
  title: 'Navigation/Sidebar',
  component: Sidebar,
  parameters: { layout: 'fullscreen' },
  args: {
    groups: [operations],
    currentPath: '/',
    header: 'Marketplace Hub',
    footer: 'v2.0',
  },
  render: (args) => (
    <Shell>
      <Sidebar {...args} />
      <main style={{ flex: 1, padding: 24 }}>
        <Text tone="secondary">Page content</Text>
      </main>
    </Shell>
  ),
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClientOnDashboard: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main navigation' });
    await expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // "/" must not light up every other item.
    await expect(within(nav).getByRole('link', { name: 'Channels' })).not.toHaveAttribute('aria-current');
    await expect(within(nav).getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(within(canvasElement).getByText('v2.0')).toBeVisible();
  },
};

export const ChannelDetailHighlightsChannels: Story = {
  args: { currentPath: '/channels/amazon-main' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Channels' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  },
};

export const SuperUserInUserManagement: Story = {
  args: {
    groups: [operationsWithoutBilling, administration],
    currentPath: '/admin/users',
    children: <Card padding="medium" title="Admin Access" titleLevel={2} description="System management" />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Administration' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'User Management' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Audit Logs' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    await expect(canvas.getByText('System management')).toBeVisible();
  },
};

export const MobileMenuOpened: Story = {
  globals: { viewport: { value: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menuButton = canvas.getByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: 'Listings' })).toBeVisible();
  },
};

export const KeyboardReachesEveryItem: Story = {
  args: { groups: [operations, administration], currentPath: '/billing' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab(); // the menu button (hidden by CSS on wide screens)
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page');
  },
};
