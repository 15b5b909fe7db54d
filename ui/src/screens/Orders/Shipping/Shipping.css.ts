import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

// A dialog's body: one column that never grows wider than the dialog (its tables scroll inside).
export const body = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.medium });
export const orders = style({
  display: 'grid',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});
export const legend = style({
  padding: 0,
  marginBottom: vars.space.small,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
});
export const refusals = style({ margin: 0, paddingLeft: vars.space.large, display: 'grid', gap: vars.space.xsmall });
export const fileInput = style({
  font: 'inherit',
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
  maxWidth: '100%',
});
export const lineNumber = style({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
