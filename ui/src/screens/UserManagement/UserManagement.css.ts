import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

export const toolbar = style({
  display: 'flex',
  gap: vars.space.medium,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
  marginBottom: vars.space.large,
});
export const search = style({ flex: '1 1 260px', maxWidth: 420 });
export const pager = style({
  display: 'flex',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'flex-end',
  marginTop: vars.space.large,
});
export const nameCell = style({ display: 'grid', gap: vars.space.xxsmall });
export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });
export const filter = style({ flex: '1 1 150px', maxWidth: 200 });
export const actions = style({ display: 'flex', gap: vars.space.xsmall, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const badges = style({ display: 'flex', gap: vars.space.xsmall, flexWrap: 'wrap' });
export const dialogBody = style({ display: 'grid', gap: vars.space.medium });
