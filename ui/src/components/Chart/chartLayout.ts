import type { ChartKind } from './Chart.variants';

// The geometry both halves of the chart agree on: Chart.tsx reserves the drawing's height before the
// drawing code has loaded, ChartPlot.tsx draws in it.

export const LINE_CHART_HEIGHT = 220;
/** A bar row: the category's name, then a bar per series. */
export const BAR = { label: 18, thickness: 14, gap: 4, rowGap: 14 } as const;
/** The width measured before layout (tests without one) or when the frame is not yet measured. */
export const FALLBACK_WIDTH = 640;

export function plotHeight(kind: ChartKind, categories: number, series: number): number {
  if (kind === 'line') return LINE_CHART_HEIGHT;
  const row = BAR.label + series * BAR.thickness + (series - 1) * BAR.gap;
  return Math.max(1, categories) * row + Math.max(0, categories - 1) * BAR.rowGap;
}

/** About how wide a line of 12 px text is: enough to leave room for labels, not a measurement. */
export const textWidth = (text: string) => Math.ceil(text.length * 7.5);

/** At most `max` evenly spaced indexes of `count` (every n-th), always the first and the last. */
export function spreadIndexes(count: number, max: number): number[] {
  if (count <= 0) return [];
  if (count <= max) return Array.from({ length: count }, (_, i) => i);
  const step = Math.ceil((count - 1) / (Math.max(2, max) - 1));
  const picked: number[] = [];
  for (let i = 0; i < count - 1; i += step) picked.push(i);
  // The last always shows; the one before it gives way when the two would crowd each other.
  if (picked.length > 1 && count - 1 - picked.at(-1)! < step / 2) picked.pop();
  return [...picked, count - 1];
}
