import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Shared/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Remove Mo?',
    description: 'They are signed out at once and their user is deleted. What they did stays in the audit log.',
    confirmLabel: 'Remove member',
    onConfirm: fn(),
    onCancel: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AsksBeforeRemoving: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mo?' });
    await expect(dialog).toHaveAccessibleDescription(/signed out at once/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const CancelAndEscapeGoBack: Story = {
  args: { cancelLabel: 'Keep member' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mo?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep member' }));
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(2);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const RemovalFailed: Story = {
  args: { failure: { title: 'Not removed', message: 'An account keeps at least one owner.' } },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mo?' });
    const alert = within(dialog).getByRole('alert');
    await expect(alert).toHaveTextContent('Not removed');
    await expect(alert).toHaveTextContent('An account keeps at least one owner.');
  },
};

export const RemovingSpins: Story = {
  args: { busy: true },
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Remove Mo?' });
    await expect(within(dialog).getByRole('button', { name: /Remove member/ })).toBeDisabled();
  },
};
