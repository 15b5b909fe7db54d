import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Chart } from './Chart';
import { chartKinds, chartTableDisplays } from './Chart.variants';

const dollars = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);
const shortDollars = (value: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact' }).format(value);

const days = ['15', '16', '17', '18', '19', '20', '21'].map((d) => ({ key: `2026-11-${d}`, label: `${d} Nov` }));

const meta = {
  title: 'Components/Chart',
  component: Chart,
  argTypes: {
    kind: { control: 'inline-radio', options: chartKinds },
    table: { control: 'inline-radio', options: chartTableDisplays },
  },
  args: {
    kind: 'line',
    title: 'Revenue by day, against the previous period',
    categoryLabel: 'Day',
    categories: days,
    series: [
      {
        key: 'current',
        label: 'This period',
        csvHeader: 'revenue_USD',
        tone: 'primary',
        values: [1210.4, 980, 0, 1544.75, 1302.1, 1120, 1284.5],
      },
      {
        key: 'previous',
        label: 'Previous period',
        csvHeader: 'previous_revenue_USD',
        tone: 'comparison',
        values: [1010, 1120.5, 870.2, 990, 1005.4, 880, 944],
      },
    ],
    formatValue: dollars,
    formatTick: shortDollars,
    formatCsv: (value: number) => value.toFixed(2),
    csv: { fileName: 'revenue-by-day.csv', label: 'revenue by day' },
  },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Waits for the drawing (its own chunk) and returns the values drawn for a series. */
async function drawn(canvasElement: HTMLElement, series: string) {
  let values: string[] = [];
  await waitFor(() => {
    values = [...canvasElement.querySelectorAll(`[data-series="${series}"] [data-value]`)].map(
      (mark) => mark.getAttribute('data-value') ?? '',
    );
    expect(values.length).toBeGreaterThan(0);
  });
  return values;
}

/** A week of revenue against the week before: two lines, their legend, and the same figures in a table. */
export const RevenueAgainstThePreviousPeriod: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await drawn(canvasElement, 'current')).toEqual([
      '1210.4',
      '980',
      '0',
      '1544.75',
      '1302.1',
      '1120',
      '1284.5',
    ]);
    await expect(await drawn(canvasElement, 'previous')).toHaveLength(7);
    const table = canvas.getByRole('table', { name: 'Revenue by day, against the previous period' });
    await expect(within(table).getAllByRole('row')).toHaveLength(8);
    await expect(within(table).getByRole('row', { name: /18 Nov/ })).toHaveTextContent('18 Nov$1,544.75$990.00');
    await expect(within(table).getByRole('columnheader', { name: 'Previous period' })).toBeInTheDocument();
    // The legend is for the eye; the table's headers say the same to a screen reader.
    await expect(canvasElement.querySelector('ul[aria-hidden="true"]')).toHaveTextContent('This periodPrevious period');
    await expect(canvas.getByRole('button', { name: 'Download revenue by day (CSV)' })).toBeVisible();
  },
};

/** Revenue by channel as bars, with its table on screen too. */
export const BarsByChannelWithTheTableShown: Story = {
  args: {
    kind: 'bar',
    title: 'Revenue by channel, last 30 days',
    categoryLabel: 'Channel',
    categories: [
      { key: 'Cooper Home (Shopify)', label: 'Shopify' },
      { key: 'Cooper Home (Amazon US)', label: 'Amazon' },
      { key: 'Cooper Home (Walmart)', label: 'Walmart' },
    ],
    series: [{ key: 'revenue', label: 'Revenue', tone: 'primary', values: [14210.4, 19880.35, 4030] }],
    table: 'visible',
    csv: { fileName: 'revenue-by-channel.csv', label: 'revenue by channel' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await drawn(canvasElement, 'revenue')).toEqual(['14210.4', '19880.35', '4030']);
    const table = canvas.getByRole('table', { name: 'Revenue by channel, last 30 days' });
    await expect(table).toBeVisible();
    await expect(within(table).getByRole('row', { name: /Amazon/ })).toHaveTextContent('$19,880.35');
    // One series needs no legend.
    await expect(canvasElement.querySelector('ul')).toBeNull();
  },
};

/** Nothing to chart: said in words, and the table is there with its headers only. */
export const NothingToChart: Story = {
  args: { categories: [], emptyText: 'No sales in this range.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No sales in this range.')).toBeVisible();
    await expect(canvasElement.querySelector('svg')).toBeNull();
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(1);
  },
};

/** On a phone the drawing takes the screen's width; its words keep their size (checked in the browser tests). */
export const OnAPhone: Story = {
  // A phone, as testing/storyViewports.ts's onAPhone (the design system imports no story helper).
  globals: { viewport: { value: '390-844', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expect(await drawn(canvasElement, 'current')).toHaveLength(7);
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('height', '220');
  },
};
