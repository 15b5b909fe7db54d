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

export const chart = style({ width: '100%', height: 'auto', display: 'block' });
export const chartLabel = style({
  fill: vars.color.text.secondary,
  fontSize: '12px',
  fontFamily: vars.font.family.body,
});
export const chartValue = style({
  fill: vars.color.text.primary,
  fontSize: '12px',
  fontWeight: 600,
  fontFamily: vars.font.family.body,
});
export const chartBar = style({ fill: vars.color.brand.solid });
export const chartTrack = style({ fill: vars.color.surface.sunken });

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
