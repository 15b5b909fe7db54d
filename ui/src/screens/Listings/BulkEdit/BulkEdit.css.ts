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
export const twoColumns = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
});
export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});
export const channelChoices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xsmall} ${vars.space.large}`,
});
/** An old value struck through beside its new one. */
export const before = style({ color: vars.color.text.secondary, textDecoration: 'line-through', whiteSpace: 'nowrap' });
export const arrow = style({ color: vars.color.text.secondary, padding: `0 ${vars.space.xxsmall}` });
export const after = style({ fontWeight: vars.font.weight.semibold, whiteSpace: 'nowrap' });
export const unchanged = style({ color: vars.color.text.secondary });
export const rowError = style({ color: vars.color.critical.text });
export const actions = style({ display: 'flex', gap: vars.space.small, flexWrap: 'wrap', justifyContent: 'flex-end' });
export const list = style({ margin: 0, paddingLeft: vars.space.large, fontSize: vars.font.size.small });
/**
 * The SKU column: a SKU breaks only where it must (not at every hyphen), the title below it. Narrow
 * enough that the four columns fit the dialog at every width, the status column included.
 */
export const skuCell = style({ minWidth: '8rem', width: '34%' });
export const sku = style({ fontWeight: vars.font.weight.medium, wordBreak: 'keep-all', overflowWrap: 'anywhere' });
/** A value's before and after: each on one line, the arrow between them the only place to wrap. */
export const valueCell = style({ whiteSpace: 'normal', minWidth: '5rem' });
