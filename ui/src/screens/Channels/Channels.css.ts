import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const section = style({ display: 'grid', gap: vars.space.large, marginBottom: vars.space.xxlarge });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });

export const grid = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});

export const connectGrid = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const cardHead = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.small });
export const badges = style({ display: 'flex', gap: vars.space.xsmall, flexWrap: 'wrap' });
export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xsmall} ${vars.space.medium}`, margin: 0, fontSize: vars.font.size.small });
export const factName = style({ color: vars.color.text.secondary });
export const factValue = style({ margin: 0, color: vars.color.text.primary, overflowWrap: 'anywhere' });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap' });
export const checkboxRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.small, fontSize: vars.font.size.small, color: vars.color.text.primary });
export const twoColumns = style({ display: 'grid', gap: vars.space.medium, gridTemplateColumns: '1fr 1fr' });
export const select = style({
  width: '100%',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.field}`,
  background: vars.color.surface.raised,
  color: vars.color.text.primary,
  font: 'inherit',
});
