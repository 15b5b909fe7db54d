import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';

/** A settings form reads best narrow: one label and its field per line. */
export const form = style({
  maxWidth: '32rem',
});

export const cards = style({ display: 'grid', gap: vars.space.large });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
});

export const textarea = style({
  width: '100%',
  maxWidth: '100%',
  minHeight: '6rem',
  resize: 'vertical',
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.border.field}`,
  background: vars.color.surface.raised,
  color: vars.color.text.primary,
  font: 'inherit',
  fontSize: vars.font.size.small,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical.solid },
  },
});

/** A credential: its label and state on one line, its field and remove button under them. */
export const credential = style({ display: 'grid', gap: vars.space.xsmall });
export const credentialHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
