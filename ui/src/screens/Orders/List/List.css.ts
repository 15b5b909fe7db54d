import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../../theme';

// Search across the width, then channel and status, then the dates, then "Late only"; in one row on wide screens.
export const filters = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  alignItems: 'end',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(4, minmax(0, 1fr)) auto' },
  },
});
export const wide = style({
  gridColumn: '1 / -1',
  '@media': { [mediaQuery.desktop]: { gridColumn: 'auto' } },
});
export const lateOnly = style({
  gridColumn: '1 / -1',
  paddingBottom: vars.space.small,
  '@media': { [mediaQuery.desktop]: { gridColumn: 'auto' } },
});

export const row = style({
  cursor: 'pointer',
  selectors: { '&[data-selected]': { backgroundColor: vars.color.brand.soft } },
});
export const checkCell = style({ width: '44px', paddingRight: 0 });
export const nowrap = style({ whiteSpace: 'nowrap' });
export const number = style({ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const stacked = style({ display: 'grid', gap: vars.space.xxsmall, minWidth: '8rem' });
export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.xsmall });

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  letterSpacing: 'inherit',
  textTransform: 'inherit',
  color: 'inherit',
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
export const orderButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  fontFamily: vars.font.family.mono,
  color: vars.color.text.link,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text.linkHover, textDecoration: 'underline' },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
