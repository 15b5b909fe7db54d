import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../../theme';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.medium });
export const item = style({
  display: 'grid',
  gap: vars.space.xsmall,
  paddingBottom: vars.space.medium,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
  overflowWrap: 'anywhere',
  selectors: { '&:last-child': { borderBottom: 'none', paddingBottom: 0 } },
});
export const itemTitle = style({ fontWeight: vars.font.weight.semibold, color: vars.color.text.primary });
export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.medium,
  ':hover': { color: vars.color.text.linkHover },
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});
export const accountFields = style({
  display: 'grid',
  gap: vars.space.medium,
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: '2fr 1fr' } },
});
export const choices = style({ border: 0, margin: 0, padding: 0, minWidth: 0 });
