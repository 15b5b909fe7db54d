import { style } from '@vanilla-extract/css';
import { vars } from '../../../theme';

export const stack = style({ display: 'grid', gap: vars.space.large });
export const inviteForm = style({
  display: 'flex',
  gap: vars.space.medium,
  alignItems: 'flex-end',
  flexWrap: 'wrap',
});
export const email = style({ flex: '1 1 240px', maxWidth: 420 });
export const role = style({ flex: '0 1 160px' });
export const nameCell = style({ display: 'grid', gap: vars.space.xxsmall });
export const secondary = style({ color: vars.color.text.secondary, fontSize: vars.font.size.small });
export const sectionTitle = style({ fontSize: vars.font.size.large, margin: `0 0 ${vars.space.medium}` });
export const actions = style({ display: 'flex', gap: vars.space.xsmall, justifyContent: 'flex-end', flexWrap: 'wrap' });
export const upsell = style({ display: 'grid', gap: vars.space.medium, justifyItems: 'start' });
/** A new API key, told once: whole, selectable, wrapping on a phone. */
export const secret = style({
  display: 'block',
  padding: vars.space.small,
  borderRadius: vars.radius.small,
  background: vars.color.surface.sunken,
  color: vars.color.text.primary,
  fontFamily: vars.font.family.mono,
  overflowWrap: 'anywhere',
  userSelect: 'all',
});
