import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';
import { fieldControl } from '../../shared/forms/fieldControl.css';

export const section = style({ display: 'grid', gap: vars.space.medium, marginBottom: vars.space.xlarge });
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large, color: vars.color.text.primary });

/** The counts: errors, warnings, then one card per channel; two a row on a phone, all in a row on a desktop. */
export const counts = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))' } },
});
/** A count is a button: it filters the list to what it counts. */
export const count = style({
  all: 'unset',
  boxSizing: 'border-box',
  width: '100%',
  cursor: 'pointer',
  display: 'grid',
  gap: vars.space.xxsmall,
  borderRadius: vars.radius.medium,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' } },
});
export const countValue = style({ fontSize: vars.font.size.xlarge, fontWeight: vars.font.weight.semibold });
export const countLabel = style({
  fontSize: vars.font.size.small,
  color: vars.color.text.muted,
  overflowWrap: 'anywhere',
});

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  justifyContent: 'space-between',
  alignItems: 'end',
});
export const filters = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

export const textarea = style([fieldControl, { minHeight: '10rem', resize: 'vertical' }]);

export const issueText = style({ minWidth: '14rem', overflowWrap: 'anywhere' });
export const sku = style({ fontFamily: vars.font.family.mono, overflowWrap: 'anywhere' });
export const link = style({
  color: vars.color.text.link,
  fontWeight: vars.font.weight.medium,
  ':hover': { color: vars.color.text.linkHover },
});
export const muted = style({ color: vars.color.text.muted, fontSize: vars.font.size.small });
export const paging = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  alignItems: 'center',
  justifyContent: 'space-between',
});
