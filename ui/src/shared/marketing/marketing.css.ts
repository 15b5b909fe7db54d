import { globalStyle, style, type StyleRule } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { focusRing } from '../../theme/utils.css';
import { mediaQuery } from '../../theme/tokens';
import { vars } from '../../theme/vars.css';
import type { GridColumns, SectionTone, TileTone } from './marketing.variants';

// Shared layout of the public pages: page shell, header, footer, sections, grids, links.

/** Height of the sticky headers; anchored sections scroll clear of it. */
export const headerHeight = '64px';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
  backgroundColor: vars.color.surface.canvas,
  color: vars.color.text.primary,
});

export const main = style({
  flex: 1,
  outline: 'none',
});

export const skipLink = style([
  focusRing,
  {
    position: 'absolute',
    top: vars.space.small,
    left: vars.space.small,
    zIndex: 20,
    padding: `${vars.space.small} ${vars.space.large}`,
    borderRadius: vars.radius.medium,
    backgroundColor: vars.color.surface.raised,
    color: vars.color.text.link,
    fontWeight: vars.font.weight.semibold,
    transform: 'translateY(-200%)',
    selectors: { '&:focus': { transform: 'none' } },
  },
]);

export const container = style({
  width: '100%',
  maxWidth: vars.layout.contentMaxWidth,
  marginInline: 'auto',
  paddingInline: vars.space.large,
  '@media': { [mediaQuery.tablet]: { paddingInline: vars.space.xlarge } },
});

export const narrowContainer = style([container, { maxWidth: '820px' }]);

// --- Header ----------------------------------------------------------------------------

export const siteHeader = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  backgroundColor: vars.color.surface.raised,
  borderBottom: `1px solid ${vars.color.border.subtle}`,
});

export const headerInner = style([
  container,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.medium,
    minHeight: headerHeight,
  },
]);

export const headerActions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
});

export const brand = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.small,
    borderRadius: vars.radius.medium,
    color: vars.color.text.primary,
    fontSize: vars.font.size.large,
    fontWeight: vars.font.weight.bold,
    letterSpacing: '-0.01em',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
  },
]);

export const brandMark = style({ color: vars.color.brand.solid, flexShrink: 0 });

/** The product name, hidden on phones but still read out (as visuallyHidden). */
export const brandNameCompact = style({
  '@media': {
    [mediaQuery.belowTablet]: {
      position: 'absolute',
      width: '1px',
      height: '1px',
      padding: 0,
      margin: '-1px',
      overflow: 'hidden',
      clip: 'rect(0, 0, 0, 0)',
      whiteSpace: 'nowrap',
      border: 0,
    },
  },
});

// --- Links -----------------------------------------------------------------------------

export const textLink = style([
  focusRing,
  {
    color: vars.color.text.link,
    textDecoration: 'underline',
    textUnderlineOffset: '3px',
    borderRadius: vars.radius.small,
    selectors: { '&:hover': { color: vars.color.text.linkHover } },
  },
]);

/** A quiet link in navigation and footers: underlined on hover only. */
export const quietLink = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xsmall,
    color: vars.color.text.secondary,
    fontSize: vars.font.size.small,
    fontWeight: vars.font.weight.medium,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    borderRadius: vars.radius.small,
    selectors: {
      '&:hover': { color: vars.color.text.primary, textDecoration: 'underline', textUnderlineOffset: '3px' },
    },
  },
]);

// --- Sections --------------------------------------------------------------------------

const sectionTonesStyle = {
  plain: { backgroundColor: vars.color.surface.canvas },
  tinted: { backgroundColor: vars.color.brand.soft },
  raised: { backgroundColor: vars.color.surface.raised },
} satisfies Record<SectionTone, StyleRule>;

export const section = recipe({
  base: {
    paddingBlock: vars.space.xxxlarge,
    // Anchored sections stop below the sticky header, not under it.
    scrollMarginTop: headerHeight,
    '@media': { [mediaQuery.desktop]: { paddingBlock: '80px' } },
  },
  variants: { tone: sectionTonesStyle },
  defaultVariants: { tone: 'plain' },
});

