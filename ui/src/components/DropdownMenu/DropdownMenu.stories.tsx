import { fixtures, type AuthUser } from '@hub/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Avatar, displayName } from '../Avatar/Avatar';
import { RoleBadge, ViewModeBadge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { LogOutIcon } from '../icons';
import { Text } from '../Text/Text';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './DropdownMenu';

interface UserMenuProps {
  user: AuthUser;
  onChangePhoto: () => void;
  onProfileSettings: () => void;
  onSignOut: () => void;
}

// The user menu of the spec, composed from the design system's parts.
function UserMenu({ user, onChangePhoto, onProfileSettings, onSignOut }: UserMenuProps) {
  const name = displayName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost">
          <Avatar {...user} size="small" decorative />
          {name}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            <Avatar {...user} decorative />
            <div>
              <Text size="small" weight="semibold" as="div">
                {name}
              </Text>
              <Text size="xsmall" tone="secondary" as="div">
                {user.email}
              </Text>
              <div style={{ display: 'flex', gap: 4, marginTop: 4 }}>
                <RoleBadge role={user.role} />
                {user.isBeingImpersonated ? <ViewModeBadge /> : null}
              </div>
            </div>
          </div>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onChangePhoto}>Change Photo</DropdownMenuItem>
        <DropdownMenuItem onSelect={onProfileSettings}>Profile Settings</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="critical" onSelect={onSignOut}>
          <LogOutIcon />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const meta = {
  title: 'Components/DropdownMenu',
  component: UserMenu,
  args: { user: fixtures.users.client, onChangePhoto: fn(), onProfileSettings: fn(), onSignOut: fn() },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClientUserMenu: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jane Cooper' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('jane.cooper@cooperhome.example')).toBeVisible();
    await expect(within(menu).getByText('Client')).toBeVisible();
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Change Photo', 'Profile Settings', 'Sign Out']);
  },
};

export const ImpersonatedUserMenu: Story = {
  args: { user: fixtures.impersonatedClient },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jane Cooper' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('View Mode')).toBeVisible();
  },
};

export const SuperUserWithoutName: Story = {
  args: { user: { ...fixtures.users.superUser, firstName: null, lastName: null } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'morgan.reyes@hub.example' }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByText('Super')).toBeVisible();
  },
};

export const SigningOutWithTheKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Jane Cooper' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    // Typeahead: "S" jumps to the first item starting with S, which is Sign Out.
    await userEvent.keyboard('s');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onSignOut).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};
