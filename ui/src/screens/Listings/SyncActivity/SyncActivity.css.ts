import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../../theme';

export const section = style({ display: 'grid', gap: vars.space.medium, marginBottom: vars.space.xxlarge });
export const sectionHead = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  flexWrap: 'wrap',
});
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });
export const channels = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});
export const counts = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.small,
  margin: 0,
});
export const count = style({ display: 'flex', flexDirection: 'column-reverse', gap: vars.space.xxsmall });
export const countName = style({ fontSize: vars.font.size.xsmall, color: vars.color.text.secondary });
export const countValue = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  lineHeight: vars.font.lineHeight.tight,
});
export const progress = style({ display: 'grid', gap: vars.space.xsmall, minWidth: '160px' });
export const message = style({ color: vars.color.critical.text, overflowWrap: 'anywhere' });
export const numeric = style({ textAlign: 'right', fontVariantNumeric: 'tabular-nums' });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });
export const checkbox = style({ width: '18px', height: '18px', accentColor: vars.color.brand.solid });
