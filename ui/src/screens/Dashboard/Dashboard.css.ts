import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const section = style({ display: 'grid', gap: vars.space.medium, marginBottom: vars.space.xxlarge });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });
export const alerts = style({ display: 'grid', gap: vars.space.small });
// A link inside an alert takes the alert's own text colour (its contrast is checked), underlined.
export const alertLink = style({
  color: 'inherit',
  fontWeight: vars.font.weight.semibold,
  textDecoration: 'underline',
  textUnderlineOffset: '3px',
});
/** The oversold SKUs and their orders: long order numbers wrap rather than widen a phone's screen. */
export const oversoldList = style({
  margin: `0 0 ${vars.space.small}`,
  paddingInlineStart: vars.space.large,
  display: 'grid',
  gap: vars.space.xsmall,
  overflowWrap: 'anywhere',
});
export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.medium,
  ':hover': { color: vars.color.text.linkHover },
});

export const figures = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: vars.space.medium,
  margin: 0,
});
export const stat = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xxsmall });
export const statName = style({ fontSize: vars.font.size.small, color: vars.color.text.secondary });
export const statValue = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  lineHeight: vars.font.lineHeight.tight,
});
export const statExtra = style({
  display: 'block',
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.regular,
  color: vars.color.text.secondary,
});

export const steps = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.medium });
export const step = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  flexWrap: 'wrap',
});
export const stepName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.text.primary,
});
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
