import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const missing = style({ margin: 0, paddingLeft: vars.space.large, fontSize: vars.font.size.small });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
export const settings = style({
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.subtle}`,
});
/** A field and its button side by side (the button at the field's foot), wrapping on narrow screens. */
export const searchRow = style({ display: 'flex', gap: vars.space.small, alignItems: 'flex-end', flexWrap: 'wrap' });
globalStyle(`${searchRow} > :first-child`, { flex: '1 1 16rem' });
