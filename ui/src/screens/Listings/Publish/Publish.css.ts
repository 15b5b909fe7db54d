import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const select = style({
  width: '100%',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.field}`,
  background: vars.color.surface.raised,
  color: vars.color.text.primary,
  font: 'inherit',
});
export const missing = style({ margin: 0, paddingLeft: vars.space.large, fontSize: vars.font.size.small });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
