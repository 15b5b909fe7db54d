// Chart's allowed values, declared once: Chart.tsx types its props with them, Chart.css.ts keys its
// recipes by them and the stories list them. Apart from Chart.tsx, so the style file imports no component.

/** `line`: a value along ordered categories (days); `bar`: a horizontal bar per category (channels). */
export const chartKinds = ['line', 'bar'] as const;
/** `primary`: the figures in question; `comparison`: the ones they are measured against (the previous period). */
export const chartTones = ['primary', 'comparison'] as const;
/** Where the table of the chart's figures shows: for screen readers only, or on screen under the chart too. */
export const chartTableDisplays = ['screenReader', 'visible'] as const;

export type ChartKind = (typeof chartKinds)[number];
export type ChartTone = (typeof chartTones)[number];
export type ChartTableDisplay = (typeof chartTableDisplays)[number];
