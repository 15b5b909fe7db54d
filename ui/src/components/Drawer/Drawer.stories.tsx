import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Drawer, DrawerContent, DrawerTrigger } from './Drawer';

const meta = {
  title: 'Components/Drawer',
  component: DrawerContent,
  args: { title: 'MUG-BLUE-12', description: 'Blue stoneware mug, 12 oz' },
  render: (args) => (
    <Drawer>
      <DrawerTrigger asChild>
        <Button variant="secondary">Open details</Button>
      </DrawerTrigger>
      <DrawerContent {...args}>
        <p>Stock and prices on every channel.</p>
        <Button>Edit</Button>
      </DrawerContent>
    </Drawer>
  ),
} satisfies Meta<typeof DrawerContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndCloseWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Open details' });
    await userEvent.click(trigger);
    const drawer = await screen.findByRole('dialog', { name: 'MUG-BLUE-12' });
    await expect(drawer).toHaveAccessibleDescription('Blue stoneware mug, 12 oz');
    // Focus stays inside while it is open.
    await waitFor(() => expect(drawer.contains(document.activeElement)).toBe(true));
    await userEvent.tab();
    await userEvent.tab();
    await expect(drawer.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};
