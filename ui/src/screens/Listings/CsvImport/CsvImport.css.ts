import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const fileInput = style({ font: 'inherit', fontSize: vars.font.size.small, color: vars.color.text.primary });
export const lineNumber = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
export const channelPrices = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xsmall,
});
export const channelName = style({ fontWeight: vars.font.weight.semibold, color: vars.color.text.primary });
