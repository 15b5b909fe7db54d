import { style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const section = style({ display: 'grid', gap: vars.space.medium, marginBottom: vars.space.xlarge, minWidth: 0 });

/** The filters: one column on a phone, three on a tablet, four on a desktop. */
export const filters = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'end',
  '@media': {
    [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
  },
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small, alignItems: 'center' });
export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  justifyContent: 'space-between',
  alignItems: 'center',
});

export const muted = style({ color: vars.color.text.muted, fontSize: vars.font.size.small });
export const mono = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
});
export const nowrap = style({ whiteSpace: 'nowrap' });
export const person = style({ display: 'grid', gap: vars.space.xxsmall, minWidth: '10rem' });
export const target = style({ minWidth: '10rem', overflowWrap: 'anywhere' });

export const paging = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  justifyContent: 'space-between',
  alignItems: 'center',
});

/** The entry's facts: label and value, two columns wide enough for both, one on a phone. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.small,
  margin: 0,
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: '9rem minmax(0, 1fr)' } },
});
export const factLabel = style({ color: vars.color.text.muted, fontSize: vars.font.size.small });
export const factValue = style({ margin: 0, overflowWrap: 'anywhere' });

export const diffTitle = style({
  margin: `${vars.space.large} 0 ${vars.space.small}`,
  fontSize: vars.font.size.standard,
});
export const changed = style({ background: vars.color.caution.soft });
export const diffValue = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  minWidth: '6rem',
});
/** A field's name: whole words, a column wide enough for most (a longer one scrolls within the table's frame). */
export const diffField = style({
  fontFamily: vars.font.family.mono,
  fontSize: vars.font.size.small,
  minWidth: '8rem',
  overflowWrap: 'break-word',
});
