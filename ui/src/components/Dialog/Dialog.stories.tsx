import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './Dialog';

const meta = {
  title: 'Components/Dialog',
  component: DialogContent,
  args: {
    title: 'Impersonate Jane Cooper?',
    description: 'You will see the product exactly as Jane Cooper sees it until you exit impersonation.',
    onEscapeKeyDown: fn(),
  },
  render: (args) => (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">Impersonate</Button>
      </DialogTrigger>
      <DialogContent {...args}>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button>Start Impersonation</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ConfirmImpersonation: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Impersonate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Impersonate Jane Cooper?' });
    await expect(dialog).toHaveAccessibleDescription(/exactly as Jane Cooper sees it/);
    await expect(within(dialog).getByRole('button', { name: 'Start Impersonation' })).toBeVisible();
  },
};

export const EscapeClosesAndReturnsFocus: Story = {
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Impersonate' });
    await userEvent.click(trigger);
    await screen.findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onEscapeKeyDown).toHaveBeenCalled();
    await expect(trigger).toHaveFocus();
  },
};

export const CancelCloses: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Impersonate' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
