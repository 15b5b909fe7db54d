import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../../theme';

export const body = style({ display: 'grid', gap: vars.space.large });

export const kind = style({
  display: 'grid',
  gap: vars.space.small,
  gridTemplateColumns: '1fr',
  margin: 0,
  padding: 0,
  border: 'none',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const kindName = style({
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});

export const kindNote = style({
  gridColumn: '1 / -1',
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
