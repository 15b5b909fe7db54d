import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../../theme';

// Status and channel side by side; on wide screens they keep to the left, as narrow as a select needs.
export const filters = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  alignItems: 'end',
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 16rem))' } },
});
export const skus = style({ display: 'grid', gap: vars.space.xxsmall, margin: 0, padding: 0, listStyle: 'none' });
export const reason = style({ minWidth: '10rem', maxWidth: '18rem', overflowWrap: 'anywhere' });
