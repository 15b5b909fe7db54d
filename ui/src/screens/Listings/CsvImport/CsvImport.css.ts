import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const fileInput = style({ font: 'inherit', fontSize: vars.font.size.small, color: vars.color.text.primary });
export const lineNumber = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
