import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion, AccordionItem } from './Accordion';

const faq = [
  {
    value: 'trial',
    question: 'What does the free trial include?',
    answer: 'The 7-day free trial needs no credit card and allows unlimited channels and up to 1,000 SKUs.',
  },
  {
    value: 'sync',
    question: 'How often does auto-sync run?',
    answer: 'Auto-sync runs every 3 minutes, keeping inventory and prices aligned across your channels.',
  },
  {
    value: 'main-channel',
    question: 'What is a main channel?',
    answer: 'The main channel is the source of truth; target channels receive its inventory and price updates.',
  },
];

const meta = {
  title: 'Components/Accordion',
  component: Accordion,
  render: (args) => (
    <Accordion {...args}>
      {faq.map(({ value, question, answer }) => (
        <AccordionItem key={value} value={value} title={question}>
          {answer}
        </AccordionItem>
      ))}
    </Accordion>
  ),
  args: { children: null },
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FrequentlyAskedQuestions: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const { question } of faq) {
      await expect(canvas.getByRole('button', { name: question })).toHaveAttribute('aria-expanded', 'false');
    }
  },
};

export const OneAnswerOpenAtATime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trial = canvas.getByRole('button', { name: 'What does the free trial include?' });
    const sync = canvas.getByRole('button', { name: 'How often does auto-sync run?' });
    await userEvent.click(trial);
    await expect(canvas.getByText(/up to 1,000 SKUs/)).toBeVisible();
    await userEvent.click(sync);
    await expect(sync).toHaveAttribute('aria-expanded', 'true');
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText(/every 3 minutes/)).toBeVisible();
  },
};

export const OpenAnswerCollapses: Story = {
  args: { defaultValue: 'trial' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trial = canvas.getByRole('button', { name: 'What does the free trial include?' });
    await expect(trial).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(trial);
    await expect(trial).toHaveAttribute('aria-expanded', 'false');
  },
};
