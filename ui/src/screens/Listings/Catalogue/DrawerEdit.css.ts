import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const form = style({
  display: 'grid',
  gap: vars.space.medium,
  minWidth: 0,
});
export const channelRows = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
  gap: vars.space.small,
  minWidth: 0,
});
export const previewList = style({
  display: 'grid',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
  overflowWrap: 'anywhere',
});
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
});
export const batchLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
});
