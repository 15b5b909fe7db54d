import type { Meta, StoryObj } from '@storybook/react-vite';
import { findInToast } from '../../testing/storyToasts';
import { expect, fn, userEvent, within } from 'storybook/test';
import { fixtures } from '@hub/mocks';
import { THEME_STORAGE_KEY, darkTheme, lightTheme } from '../../theme';
import { SIGN_OUT_PATH, UserMenu } from './UserMenu';

const meta = {
  title: 'Screens/User menu',
  component: UserMenu,
  args: { user: fixtures.users.client, onSignOut: fn() },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;
const page = () => within(document.body);

async function open(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /Account menu/ }));
  return page().findByRole('menu');
}

export const ClientMenu: Story = {
  play: async ({ canvasElement, args }) => {
    const menu = within(await open(canvasElement));
    const { firstName, lastName, email } = fixtures.users.client;
    await expect(menu.getByText(`${firstName} ${lastName}`)).toBeVisible();
    await expect(menu.getByText(email)).toBeVisible();
    await expect(menu.getByText('Client')).toBeVisible();
    await expect(menu.queryByText('View Mode')).not.toBeInTheDocument();
    await userEvent.click(menu.getByRole('menuitem', { name: 'Sign Out' }));
    await expect(args.onSignOut).toHaveBeenCalledOnce();
  },
};

/** Sign Out without a handler: the browser posts a form to the logout endpoint (caught here, so the story stays). */
export const SignOutPostsToLogout: Story = {
  args: { onSignOut: undefined },
  play: async ({ canvasElement }) => {
    const submitted = new Promise<HTMLFormElement>((resolve) => {
      const catchSubmit = (event: SubmitEvent) => {
        event.preventDefault();
        resolve(event.target as HTMLFormElement);
      };
      canvasElement.ownerDocument.addEventListener('submit', catchSubmit, { capture: true, once: true });
    });
    const menu = within(await open(canvasElement));
    await userEvent.click(menu.getByRole('menuitem', { name: 'Sign Out' }));
    const form = await submitted;
    await expect(form.method).toBe('post');
    await expect(new URL(form.action).pathname).toBe(SIGN_OUT_PATH);
  },
};

export const AdminMenu: Story = {
  args: { user: fixtures.users.admin },
  play: async ({ canvasElement }) => {
    await expect(within(await open(canvasElement)).getByText('Admin')).toBeVisible();
  },
};

export const SuperUserMenu: Story = {
  args: { user: fixtures.users.superUser },
  play: async ({ canvasElement }) => {
    await expect(within(await open(canvasElement)).getByText('Super')).toBeVisible();
  },
};

export const ViewMode: Story = {
  args: { user: fixtures.impersonatedClient },
  play: async ({ canvasElement }) => {
    const menu = within(await open(canvasElement));
    await expect(menu.getByText('View Mode')).toBeVisible();
    await expect(menu.getByText('Client')).toBeVisible();
  },
};

export const NameFromEmailOnly: Story = {
  args: { user: fixtures.users.clientWithoutName },
  play: async ({ canvasElement }) => {
    const menu = within(await open(canvasElement));
    await expect(menu.getAllByText(fixtures.users.clientWithoutName.email).length).toBeGreaterThan(0);
  },
};

export const ProfileSettings: Story = {
  play: async ({ canvasElement }) => {
    const menu = within(await open(canvasElement));
    await userEvent.click(menu.getByRole('menuitem', { name: 'Profile Settings' }));
    const dialog = within(await page().findByRole('dialog', { name: 'Profile Settings' }));
    await expect(dialog.getByLabelText('First name')).toHaveValue(fixtures.users.client.firstName);
    await userEvent.clear(dialog.getByLabelText('Company'));
    await userEvent.type(dialog.getByLabelText('Company'), 'Cooper & Sons');
    await userEvent.click(dialog.getByRole('button', { name: 'Save Profile' }));
    await expect(await findInToast('Profile Updated')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Current password'), 'old secret');
    await userEvent.type(dialog.getByLabelText('New password'), 'new secret');
    await userEvent.click(dialog.getByRole('button', { name: 'Change Password' }));
    await expect(await findInToast('Password Changed')).toBeVisible();
  },
};

/** Light, Dark or System: applied to the page at once and remembered in this browser. */
export const ThemeSwitch: Story = {
  beforeEach: () => {
    const root = document.documentElement;
    const before = { className: root.className, theme: root.dataset.theme };
    window.localStorage.removeItem(THEME_STORAGE_KEY);
    // The story changes <html>: give the next story the page as it was.
    return () => {
      window.localStorage.removeItem(THEME_STORAGE_KEY);
      root.className = before.className;
      if (before.theme === undefined) delete root.dataset.theme;
      else root.dataset.theme = before.theme;
    };
  },
  play: async ({ canvasElement }) => {
    const menu = within(await open(canvasElement));
    const choices = within(menu.getByRole('group', { name: 'Theme' }));
    // Nothing chosen yet: the page follows the system setting.
    await expect(choices.getByRole('menuitemradio', { name: 'System' })).toBeChecked();
    await userEvent.click(choices.getByRole('menuitemradio', { name: 'Dark' }));
    await expect(choices.getByRole('menuitemradio', { name: 'Dark' })).toBeChecked();
    await expect(choices.getByRole('menuitemradio', { name: 'System' })).not.toBeChecked();
    await expect(document.documentElement).toHaveClass(darkTheme);
    await expect(document.documentElement).not.toHaveClass(lightTheme);
    await expect(document.documentElement.dataset.theme).toBe('dark');
    await expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    await userEvent.click(choices.getByRole('menuitemradio', { name: 'Light' }));
    await expect(document.documentElement).toHaveClass(lightTheme);
    await expect(document.documentElement).not.toHaveClass(darkTheme);
    await expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    // System: the test browser reports a light system setting.
    await userEvent.click(choices.getByRole('menuitemradio', { name: 'System' }));
    await expect(document.documentElement.dataset.theme).toBe('light');
    await expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('system');
  },
};
