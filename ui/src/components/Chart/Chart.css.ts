import { style, type StyleRule } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from '../../theme/vars.css';
import type { ChartKind, ChartTone } from './Chart.variants';

// Every colour is a theme token, so a chart follows light and dark with the rest of the page. Both
// series meet 3:1 against the card and a bar's track in both themes (WCAG 1.4.11; theme/contrast.test.ts):
// the brand's text colour (its solid fill is too dark on the dark theme's cards) and the field border.
const toneColors = {
  primary: vars.color.brand.text,
  comparison: vars.color.border.field,
} satisfies Record<ChartTone, string>;

// One column as wide as the chart's container: nothing inside (a long button's words) may widen it.
export const chart = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.small,
  minWidth: 0,
});

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

/** The CSV button's words wrap on a narrow screen rather than push past the card. */
export const csvButton = style({ whiteSpace: 'normal', maxWidth: '100%', textAlign: 'start' });

export const legend = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xsmall} ${vars.space.large}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
export const legendItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.xsmall,
  color: vars.color.text.secondary,
});

/** The key beside a series' name: a short line (dashed for the comparison) or a square, as the series is drawn. */
export const swatch = recipe({
  base: { display: 'inline-block', flexShrink: 0 },
  variants: {
    kind: {
      line: { width: '16px', height: 0, borderTopWidth: '3px', borderTopStyle: 'solid' },
      bar: { width: '12px', height: '12px', borderRadius: vars.radius.small },
    } satisfies Record<ChartKind, StyleRule>,
    tone: {
      primary: { borderColor: toneColors.primary, backgroundColor: toneColors.primary },
      comparison: { borderColor: toneColors.comparison, backgroundColor: toneColors.comparison },
    } satisfies Record<ChartTone, StyleRule>,
  },
  compoundVariants: [
    {
      variants: { kind: 'line', tone: 'comparison' },
      style: { borderTopStyle: 'dashed', backgroundColor: 'transparent' },
    },
    { variants: { kind: 'line', tone: 'primary' }, style: { backgroundColor: 'transparent' } },
  ],
  defaultVariants: { kind: 'line', tone: 'primary' },
});

/** The drawing's box: its height is set from the figures, so the page does not move when it arrives. */
export const plot = style({ position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden' });
export const svg = style({ display: 'block', overflow: 'visible' });

/** A drawn series: lines are stroked, bars and points filled. */
export const mark = recipe({
  variants: {
    kind: {
      line: { fill: 'none', strokeWidth: 2, strokeLinejoin: 'round', strokeLinecap: 'round' },
      bar: { stroke: 'none' },
    } satisfies Record<ChartKind, StyleRule>,
    tone: {
      primary: { stroke: toneColors.primary, fill: toneColors.primary },
      comparison: { stroke: toneColors.comparison, fill: toneColors.comparison },
    } satisfies Record<ChartTone, StyleRule>,
  },
  compoundVariants: [
    { variants: { kind: 'line', tone: 'primary' }, style: { fill: 'none' } },
    { variants: { kind: 'line', tone: 'comparison' }, style: { fill: 'none', strokeDasharray: '5 4' } },
    { variants: { kind: 'bar', tone: 'primary' }, style: { stroke: 'none' } },
    { variants: { kind: 'bar', tone: 'comparison' }, style: { stroke: 'none' } },
  ],
  defaultVariants: { kind: 'line', tone: 'primary' },
});
export type ChartMarkVariants = NonNullable<RecipeVariants<typeof mark>>;

export const point = recipe({
  variants: {
    tone: {
      primary: { fill: toneColors.primary },
      comparison: { fill: toneColors.comparison },
    } satisfies Record<ChartTone, StyleRule>,
  },
  defaultVariants: { tone: 'primary' },
});

// Words in the drawing keep the page's own size (12 px at the smallest), on a phone as on a desktop.
export const axisText = style({
  fill: vars.color.text.secondary,
  fontFamily: vars.font.family.body,
  fontSize: vars.font.size.xsmall,
  fontVariantNumeric: 'tabular-nums',
});
export const categoryText = style([axisText, { fill: vars.color.text.primary }]);
export const valueText = style([axisText, { fill: vars.color.text.primary, fontWeight: vars.font.weight.semibold }]);
export const gridLine = style({ stroke: vars.color.border.subtle, strokeWidth: 1 });
export const baseline = style({ stroke: vars.color.border.standard, strokeWidth: 1 });
export const track = style({ fill: vars.color.surface.sunken });

export const empty = style({
  display: 'grid',
  placeItems: 'center',
  height: '100%',
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});

export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
