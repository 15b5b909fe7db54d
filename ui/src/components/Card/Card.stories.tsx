import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Text } from '../Text/Text';
import { Card } from './Card';
import { cardPaddings, cardTones } from './Card.variants';

const meta = {
  title: 'Components/Card',
  component: Card,
  argTypes: {
    padding: { control: 'inline-radio', options: cardPaddings },
    tone: { control: 'inline-radio', options: cardTones },
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PageNotFound: Story = {
  args: {
    title: 'Page Not Found',
    titleLevel: 2,
    children: <Text tone="secondary">The page you are looking for does not exist.</Text>,
    footer: <Button href="/">Go to Dashboard</Button>,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Page Not Found' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  },
};

export const MostPopularPlan: Story = {
  args: {
    tone: 'brand',
    as: 'article',
    title: 'Growth',
    description: 'Up to 2,000 SKUs, 3 connections, real-time sync',
    actions: (
      <Badge tone="brand" emphasis="solid">
        Most Popular
      </Badge>
    ),
    children: (
      <Text size="large" weight="semibold">
        $49 / month
      </Text>
    ),
    footer: (
      <Button href="/auth" fullWidth>
        Start Free Trial
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Most Popular')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth');
  },
};

export const SupportOption: Story = {
  args: {
    title: 'Email Support',
    titleLevel: 3,
    description: 'Response within 24 hours',
    children: (
      <Button variant="secondary" href="mailto:support@example.com">
        Email Support
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Response within 24 hours')).toBeVisible();
  },
};
