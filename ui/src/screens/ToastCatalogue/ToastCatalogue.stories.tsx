import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button, Stack, useToast } from '../../index';
import { toastCatalogue } from './toastCatalogue';

/** Raises each toast of the catalogue on demand, as the screens do. */
function Catalogue() {
  const { toast } = useToast();
  return (
    <Stack space="small">
      {toastCatalogue.map((entry, index) => (
        <Button key={index} size="small" variant="secondary" onClick={() => toast(entry)}>
          {`Show toast ${index + 1}: ${entry.title}`}
        </Button>
      ))}
    </Stack>
  );
}

const meta = {
  title: 'Screens/Toast catalogue',
  component: Catalogue,
} satisfies Meta<typeof Catalogue>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryToastOfTheCatalogue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const openToasts = () => [...document.body.querySelectorAll('li[data-state="open"]')];
    for (const [index, entry] of toastCatalogue.entries()) {
      await userEvent.click(canvas.getByRole('button', { name: `Show toast ${index + 1}: ${entry.title}` }));
      // One toast at a time: the new one replaces the last.
      await waitFor(() => expect(openToasts()).toHaveLength(1));
      const toast = within(openToasts()[0] as HTMLElement);
      await expect(toast.getByText(entry.title)).toBeVisible();
      if ('description' in entry) await expect(toast.getByText(entry.description)).toBeVisible();
    }
  },
};
