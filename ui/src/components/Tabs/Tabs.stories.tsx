import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { TextField } from '../Field/Field';
import { Stack } from '../Stack/Stack';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: { defaultValue: 'sign-in' },
  render: (args) => (
    <div style={{ maxWidth: 420 }}>
      <Tabs {...args}>
        <TabsList aria-label="Sign in or sign up">
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <Stack space="large">
            <TextField label="Email" type="email" autoComplete="email" required />
            <TextField label="Password" type="password" autoComplete="current-password" required />
            <Button type="submit" fullWidth>
              Sign In
            </Button>
          </Stack>
        </TabsContent>
        <TabsContent value="sign-up">
          <Stack space="large">
            <TextField label="First Name" autoComplete="given-name" />
            <TextField label="Last Name" autoComplete="family-name" />
            <Button type="submit" fullWidth>
              Create Account
            </Button>
          </Stack>
        </TabsContent>
      </Tabs>
    </div>
  ),
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignInSelected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel', { name: 'Sign In' })).toBeVisible();
  },
};

export const SwitchingToSignUp: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: 'Sign Up' }));
    await expect(canvas.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('button', { name: 'Create Account' })).toBeVisible();
  },
};

export const ArrowKeysMoveBetweenTabs: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('tab', { name: 'Sign In' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Sign Up' })).toHaveFocus();
    await expect(canvas.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  },
};
