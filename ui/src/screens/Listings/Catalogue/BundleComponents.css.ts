import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const list = style({ display: 'grid', gap: vars.space.small, margin: 0, padding: 0, listStyle: 'none' });
export const item = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: vars.space.small,
  border: `1px solid ${vars.color.border.subtle}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
});
export const itemText = style({ display: 'grid', gap: vars.space.xxsmall, minWidth: 0, overflowWrap: 'anywhere' });
export const itemSku = style({ fontWeight: vars.font.weight.semibold });
export const itemFigures = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });
export const offer = style({ margin: 0, fontWeight: vars.font.weight.semibold });
export const addForm = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  alignItems: 'end',
  gap: vars.space.small,
  minWidth: 0,
});
