import { style } from '@vanilla-extract/css';
import { vars } from '../../theme';
import { fieldControl } from '../../shared/forms/fieldControl.css';

// The page: toolbar, filters, the list and its footer, one under another. `minmax(0, 1fr)` keeps a
// wide table from widening the page: it scrolls inside its own frame instead.
export const page = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.large });

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

export const selectionBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.brand.soft,
  color: vars.color.brand.text,
  fontSize: vars.font.size.small,
});

export const select = fieldControl;
export const textarea = style([
  fieldControl,
  { minHeight: '8rem', fontFamily: vars.font.family.mono, resize: 'vertical' },
]);

export const checkLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});

export const muted = style({ color: vars.color.text.muted });
export const mono = style({ fontFamily: vars.font.family.mono, overflowWrap: 'anywhere' });
export const link = style({
  color: vars.color.text.link,
  textDecoration: 'underline',
  selectors: {
    '&:hover': { color: vars.color.text.linkHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
export const badges = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall, alignItems: 'center' });
