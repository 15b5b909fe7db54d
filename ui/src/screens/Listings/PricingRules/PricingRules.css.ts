import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const fieldset = style({
  display: 'grid',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
});
/** Two fields side by side where there is room, one above the other on a phone. */
export const columns = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
});
export const select = style({
  width: '100%',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.field}`,
  background: vars.color.surface.raised,
  color: vars.color.text.primary,
  font: 'inherit',
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});
export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xsmall} ${vars.space.large}` });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const title = style({ margin: 0, fontSize: vars.font.size.large, fontWeight: vars.font.weight.semibold });
export const before = style({ color: vars.color.text.secondary, textDecoration: 'line-through', whiteSpace: 'nowrap' });
export const after = style({ fontWeight: vars.font.weight.semibold, whiteSpace: 'nowrap' });
export const list = style({ margin: 0, paddingLeft: vars.space.large, fontSize: vars.font.size.small });
/** A table as wide as its columns need, scrolled sideways on a phone rather than squeezed. */
export const scroll = style({ overflowX: 'auto', maxWidth: '100%' });
