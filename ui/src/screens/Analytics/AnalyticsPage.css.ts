import { globalStyle, style } from '@vanilla-extract/css';
import { mediaQuery, vars } from '../../theme';

export const controls = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: '1fr',
  alignItems: 'end',
  marginBottom: vars.space.large,
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

export const channelChoices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.medium,
  margin: `0 0 ${vars.space.large}`,
  padding: 0,
  border: 'none',
});
export const legend = style({
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.medium,
  color: vars.color.text.primary,
});
export const checkLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
  color: vars.color.text.primary,
});

export const figures = style({
  display: 'grid',
  gap: vars.space.medium,
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  margin: `0 0 ${vars.space.xlarge}`,
  '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const figure = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.xxsmall,
  padding: vars.space.medium,
  borderRadius: vars.radius.medium,
  background: vars.color.surface.raised,
  border: `1px solid ${vars.color.border.subtle}`,
});
export const figureName = style({ fontSize: vars.font.size.small, color: vars.color.text.secondary });
export const figureValue = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.text.primary,
  overflowWrap: 'anywhere',
});
export const figureChange = style({
  display: 'block',
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.regular,
  color: vars.color.text.secondary,
});

/** The charts: revenue by day across the page, orders by day and revenue by channel side by side on a desktop. */
export const charts = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: 'minmax(0, 1fr)',
  marginBottom: vars.space.large,
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
globalStyle(`${charts} > :first-child`, { '@media': { [mediaQuery.desktop]: { gridColumn: '1 / -1' } } });

export const tables = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: '1fr',
  '@media': { [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const numeric = style({ textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const muted = style({ color: vars.color.text.muted });
export const note = style({
  margin: `0 0 ${vars.space.medium}`,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
/** The profit tables: full width (seven figures a row do not fit half the page). */
// Its tables are wide (seven figures a row): a column that may shrink below them lets their frame scroll, not the page.
export const profit = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.large,
  marginTop: vars.space.large,
});
export const sectionTitle = style({ margin: 0, fontSize: vars.font.size.large });
export const footnotes = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  fontSize: vars.font.size.small,
  color: vars.color.text.secondary,
});
