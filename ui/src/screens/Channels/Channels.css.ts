import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { mediaQuery, vars } from '../../theme';

export const section = style({ display: 'grid', gap: vars.space.large, marginBottom: vars.space.xxlarge });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });

export const grid = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const connectGrid = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});

export const cardHead = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
export const badges = style({ display: 'flex', gap: vars.space.xsmall, flexWrap: 'wrap' });
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  margin: 0,
  fontSize: vars.font.size.small,
});
export const factName = style({ color: vars.color.text.secondary });
export const factValue = style({ margin: 0, color: vars.color.text.primary, overflowWrap: 'anywhere' });
// A channel's health: four counts side by side, two to a row on narrow cards.
export const health = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.small,
  margin: 0,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface.sunken,
});
export const stat = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xxsmall });
export const statName = style({ fontSize: vars.font.size.xsmall, color: vars.color.text.secondary });
export const statValue = recipe({
  base: {
    margin: 0,
    fontSize: vars.font.size.large,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
  },
  variants: {
    // Listings in error and refused values stand out when there are any; the number itself says so too.
    tone: { neutral: { color: vars.color.text.primary }, critical: { color: vars.color.critical.text } },
  },
  defaultVariants: { tone: 'neutral' },
});

// "Sync now": the run under way, and what the card says once it is over.
export const sync = style({ display: 'grid', gap: vars.space.xsmall });
export const syncHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.small,
  flexWrap: 'wrap',
});
export const syncSummary = style({
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
  // Empty, the live region stays in the accessibility tree but out of the flow (no gap in the card).
  selectors: { '&:empty': { position: 'absolute' } },
});
// A link inside an alert takes the alert's own text colour (its contrast is checked), underlined.
export const alertLink = style({
  color: 'inherit',
  fontWeight: vars.font.weight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
});

export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});
export const twoColumns = style({ display: 'grid', gap: vars.space.medium, gridTemplateColumns: '1fr 1fr' });