export const sectionHeader = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.medium,
  maxWidth: '720px',
  marginInline: 'auto',
  marginBottom: vars.space.xxlarge,
  textAlign: 'center',
});

export const eyebrow = style({
  margin: 0,
  color: vars.color.brand.text,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
});

export const sectionTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxlarge,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  letterSpacing: '-0.02em',
  '@media': { [mediaQuery.tablet]: { fontSize: vars.font.size.display } },
});

export const pageTitle = style({
  margin: 0,
  fontSize: vars.font.size.xxxlarge,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  letterSpacing: '-0.02em',
  '@media': { [mediaQuery.tablet]: { fontSize: '2.75rem' } },
});

export const lead = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.large,
  lineHeight: vars.font.lineHeight.relaxed,
});

export const body = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.standard,
  lineHeight: vars.font.lineHeight.relaxed,
});

export const cardText = style({
  margin: 0,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.relaxed,
});

// --- Grids and lists -------------------------------------------------------------------

const columnStyles = {
  two: { '@media': { [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } },
  three: {
    '@media': {
      [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
    },
  },
  four: {
    '@media': {
      [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      [mediaQuery.desktop]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
    },
  },
} satisfies Record<GridColumns, StyleRule>;

/** A list of cards: one column on phones, more from the tablet breakpoint up. */
export const grid = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: vars.space.xlarge,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  variants: { columns: columnStyles },
  defaultVariants: { columns: 'three' },
});

/** Grid items stretch their card to the row's height. */
export const gridItem = style({ display: 'flex', flexDirection: 'column' });
globalStyle(`${gridItem} > *`, { flex: 1 });

export const checkList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const checkItem = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  color: vars.color.text.secondary,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.standard,
});

export const checkMark = style({
  flexShrink: 0,
  marginTop: '2px',
  color: vars.color.positive.text,
});

const tileTonesStyle = {
  brand: { backgroundColor: vars.color.brand.soft, color: vars.color.brand.text },
  positive: { backgroundColor: vars.color.positive.soft, color: vars.color.positive.text },
  info: { backgroundColor: vars.color.info.soft, color: vars.color.info.text },
} satisfies Record<TileTone, StyleRule>;

/** The square behind a card's icon. */
export const iconTile = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    width: '40px',
    height: '40px',
    borderRadius: vars.radius.large,
  },
  variants: { tone: tileTonesStyle },
  defaultVariants: { tone: 'brand' },
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
});

export const centredActions = style([actions, { justifyContent: 'center' }]);

// --- Footer ----------------------------------------------------------------------------

export const footer = style({
  backgroundColor: vars.color.surface.navigation,
  color: vars.color.text.navigation,
  paddingBlock: vars.space.xxxlarge,
});

export const footerGrid = style([
  container,
  {
    display: 'grid',
    gap: vars.space.xxlarge,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media': {
      [mediaQuery.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
      [mediaQuery.desktop]: { gridTemplateColumns: '2fr repeat(3, minmax(0, 1fr))' },
    },
  },
]);

export const footerBrand = style([brand, { color: vars.color.text.navigationActive }]);

export const footerText = style({
  margin: 0,
  marginTop: vars.space.medium,
  maxWidth: '320px',
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.relaxed,
});

export const footerHeading = style({
  margin: 0,
  marginBottom: vars.space.medium,
  color: vars.color.text.navigationActive,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
});

export const footerList = style([checkList, { gap: vars.space.small }]);

export const footerLink = style([
  focusRing,
  {
    color: vars.color.text.navigation,
    fontSize: vars.font.size.small,
    textDecoration: 'none',
    borderRadius: vars.radius.small,
    selectors: {
      '&:hover': { color: vars.color.text.navigationActive, textDecoration: 'underline', textUnderlineOffset: '3px' },
      // The theme's ring colour is tuned for light surfaces; the footer is always dark.
      '&:focus-visible': { outlineColor: vars.color.text.navigationActive },
    },
  },
]);

export const footerBottom = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    gap: vars.space.medium,
    marginTop: vars.space.xxlarge,
    paddingTop: vars.space.xlarge,
    borderTop: `1px solid ${vars.color.surface.navigationHover}`,
    fontSize: vars.font.size.small,
  },
]);
