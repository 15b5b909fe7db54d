import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const section = style({ display: 'grid', gap: vars.space.medium, marginBottom: vars.space.xlarge });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small, alignItems: 'end' });

/** Spend, sales, ACoS, ROAS: two a row on a phone, four on a desktop. */
export const totals = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const totalValue = style({ fontSize: vars.font.size.xlarge, fontWeight: vars.font.weight.semibold });
export const totalLabel = style({ fontSize: vars.font.size.small, color: vars.color.text.muted });

export const accountRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
/** A button's label naming a channel may be long: it wraps on a phone instead of pushing the page sideways. */
export const wrappingLabel = style({ whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'center' });
export const connectForm = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  maxWidth: '28rem',
});
export const muted = style({ color: vars.color.text.muted, fontSize: vars.font.size.small });

export const budgetForm = style({ display: 'flex', gap: vars.space.xsmall, alignItems: 'center', minWidth: '12rem' });
export const budgetInput = style({ width: '6.5rem' });
export const rowActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall });
export const number = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const sku = style({ fontFamily: vars.font.family.mono, overflowWrap: 'anywhere' });

export const checkboxRow = style({ display: 'flex', gap: vars.space.small, alignItems: 'center' });
export const coverRow = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'auto minmax(0, 12rem)', alignItems: 'end' } },
});
