import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { fieldControl } from '../../shared/forms/fieldControl.css';

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

export const textarea = style([fieldControl, { minHeight: '6rem', resize: 'vertical' }]);

/** A credential: its label and state on one line, its field and remove button under them. */
export const credential = style({ display: 'grid', gap: vars.space.xsmall });
export const credentialHead = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
